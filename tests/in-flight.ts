import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { createInterface } from 'node:readline';

// Requests in flight and processes' output, for the graceful-shutdown tests of both servers (a Vitest file for the
// indexer and common/shutdown.ts, a Playwright file for the site): raw sockets, where a client library would hide
// when the server has a request and when it closes.

/** Everything a socket receives until it closes, and a wait for a marker in it. */
export interface Received {
  text: () => string;
  closed: Promise<void>;
  upTo: (marker: string) => Promise<void>;
}

/** Collects what a socket receives (its errors are the test's to see in what arrived, not thrown). */
export function received(socket: Socket): Received {
  let text = '';
  const waiters: { marker: string; resolve: () => void }[] = [];
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    text += chunk;
    for (const w of waiters.filter((w) => text.includes(w.marker))) w.resolve();
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { text: () => text, closed, upTo: (marker) => (text.includes(marker) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ marker, resolve }))) };
}

/**
 * A POST in flight: its headers (with `Expect: 100-continue`, so the server's `100 Continue` proves it has the
 * request) and half its body are sent; `finish` sends the rest.
 */
export async function postInFlight(
  url: string,
  path: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ finish: () => void; answer: Received }> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const answer = received(socket);
  const lines = Object.entries({ Host: new URL(url).host, ...headers, 'Content-Length': String(body.length), Expect: '100-continue', Connection: 'close' });
  socket.write(`POST ${path} HTTP/1.1\r\n${lines.map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`);
  await answer.upTo('100 Continue');
  const half = Math.floor(body.length / 2);
  socket.write(body.slice(0, half));
  return { finish: () => socket.write(body.slice(half)), answer };
}

/** Whether a new TCP connection to the URL's port is refused. */
export function refused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** A child's output, both streams line by line as they come (each also handed to onLine), and its exit code. */
export function captureOutput(child: ChildProcessWithoutNullStreams, onLine: (line: string) => void = () => {}): { lines: string[]; exit: Promise<number | null> } {
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      lines.push(line);
      onLine(line);
    });
  }
  return { lines, exit: new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code))) };
}
