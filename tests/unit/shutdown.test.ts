// drainServer (common/shutdown.ts) with a real node:http server: a request in flight when the stop is asked finishes
// with its whole answer, a new connection is refused, an idle keep-alive connection does not hold the stop, and a
// request that never ends is cut at the bound (and counted). exitOnSignals: exit 0 after stop, 1 on a second signal.
import { EventEmitter } from 'node:events';
import { Agent, createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { drainServer, exitOnSignals } from '../../common/shutdown.ts';
import { refused } from '../in-flight.ts';

const servers: Server[] = [];

afterEach(() => {
  for (const s of servers.splice(0)) s.closeAllConnections();
});

/** A server that echoes a POST's body once it has all of it; `arrived` resolves as each request's headers come in. */
async function echoServer(): Promise<{ server: Server; port: number; arrived: () => Promise<IncomingMessage> }> {
  const waiting: ((req: IncomingMessage) => void)[] = [];
  const queued: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    const next = waiting.shift();
    if (next) next(req);
    else queued.push(req);
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => res.end(`echo:${Buffer.concat(parts).toString()}`));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const arrived = () => new Promise<IncomingMessage>((resolve) => {
    const first = queued.shift();
    if (first) resolve(first);
    else waiting.push(resolve);
  });
  return { server, port: (server.address() as AddressInfo).port, arrived };
}

/** A POST whose body is sent in two parts: `finish` sends the rest; `answer` is the status and body. */
function splitPost(port: number, first: string): { finish: (rest: string) => void; answer: Promise<{ status: number; body: string }> } {
  const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/', headers: { 'content-length': String(first.length + 4) } });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  req.write(first);
  return { finish: (rest) => req.end(rest), answer };
}

describe('drainServer', () => {
  it('lets a request in flight finish with its whole answer and refuses new connections meanwhile', async () => {
    const { server, port, arrived } = await echoServer();
    const post = splitPost(port, 'half');
    await arrived();
    const drained = drainServer(server, 60_000);
    expect(server.listening).toBe(false);
    expect(await refused(`http://127.0.0.1:${port}`)).toBe(true);
    post.finish('rest');
    expect(await post.answer).toEqual({ status: 200, body: 'echo:halfrest' });
    expect(await drained).toEqual({ cut: 0 });
  });

  it('closes an idle keep-alive connection at once, so a stop with nothing in flight is quick', async () => {
    const { server, port } = await echoServer();
    const agent = new Agent({ keepAlive: true });
    const status = await new Promise<number>((resolve, reject) => {
      request({ host: '127.0.0.1', port, method: 'POST', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      }).on('error', reject).end('x');
    });
    expect(status).toBe(200);
    // Without closing idle connections, the close would wait for the keep-alive timeout (65 s on the site server,
    // above this test's own bound): resolving at all is the check.
    server.keepAliveTimeout = 600_000;
    expect(await drainServer(server, 600_000)).toEqual({ cut: 0 });
    agent.destroy();
  });

  it('closes a connection whose request in flight finishes while draining (it does not go back to keep-alive)', async () => {
    const { server, port, arrived } = await echoServer();
    server.keepAliveTimeout = 600_000;
    const agent = new Agent({ keepAlive: true });
    const req = request({ host: '127.0.0.1', port, method: 'POST', agent, headers: { 'content-length': '2' } });
    const answer = new Promise<string>((resolve) => req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve(body));
    }));
    req.write('a');
    await arrived();
    const drained = drainServer(server, 600_000);
    req.end('b');
    expect(await answer).toBe('echo:ab');
    expect(await drained).toEqual({ cut: 0 });
    agent.destroy();
  });

  it('cuts a request that never completes at the bound and says how many were cut', async () => {
    const { server, port, arrived } = await echoServer();
    const post = splitPost(port, 'never');
    await arrived();
    const result = await drainServer(server, 200);
    expect(result).toEqual({ cut: 1 });
    await expect(post.answer).rejects.toThrow();
  });

  it('is done at once for a server that does not listen', async () => {
    const server = createServer();
    expect(await drainServer(server, 60_000)).toEqual({ cut: 0 });
  });
});

describe('exitOnSignals', () => {
  it('exits 0 once stop() resolves, and 1 at once on a second signal', async () => {
    const target = new EventEmitter();
    const exits: number[] = [];
    const lines: string[] = [];
    let release: () => void = () => {};
    const stopping = new Promise<void>((resolve) => (release = resolve));
    exitOnSignals({ stop: () => stopping, log: (level, m) => lines.push(`${level} ${m}`), exit: (code) => exits.push(code), target: target as unknown as NodeJS.Process });
    target.emit('SIGTERM');
    expect(exits).toEqual([]);
    target.emit('SIGINT');
    expect(exits).toEqual([1]);
    release();
    await stopping;
    await new Promise((r) => setImmediate(r));
    expect(exits).toEqual([1, 0]);
    expect(lines[0]).toMatch(/^info SIGTERM: stopping/);
    expect(lines[1]).toMatch(/^error SIGINT again/);
  });

  it('exits 1 when stop() fails', async () => {
    const target = new EventEmitter();
    const exits: number[] = [];
    exitOnSignals({ stop: () => Promise.reject(new Error('store busy')), log: () => {}, exit: (code) => exits.push(code), target: target as unknown as NodeJS.Process });
    target.emit('SIGINT');
    await new Promise((r) => setImmediate(r));
    expect(exits).toEqual([1]);
  });
});
