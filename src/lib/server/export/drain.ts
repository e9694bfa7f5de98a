// Back-pressure from the visitor's socket to the export: Astro's Node adapter writes a streamed body without waiting
// for the socket to drain, so a slow download would pile the file up in memory. The site server (../site-server.ts)
// runs each request with its Node response in this AsyncLocalStorage (on a global symbol, shared by the server's and
// the build's module graphs); the export waits for it to drain before it reads the next page.
import { AsyncLocalStorage } from 'node:async_hooks';

/** What the export needs of a Node response. */
export interface ResponseSink {
  readonly writableNeedDrain: boolean;
  readonly destroyed: boolean;
  once(event: 'drain' | 'close', listener: () => void): unknown;
  off(event: 'drain' | 'close', listener: () => void): unknown;
}

const SINKS = Symbol.for('sto.site.responseSinks');

/** The request's Node response, set by the site server around Astro's handler. */
export function responseSinks(): AsyncLocalStorage<ResponseSink> {
  const holder = globalThis as { [SINKS]?: AsyncLocalStorage<ResponseSink> };
  return (holder[SINKS] ??= new AsyncLocalStorage<ResponseSink>());
}

/** A wait for the current response's socket buffer to empty (at once when it is not full); undefined outside the site server. */
export function drainWaiter(sink: ResponseSink | undefined = responseSinks().getStore()): (() => Promise<void>) | undefined {
  if (!sink) return undefined;
  return () => {
    if (!sink.writableNeedDrain || sink.destroyed) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = (): void => {
        sink.off('drain', done);
        sink.off('close', done);
        resolve();
      };
      sink.once('drain', done);
      sink.once('close', done);
    });
  };
}
