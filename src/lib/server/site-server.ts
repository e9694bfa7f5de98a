// The site's HTTP server: Astro's Node handler (pages rendered per request, compressed by the site's middleware)
// behind a static layer that sends the build's precompressed files (.br, .gz written by the precompress
// integration) as the browser accepts them. Run with HOST and PORT like Astro's standalone server:
// `node src/lib/server/site-server.ts`. HTTP_COMPRESSION=0 sends everything uncompressed (a proxy in front compresses).
// Observability: GET /metrics (Prometheus, behind METRICS_TOKEN or INDEXER_ADMIN_TOKEN when set), one log
// line per answered request, and each request's id (X-Request-Id) kept for everything its handling does.
import { createReadStream, readdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { negotiateEncoding, type Encoding } from '../../../common/encoding.ts';
import { etagMatches } from '../../../common/etag.ts';
import { readConfig } from './config.ts';
import { installSiteSettings, siteSettings, siteSettingsFromProcess, type SiteSettings } from './settings.ts';
import { reportProblems } from '../../../common/settings.ts';
import { baseSecurityHeaders, contentSecurityPolicy, servedOverHttps } from './security-headers.ts';
import { KEPT_PAGE_LOOKUP, requestPageKeys, type KeptPageLookup, type PageKey } from './render-cache.ts';
import { responseSinks } from './export/drain.ts';
import { logRequest, REQUEST_ID_HEADER, requestIdOf, type Logger } from '../../../common/log.ts';
import { serveMetrics } from '../../../common/metrics.ts';
import { metricsToken, siteMetrics, siteRouteLabel, type SiteMetrics } from './metrics.ts';
import { requestContexts, siteLogger, type RequestContext } from './request-context.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const CLIENT_DIR = join(root, 'dist', 'client');
const ENTRY = join(root, 'dist', 'server', 'entry.mjs');
// The pages' own CSS reads the built scripts from here (src/lib/server/page-css.ts).
process.env['SITE_CLIENT_DIR'] ??= CLIENT_DIR;
// React's production build for the islands rendered on the server: without it React runs its development checks
// (key and prop validation) on every render, a fifth of a cache miss's time in a profile.
process.env['NODE_ENV'] ??= 'production';

/**
 * The build's files, listed once: a rendered page's path (/blocks/7) is then known not to be a file without a
 * stat call per request (two, with the security headers' look-up). A build replaces dist/ and restarts the server.
 */
const BUILT_FILES = listFiles(CLIENT_DIR);

function listFiles(dir: string): Set<string> {
  try {
    return new Set(readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)));
  } catch {
    return new Set();
  }
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
};

const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

function fileStat(path: string): Stats | null {
  if (!BUILT_FILES.has(path)) return null;
  try {
    const st = statSync(path);
    return st.isFile() ? st : null;
  } catch {
    return null;
  }
}

/** The built file a request path names (a prerendered page's index.html for a directory), or null. */
function builtFile(urlPath: string): { path: string; stat: Stats } | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const path = normalize(join(CLIENT_DIR, decoded));
  if (path !== CLIENT_DIR && !path.startsWith(CLIENT_DIR + sep)) return null;
  if (extname(path) === '') {
    const index = join(path, 'index.html');
    const stat = fileStat(index);
    return stat ? { path: index, stat } : null;
  }
  const stat = fileStat(path);
  return stat ? { path, stat } : null;
}

/**
 * Sends a built file that has precompressed copies, in the encoding the browser prefers (as it is when it accepts
 * neither); false when the request is not for such a file (Astro's handler then answers it).
 */
