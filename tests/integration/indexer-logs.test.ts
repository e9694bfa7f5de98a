import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, MemoryLog } from '../../common/log.ts';
import { createApiServer } from '../../indexer/src/http/server.ts';
import { Router } from '../../indexer/src/http/router.ts';
import { startIndexer, type Indexer } from '../../indexer/src/main.ts';
import { scratchStorage } from './backend.ts';

// The indexer's request lines (README.md, Logs): one JSON line per answered request with its id (taken from
// X-Request-Id or new, echoed), route template, path without query, status and time; errors with their stack; and no
// trace of a bearer token or a cookie anywhere.

const TOKEN = 'admin-token-7f3a9c-do-not-log';
const COOKIE = 'explorer_session=cookie-value-5b1e-do-not-log';

let indexer: Indexer;
let memory: MemoryLog;
const freeText: string[] = [];

beforeAll(async () => {
  memory = new MemoryLog();
  const logger = createLogger('indexer', { destination: memory, level: 'debug', tty: false });
  indexer = await startIndexer({ rpcUrl: 'http://127.0.0.1:9', ...(await scratchStorage()), port: 0, log: (line) => freeText.push(line), logger, progress: false, adminToken: TOKEN, metadata: false, traceInternal: false });
});
afterAll(() => indexer?.stop());

/** The request lines written since `from`. */
function requestLines(from: number): Record<string, unknown>[] {
  return memory.lines.slice(from).filter((l) => l['msg'] === 'request');
}

describe('indexer request logs', { timeout: 60_000 }, () => {
  it('writes one line per request with the caller\'s X-Request-Id, echoed in the answer', async () => {
    const from = memory.lines.length;
    const res = await fetch(`${indexer.url}/blocks/123456?verbose=1`, { headers: { 'x-request-id': 'test-123' } });
    await res.arrayBuffer();
    expect(res.headers.get('x-request-id')).toBe('test-123');
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
    const lines = requestLines(from).filter((l) => l['reqId'] === 'test-123');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'info', name: 'indexer', reqId: 'test-123', method: 'GET', route: '/blocks/{number}', url: '/blocks/123456', status: res.status });
    expect(typeof lines[0]?.['ms']).toBe('number');
  });

  it('makes a new id when there is none or it is malformed, and logs probes at debug', async () => {
    const from = memory.lines.length;
    const res = await fetch(`${indexer.url}/health`, { headers: { 'x-request-id': 'bad id with spaces' } });
    await res.arrayBuffer();
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [line] = requestLines(from);
    expect(line).toMatchObject({ level: 'debug', reqId: id, route: '/health', status: 200 });
    const unknown = await fetch(`${indexer.url}/no/such/route`);
    expect(unknown.status).toBe(404);
    expect(requestLines(from).at(-1)).toMatchObject({ route: 'unmatched', status: 404, reqId: unknown.headers.get('x-request-id') });
  });

  it('leaves no trace of the admin token or a cookie, and logs admin routes by template', async () => {
    const from = memory.lines.length;
    const textFrom = memory.text.length;
    const headers = { authorization: `Bearer ${TOKEN}`, cookie: COOKIE, 'x-request-id': 'secret-check' };
    const sessionHash = 'a'.repeat(64);
    for (const [method, path] of [['GET', '/admin/login-failures?client=1.2.3.4'], ['POST', `/admin/sessions/${sessionHash}/touch`], ['GET', `/blocks/1?token=${TOKEN}`]] as const) {
      const res = await fetch(`${indexer.url}${path}`, { method, headers: { ...headers, 'content-type': 'application/json' }, ...(method === 'POST' ? { body: '{}' } : {}) });
      await res.arrayBuffer();
    }
    const lines = requestLines(from);
    expect(lines).toHaveLength(3);
    expect(lines.map((l) => l['url'])).toEqual(['/admin/login-failures', '/admin/sessions/{idHash}/touch', '/blocks/1']);
    const written = [...memory.text.slice(textFrom), ...freeText].join('\n');
    expect(written).not.toContain(TOKEN);
    expect(written).not.toContain('cookie-value-5b1e');
    expect(written).not.toContain(sessionHash);
  });
});

describe('a failed request', () => {
  it('is logged at error with its stack and id, and answered 500 with the id', async () => {
    const memory = new MemoryLog();
    const logger = createLogger('indexer', { destination: memory, level: 'info', tty: false });
    const router = new Router().get('/boom', () => {
      throw new Error('boom at the database');
    });
    const server = createApiServer(router, () => {}, { logger });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/boom`, { headers: { 'x-request-id': 'fail-42' } });
      expect(res.status).toBe(500);
      expect(res.headers.get('x-request-id')).toBe('fail-42');
      expect(await res.json()).toEqual({ error: 'Internal server error' });
      const lines = memory.lines.filter((l) => l['reqId'] === 'fail-42');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 'error', msg: 'request', route: '/boom', status: 500 });
      const err = lines[0]?.['err'] as { message: string; stack: string };
      expect(err.message).toBe('boom at the database');
      expect(err.stack).toContain('indexer-logs.test.ts');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
