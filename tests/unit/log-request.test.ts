// One answered request's log line, written by both servers through common/log.ts's logRequest: the level follows the
// status and the route, and a 5xx always carries an error.
import { describe, expect, it } from 'vitest';
import { createLogger, logRequest, MemoryLog, type RequestLine } from '../../common/log.ts';

function written(line: RequestLine, err?: unknown): Record<string, unknown> {
  const log = new MemoryLog();
  logRequest(createLogger('test', { destination: log, level: 'debug', format: 'json', tty: false }), line, err);
  expect(log.lines).toHaveLength(1);
  return log.lines[0] as Record<string, unknown>;
}

const base: RequestLine = { reqId: 'r-1', method: 'GET', route: '/blocks/[n]', url: '/blocks/7', status: 200, ms: 1.5 };
// Levels are written by name (common/log.ts's formatter).
const DEBUG = 'debug';
const INFO = 'info';
const ERROR = 'error';

describe('logRequest', () => {
  it.each([
    ['a page', base, INFO],
    ['a 404', { ...base, route: 'unmatched', status: 404 }, INFO],
    ['a readiness probe', { ...base, route: '/readyz', url: '/readyz' }, DEBUG],
    ['a liveness probe', { ...base, route: '/livez', url: '/livez' }, DEBUG],
    ['a health read', { ...base, route: '/health', url: '/health' }, DEBUG],
    ['a scrape', { ...base, route: '/metrics', url: '/metrics' }, DEBUG],
    ['a 502', { ...base, status: 502 }, ERROR],
    ['a probe answering 503', { ...base, route: '/readyz', url: '/readyz', status: 503 }, ERROR],
  ])('%s is written at its level with every field', (_name, line, level) => {
    const out = written(line);
    expect(out).toMatchObject({ ...line, level, msg: 'request' });
  });

  it('a 5xx without an exception names its status; one with an exception carries its message and stack', () => {
    expect(written({ ...base, status: 500 })['err']).toMatchObject({ message: 'answered 500' });
    const thrown = written(base, new Error('the store is closed'))['err'] as { message: string; stack: string };
    expect(thrown.message).toBe('the store is closed');
    expect(thrown.stack).toMatch(/the store is closed\n\s+at /);
    expect(written(base, new Error('x'))['level']).toBe(ERROR);
  });
});