export function servePrecompressed(req: IncomingMessage, res: ServerResponse, enabled = siteSettings().HTTP_COMPRESSION): boolean {
  if (!enabled || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  const urlPath = (req.url ?? '/').split('?')[0] ?? '/';
  const file = builtFile(urlPath);
  if (!file) return false;
  const type = TYPES[extname(file.path)];
  if (!type) return false;
  // Only files the build compressed are served here (with Vary, in every encoding); others go to Astro's handler.
  const variants: Record<Encoding, Stats | null> = { br: fileStat(file.path + SUFFIX.br), gzip: fileStat(file.path + SUFFIX.gzip) };
  if (!variants.br && !variants.gzip) return false;
  const accepted = negotiateEncoding(req.headers['accept-encoding']);
  const packed = accepted ? variants[accepted] : null;
  const encoding = packed ? accepted : null;
  const etag = `W/"${file.stat.size.toString(36)}-${Math.floor(file.stat.mtimeMs).toString(36)}"`;
  const headers: Record<string, string | number> = {
    'content-type': type,
    vary: 'Accept-Encoding',
    etag,
    'last-modified': file.stat.mtime.toUTCString(),
    // Hashed build assets never change; anything else is checked again each time (its ETag makes that a 304).
    'cache-control': urlPath.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
  };
  if (etagMatches(req.headers['if-none-match'], etag)) {
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  const sent = encoding ? file.path + SUFFIX[encoding] : file.path;
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-length'] = (packed ?? file.stat).size;
  res.writeHead(200, headers);
  if (req.method === 'HEAD') res.end();
  else createReadStream(sent).pipe(res);
  return true;
}

const policies = new Map<string, { mtimeMs: number; policy: string }>();

/** The Content-Security-Policy of a built page (a prerendered legal page), read from its file once per version. */
function builtPagePolicy(path: string, stat: Stats): string {
  const kept = policies.get(path);
  if (kept && kept.mtimeMs === stat.mtimeMs) return kept.policy;
  const policy = contentSecurityPolicy(readFileSync(path, 'utf8'), { publicIndexerUrl: readConfig().publicIndexerUrl });
  policies.set(path, { mtimeMs: stat.mtimeMs, policy });
  return policy;
}

/**
 * Sets the headers every answer carries (src/lib/server/security-headers.ts), and a prerendered page's policy (the
 * site's middleware does not see the files sent from the build, by this server or by Astro's handler).
 */
export function setSecurityHeaders(req: IncomingMessage, res: ServerResponse): void {
  const https = servedOverHttps('http', { get: (name) => headerValue(req.headers[name]) }, req.socket.remoteAddress ?? '');
  for (const [name, value] of Object.entries(baseSecurityHeaders(https))) res.setHeader(name, value);
  if (req.method !== 'GET' && req.method !== 'HEAD') return;
  const file = builtFile((req.url ?? '/').split('?')[0] ?? '/');
  if (file && extname(file.path) === '.html') res.setHeader('content-security-policy', builtPagePolicy(file.path, file.stat));
}

function headerValue(value: string | string[] | undefined): string | null {
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Answers a GET from the render cache (src/lib/server/render-cache.ts) when the page is kept there: the built
 * middleware leaves its look-up on a global symbol once it is loaded, and a hit is then written here as a static file
 * would be, without Astro's request handling (routing, a Request and Response per middleware layer). When the page is
 * not kept, the page's key (null when the middleware is not loaded yet, or the request is not a GET of a path):
 * Astro's handler renders the page and keeps it under that key.
 */
export async function serveKeptPage(req: IncomingMessage, res: ServerResponse): Promise<{ served: boolean; key: PageKey | null; route?: string | null }> {
  const lookup = (globalThis as { [KEPT_PAGE_LOOKUP]?: KeptPageLookup })[KEPT_PAGE_LOOKUP];
  // A path only ('//host/…' would be read as another origin's URL, whose path could name another page).
  if (!lookup || req.method !== 'GET' || !req.url?.startsWith('/') || req.url.startsWith('//')) return { served: false, key: null };
  let found;
  try {
    found = await lookup(req.url, req.headers.cookie, { acceptEncoding: headerValue(req.headers['accept-encoding']), ifNoneMatch: headerValue(req.headers['if-none-match']) });
  } catch {
    return { served: false, key: null };
  }
  const { answer, key } = found;
  if (!answer) return { served: false, key };
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  res.writeHead(answer.status);
  res.end(answer.body ?? undefined);
  return { served: true, key, route: found.route ?? null };
}

/** Who answered a request, for its route label: this server (a built file, a kept page, the scrape) or Astro (null). */
type AnsweredBy = 'static' | 'cached' | 'metrics' | null;

/** What the request listener needs besides Astro's handler; the process's own series and logger by default. */
export interface SiteListenerOptions {
  /** Whether built files are sent precompressed (HTTP_COMPRESSION). */
  compression?: boolean;
  /** The bearer token /metrics asks for (metricsToken()), or null for an open /metrics. */
  metricsToken?: string | null;
  metrics?: SiteMetrics;
  logger?: Logger;
}

/**
 * The site's request listener around Astro's Node handler: GET /metrics first (never cached, never rendered), then
 * the build's precompressed files, then the render cache's kept pages, then Astro. Every request gets its id (its
 * X-Request-Id when well formed, else a new one), echoed in the answer's X-Request-Id and kept in requestContexts() for
 * the whole handling (the indexer client sends it on), and when its answer ends, one count and latency under its route
 * label (siteRouteLabel) and one log line.
 */
export function siteRequestListener(handler: NodeHandler, options: SiteListenerOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const enabled = options.compression ?? siteSettings().HTTP_COMPRESSION;
  const token = options.metricsToken === undefined ? metricsToken() : options.metricsToken;
  const metrics = options.metrics ?? siteMetrics();
  const logger = options.logger ?? siteLogger();
  return (req, res) => {
    const started = performance.now();
    const context: RequestContext = { reqId: requestIdOf(req.headers[REQUEST_ID_HEADER]), route: null, error: undefined };
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    let answeredBy: AnsweredBy = null;
    res.setHeader(REQUEST_ID_HEADER, context.reqId);
    res.once('close', () => {
      const ms = performance.now() - started;
      const status = res.statusCode;
      // A file Astro's handler sent from the build (one without precompressed copies) matched no route of its own; a
      // 404 (every unknown path a scanner tries) is not looked up.
      const by = answeredBy ?? (context.route === null && status < 400 && builtFile(path) ? 'static' : null);
      const route = siteRouteLabel({ pattern: context.route, kind: by });
      metrics.http.observe(route, req.method, status, ms / 1000);
      const line = { reqId: context.reqId, method: req.method, route, url: path, status, ms: Math.round(ms * 10) / 10, ...(res.writableFinished ? {} : { aborted: true }) };
      logRequest(logger, line, context.error);
    });
    requestContexts().run(context, () => {
      setSecurityHeaders(req, res);
      if (path === '/metrics') {
        answeredBy = 'metrics';
        serveMetrics(metrics.registry, req, res, token).catch((error: unknown) => {
          context.error = error;
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          res.end();
        });
        return;
      }
      if (servePrecompressed(req, res, enabled)) {
        answeredBy = 'static';
        return;
      }
      void serveKeptPage(req, res).then(({ served, key, route }) => {
        if (served) {
          answeredBy = 'cached';
          context.route = route ?? null;
          return;
        }
        // The response, for the CSV export's back-pressure (src/lib/server/export/drain.ts).
        responseSinks().run(res, () => {
          if (key) requestPageKeys().run(key, () => handler(req, res));
          else handler(req, res);
        });
      });
    });
  };
}

/** Starts the server on the settings' HOST:PORT (defaults 127.0.0.1:4321). */
export async function startSiteServer(settings: SiteSettings = siteSettings()): Promise<Server> {
  // The built entry starts its own standalone server unless told not to; this one serves its handler instead.
  process.env['ASTRO_NODE_AUTOSTART'] = 'disabled';
  const { handler } = (await import(pathToFileURL(ENTRY).href)) as { handler: NodeHandler };
  const server = createServer(siteRequestListener(handler, { compression: settings.HTTP_COMPRESSION, metricsToken: metricsToken(settings) }));
  server.keepAliveTimeout = 65_000;
  const host = settings.HOST;
  const port = settings.PORT;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // The settings first, parsed once: a bad value refuses the start (exit 1, every problem listed) before anything
  // listens. Installed, they are what the built pages read too (siteSettings()).
  const { drainServer, exitOnSignals } = await import('../../../common/shutdown.ts');
  const parsed = siteSettingsFromProcess();
  if (!parsed.ok) {
    reportProblems('site', parsed.problems);
    process.exit(1);
  }
  installSiteSettings(parsed.settings);
  const drainMs = parsed.settings.SHUTDOWN_TIMEOUT_MS;
  const server = await startSiteServer(parsed.settings);
  const { siteLogger } = await import('./request-context.ts');
  const logger = siteLogger();
  const address = server.address();
  if (address && typeof address === 'object') {
    logger.info(`site: listening on http://${address.address}:${address.port}`);
    // A parent that started this server with an IPC channel (startSite in scripts/site.ts, with PORT=0) learns the port
    // the system gave it: a port picked beforehand and passed in could be taken by another process in between.
    process.send?.({ listening: address.port });
  }
  // SIGTERM/SIGINT: stop accepting, let the pages in flight finish (SHUTDOWN_TIMEOUT_MS), exit 0; twice: at once.
  exitOnSignals({
    stop: async () => {
      const { cut } = await drainServer(server, drainMs);
      if (cut > 0) logger.warn({ cut, timeoutMs: drainMs }, `site: ${cut} connection(s) still busy after ${drainMs} ms (SHUTDOWN_TIMEOUT_MS) were cut`);
    },
    log: (level, message) => logger[level](`site: ${message}`),
  });
}
