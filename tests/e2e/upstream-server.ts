import { readdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fixtureJson, fixtureText, upstreamFixturesDir } from '../upstream-fixtures.ts';

// The chain operator's own indexer: a server that answers with the responses recorded from it
// (shared/fixtures/upstream-indexer, INDEX.md names each file's path and status), so the built site can be read
// against that indexer's shapes. What was not recorded is a 404 {error}, as that indexer answers unknown ids.
//
// A recorded file is named after its request: the path's '/' as '_', every address or hash shortened to 0x and its
// first 8 digits, the query after '__' with '&' and '%' as '_' (`address_0x70997970_token-transfers__limit=3`),
// POST bodies beside it in `.request.json`. A request that matches no recording with its query is answered by the
// recording of its path without one, else with another query (the indexer's answer differs only in how many rows a
// limit lets through).

/** A request as its recording's file name says it, lower case. */
export function fixtureKey(method: string, pathname: string, search = ''): string {
  const path = pathname
    .replace(/^\/v1(?=\/)/, '') // that indexer strips a /v1 prefix
    .replace(/^\/+|\/+$/g, '')
    .replace(/0x[0-9a-fA-F]{40,64}/g, (hex) => hex.slice(0, 10))
    .replaceAll('/', '_');
  const query = search.replace(/^\?/, '').replaceAll('&', '_').replaceAll('%', '_');
  return `${method === 'POST' ? 'POST_' : ''}${path}${query === '' ? '' : `__${query}`}`.toLowerCase();
}

interface Recording {
  file: string;
  status: number;
}

/** INDEX.md's table: file → status. */
function statuses(): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of fixtureText('INDEX.md').split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const status = Number(cells[3]);
    const file = cells[5];
    if (file?.endsWith('.json') && Number.isInteger(status) && status >= 100) found.set(file, status);
  }
  return found;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a).toLowerCase() === JSON.stringify(b).toLowerCase();
}

/** A JSON-RPC request without its id, for matching. */
function withoutId(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(withoutId);
  if (body && typeof body === 'object') {
    return Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'id'));
  }
  return body;
}

/** A recorded JSON-RPC answer with the ids of the request it now answers. */
function withIds(answer: unknown, request: unknown): unknown {
  if (Array.isArray(answer) && Array.isArray(request)) return answer.map((item, i) => withIds(item, request[i]));
  if (answer && typeof answer === 'object' && request && typeof request === 'object') {
    return { ...(answer as Record<string, unknown>), id: (request as Record<string, unknown>)['id'] ?? null };
  }
  return answer;
}

/** The recordings by key; POST keys hold every recording of the path (told apart by their bodies). */
function recordings(): { get: Map<string, Recording>; post: Map<string, Array<Recording & { request: unknown }>> } {
  const status = statuses();
  const get = new Map<string, Recording>();
  const post = new Map<string, Array<Recording & { request: unknown }>>();
  for (const file of readdirSync(upstreamFixturesDir())) {
    if (!file.endsWith('.json') || file.endsWith('.request.json') || file.startsWith('_')) continue;
    const recording = { file, status: status.get(file) ?? 200 };
    const name = file.slice(0, -'.json'.length);
    if (name.startsWith('POST_')) {
      // POST_proxy_rpc__eth_call__eth-call-revert: the path is what comes before the first '__'.
      const key = name.split('__')[0]!.toLowerCase();
      const list = post.get(key) ?? [];
      list.push({ ...recording, request: fixtureJson(`${name}.request.json`) });
      post.set(key, list);
    } else {
      get.set(name.toLowerCase(), recording);
    }
  }
  return { get, post };
}

/** A running recorded indexer. */
export interface UpstreamServer {
  url: string;
  /** Every request it was asked, in order ('GET /blocks?limit=11'), with what it answered. */
  requests: Array<{ line: string; status: number; file: string | null }>;
  stop(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'access-control-allow-origin': '*' });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

/** Starts the recorded indexer on a free loopback port. */
export async function startUpstreamServer(): Promise<UpstreamServer> {
  const { get, post } = recordings();
  const requests: UpstreamServer['requests'] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const line = `${req.method ?? 'GET'} ${url.pathname}${url.search}`;
      const answer = (status: number, body: unknown, file: string | null) => {
        requests.push({ line, status, file });
        send(res, status, body);
      };
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type', 'access-control-allow-methods': 'GET, POST' });
        res.end();
        return;
      }
      if (req.method === 'POST') {
        const body = await readBody(req);
        const hit = post.get(fixtureKey('POST', url.pathname))?.find((r) => sameJson(withoutId(r.request), withoutId(body)));
        if (hit) answer(hit.status, withIds(fixtureJson(hit.file), body), hit.file);
        else answer(404, { error: 'Not found' }, null);
        return;
      }
      const path = fixtureKey('GET', url.pathname);
      const hit = get.get(fixtureKey('GET', url.pathname, url.search)) ?? get.get(path) ?? [...get].find(([key]) => key.startsWith(`${path}__`))?.[1];
      if (hit) answer(hit.status, fixtureJson(hit.file), hit.file);
      else answer(404, { error: 'Not found' }, null);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
