// What the site server knows of the request it is answering, for everything that runs while it answers:
// its id (X-Request-Id, sent on to the indexer) and the route Astro matched (the `route` label of its metrics and log
// line). site-server.ts runs each request's handling inside requestContexts().run(); the built bundle's
// middleware and indexer client read the same store, kept on a global symbol because the server and the bundle are
// separate module graphs (as drain.ts and render-cache.ts keep theirs). One logger per process, shared the same way.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createLogger, type Logger } from '../../../common/log.ts';
import { siteSettings } from './settings.ts';

/** One request being answered by the site server. */
export interface RequestContext {
  /** The request's id: its X-Request-Id when well formed, else a new one (requestIdOf in common/log.ts). */
  readonly reqId: string;
  /** Astro's route pattern of the page that answered (`/blocks/[n]`), set by the middleware; null until then. */
  route: string | null;
  /** An exception thrown while rendering, for the request's log line. */
  error: unknown;
}

const CONTEXTS = Symbol.for('sto-explorer.request-contexts');
const LOGGER = Symbol.for('sto-explorer.site-logger');

/** The store of the request being answered (undefined outside a request: a background read). */
export function requestContexts(): AsyncLocalStorage<RequestContext> {
  const holder = globalThis as { [CONTEXTS]?: AsyncLocalStorage<RequestContext> };
  return (holder[CONTEXTS] ??= new AsyncLocalStorage<RequestContext>());
}

/** The id of the request being answered, or null outside one. */
export function currentRequestId(): string | null {
  return requestContexts().getStore()?.reqId ?? null;
}

/** The site server's logger (`createLogger('site')`, the settings' LOG_LEVEL and LOG_FORMAT), made once per process. */
export function siteLogger(): Logger {
  const holder = globalThis as { [LOGGER]?: Logger };
  if (holder[LOGGER]) return holder[LOGGER];
  const settings = siteSettings();
  return (holder[LOGGER] = createLogger('site', { level: settings.LOG_LEVEL, format: settings.LOG_FORMAT }));
}
