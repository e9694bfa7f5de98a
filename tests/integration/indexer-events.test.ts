// GET /events against a real anvil and a real indexer on the suite's backend, read by a real HTTP client:
// the events of a new block and their ids, topics, reconnecting with Last-Event-ID, reload past the replay window,
// rollbacks, the limits, bad queries, a reader that stops reading; on PostgreSQL, a stream served by an API-only
// process while another process syncs.
import { connect } from 'node:net';
import { spawnIndexerProcess, type IndexerProcess } from './indexer-spawn.ts';
import { getAddress, Interface } from 'ethers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BLOCK_EVENTS,
  eventId,
  MAX_REPLAY_BLOCKS,
  MAX_STREAM_TOPICS,
  parseEventId,
  STREAM_LIMIT_MESSAGES,
  STREAM_RETRY_MS,
} from '../../common/live-events.ts';
import type { GasTrackerLive, GasTrackerResponse } from '../../common/gas-tracker.ts';
import { startAnvil, type AnvilHandle } from '../../devnet/anvil.ts';
import { compileContracts } from '../../devnet/compile.ts';
import { RpcClient } from '../../indexer/src/chain/rpc.ts';
import { startIndexer, type Indexer, type IndexerOptions } from '../../indexer/src/main.ts';
import { SseReader, type SseEvent } from '../indexer-testing/sse.ts';
import { waitFor } from '../indexer-testing/verify.ts';
import { BACKEND, freshStorage } from './backend.ts';
import { tempDirs } from './temp-dirs.ts';

const FRESH = '0x00000000000000000000000000000000000e5001';
const erc20 = new Interface(['function transfer(address to, uint256 value)']);

let anvil: AnvilHandle;
let rpc: RpcClient;
let indexer: Indexer;
let accounts: string[];
let token: string;
const readers: SseReader[] = [];

const { make: tempDir, removeAll: removeTempDirs } = tempDirs('indexer-events-');

/** Sends a transaction (automine: a block of its own) and answers its hash, block and created contract. */
async function send(tx: Record<string, string>): Promise<{ hash: string; block: number; contract: string | null }> {
  const hash = await rpc.call<string>('eth_sendTransaction', [{ gasPrice: '0x0', ...tx }]);
  const receipt = await waitFor(
    () => rpc.call<{ status: string; blockNumber: string; contractAddress: string | null } | null>('eth_getTransactionReceipt', [hash]),
    10_000,
    'a receipt',
  );
  expect(receipt.status).toBe('0x1');
  return { hash, block: Number(receipt.blockNumber), contract: receipt.contractAddress };
}

async function chainHead(): Promise<{ number: number; hash: string }> {
  const b = await rpc.call<{ number: string; hash: string }>('eth_getBlockByNumber', ['latest', false]);
  return { number: Number(b.number), hash: b.hash.toLowerCase() };
}

/** Rollbacks so far, as /health says (the third part of every id). */
async function generation(url = indexer.url): Promise<number> {
  return ((await (await fetch(`${url}/health`)).json()) as { reorgs: number }).reorgs;
}

/** Waits until the stream hub has passed block n (the streams were written its events, if any listened). */
async function passed(n: number): Promise<void> {
  await waitFor(() => (indexer.streams().head ?? -1) >= n, 30_000, `the stream hub to pass block ${n}`);
}

async function open(query = '', headers: Record<string, string> = {}, url = indexer.url): Promise<SseReader> {
  const reader = await SseReader.open(`${url}/events${query}`, headers);
  readers.push(reader);
  return reader;
}

/** The events a reader got for block n, in order, once it has `count` of them. */
function eventsOf(reader: SseReader, n: number, count: number): Promise<SseEvent[]> {
  return waitFor(
    () => {
      const found = reader.events.filter((e) => parseEventId(e.id)?.block === n);
      return found.length >= count ? found : null;
    },
    20_000,
    `${count} events of block ${n} (got ${reader.events.map((e) => `${e.id} ${e.event}`).slice(-6).join(', ')})`,
  );
}

/** An event without its arrival time, to compare what two readers got. */
const plain = (e: SseEvent) => ({ id: e.id, event: e.event, data: e.data });

async function restJson(path: string): Promise<unknown> {
  const res = await fetch(`${indexer.url}${path}`);
  expect(res.status).toBe(200);
  return res.json();
}

beforeAll(async () => {
  anvil = await startAnvil();
  rpc = new RpcClient(anvil.url);
  accounts = (await rpc.call<string[]>('eth_accounts')).map((a) => a.toLowerCase());
  const artifact = compileContracts()['Token'];
  if (!artifact) throw new Error('devnet Token contract missing');
  const deploy = artifact.bytecode + new Interface(artifact.abi as string[]).encodeDeploy(['Stream Token', 'STK', 18, 10n ** 24n]).slice(2);
  token = ((await send({ from: accounts[0] as string, data: deploy })).contract as string).toLowerCase();
  indexer = await startIndexer({
    rpcUrl: anvil.url,
    ...(await freshStorage(tempDir())),
    port: 0,
    pollMs: 100,
    log: () => {},
    progress: false,
    metadata: false,
    traceInternal: false,
    verify: { download: false },
    // Clients told apart by X-Forwarded-For from loopback, so that the test can be several clients.
    rateLimit: { trustProxy: 'loopback' },
    // The gas event's figures are compared with the node's: a loaded machine must not make them late (null).
    streams: { maxPerClient: 2, maxTotal: 6, heartbeatMs: 300, gasWaitMs: 10_000 },
  });
  await indexer.caughtUp();
  await passed((await chainHead()).number);
});

afterEach(async () => {
  for (const r of readers.splice(0)) r.close();
  await waitFor(() => indexer.streams().open === 0, 10_000, 'every stream of the test to be closed');
});

afterAll(async () => {
  await indexer?.stop();
  await anvil?.stop();
  removeTempDirs();
});

describe('GET /events', () => {
  it('answers an event stream: its headers, retry, heartbeats, never compressed; the preflight allows Last-Event-ID', async () => {
    const r = await open('', { 'accept-encoding': 'gzip, br' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(r.headers['cache-control']).toBe('no-cache, no-transform');
    expect(r.headers['x-accel-buffering']).toBe('no');
    expect(r.headers['access-control-allow-origin']).toBe('*');
    expect(r.headers['content-encoding']).toBeUndefined();
    await waitFor(() => r.retry, 5_000, 'retry:');
    expect(r.retry).toBe(STREAM_RETRY_MS);
    await waitFor(() => r.comments >= 2, 10_000, 'two heartbeats');
    expect(r.events).toEqual([]);
    const preflight = await fetch(`${indexer.url}/events`, { method: 'OPTIONS', headers: { origin: 'http://site.example', 'access-control-request-headers': 'last-event-id' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Last-Event-ID');
  });

  it('carries a new block as block, transactions, stats and gas, with ids, in the JSON of the REST routes', async () => {
    const r = await open();
    const g = await generation();
    const { hash, block } = await send({ from: accounts[1] as string, to: accounts[2] as string, value: '0x1234' });
    const events = await eventsOf(r, block, BLOCK_EVENTS.length);
    expect(events.map((e) => [e.id, e.event])).toEqual(BLOCK_EVENTS.map((name, i) => [eventId(block, i, g), name]));
    const [b, t, s, gas] = events.map((e) => JSON.parse(e.data) as Record<string, unknown>);
    const onChain = await rpc.call<{ hash: string; miner: string }>('eth_getBlockByNumber', [`0x${block.toString(16)}`, false]);
    expect(b).toMatchObject({ number: block, hash: onChain.hash, miner: getAddress(onChain.miner), transactionCount: 1, transactions: 1 });
    // No block came since: the REST lists answer the same JSON.
    expect(b).toEqual(((await restJson('/blocks?limit=1')) as unknown[])[0]);
    expect(t).toEqual({ block, fromBlock: block, count: 1, items: await restJson('/transactions?limit=1') });
    expect((t?.['items'] as { hash: string }[])[0]?.hash).toBe(hash);
    expect(s).toEqual({
      block,
      tps: await restJson('/stats/tps'),
      holders: await restJson('/stats/holders'),
      payout: await restJson('/stats/validators/payout'),
      transactionCount: { ...(await restJson('/stats/transactions/count')) as object, timestamp: (s?.['transactionCount'] as { timestamp: string }).timestamp },
      erc20Count: { count: 1 },
    });
    expect((s?.['transactionCount'] as { latestBlock: number }).latestBlock).toBe(block);
    // The tracker's figures: the live part of /stats/gas at the same head (read once for both), the block the newest.
    const full = (await restJson('/stats/gas')) as GasTrackerResponse;
    const live: GasTrackerLive = { lastBlock: full.lastBlock, baseFee: full.baseFee, levels: full.levels, blocks: full.blocks };
    expect([full.indexedBlock, live.lastBlock, live.blocks.at(-1)?.number]).toEqual([block, block, block]);
    expect(gas).toEqual({ block, gasPrice: await rpc.call<string>('eth_gasPrice'), tracker: live });
  });

  it('carries address and token topics to the streams that asked for them, and only to them', async () => {
    const [a0, a3, a4] = [accounts[0], accounts[3], accounts[4]] as [string, string, string];
    const none = await open();
    const r = await open(`?address=${getAddress(a0)},${FRESH}&token=${getAddress(token)}`);
    const g = await generation();
    const { hash, block } = await send({ from: a0, to: token, data: erc20.encodeFunctionData('transfer', [FRESH, 5n]) });
    // Addresses sorted, then tokens: the index of each is its place in that order.
    const topics = [`address:${a0}`, `address:${FRESH}`].sort();
    topics.push(`token:${token}`);
    const events = await eventsOf(r, block, BLOCK_EVENTS.length + topics.length);
    expect(events.map((e) => [e.id, e.event])).toEqual([...BLOCK_EVENTS, ...topics].map((name, i) => [eventId(block, i, g), name]));
    const data = Object.fromEntries(events.slice(BLOCK_EVENTS.length).map((e) => [e.event, JSON.parse(e.data) as unknown]));
    expect(data).toEqual({
      [`address:${a0}`]: { address: getAddress(a0), block, fromBlock: block, transactions: [hash], transfers: 1 },
      [`address:${FRESH}`]: { address: getAddress(FRESH), block, fromBlock: block, transactions: [], transfers: 1 },
      [`token:${token}`]: { token: getAddress(token), block, fromBlock: block, transfers: 1 },
    });
    // A block that touches none of them: the base events only, on both streams.
    const other = await send({ from: a3, to: a4, value: '0x1' });
    expect((await eventsOf(r, other.block, BLOCK_EVENTS.length)).map((e) => e.event)).toEqual([...BLOCK_EVENTS]);
    expect((await eventsOf(none, other.block, BLOCK_EVENTS.length)).map((e) => e.event)).toEqual([...BLOCK_EVENTS]);
    expect(none.events.filter((e) => parseEventId(e.id)?.block === block).map((e) => e.event)).toEqual([...BLOCK_EVENTS]);
    expect(r.events.filter((e) => parseEventId(e.id)?.block === other.block)).toHaveLength(BLOCK_EVENTS.length);
  });

  it('replays exactly what a reconnecting reader missed (Last-Event-ID, or lastEventId), then goes on live', async () => {
    const [a0, a1, a2, a3] = accounts as [string, string, string, string];
    const q = `?address=${FRESH}`;
    const live = await open(q);
    const first = await open(q);
    const g = await generation();
    const b1 = await send({ from: a1, to: FRESH, value: '0x10' });
    await eventsOf(first, b1.block, BLOCK_EVENTS.length + 1);
    first.close();
    const last = first.lastId() as string;
    expect(last).toBe(eventId(b1.block, BLOCK_EVENTS.length, g));
    await send({ from: a0, to: token, data: erc20.encodeFunctionData('transfer', [FRESH, 7n]) });
    await send({ from: a2, to: a3, value: '0x11' });
    const b4 = await send({ from: a1, to: FRESH, value: '0x12' });
    await eventsOf(live, b4.block, BLOCK_EVENTS.length + 1);
    const lastAt = parseEventId(last) as { block: number; index: number };
    // What the live stream got after `last`, but the stats and gas of the newest block only (older figures are past).
    const missed = live.events
      .filter((e) => {
        const p = parseEventId(e.id) as { block: number; index: number };
        return p.block > lastAt.block || (p.block === lastAt.block && p.index > lastAt.index);
      })
      .filter((e) => !((e.event === 'stats' || e.event === 'gas') && parseEventId(e.id)?.block !== b4.block))
      .map(plain);
    expect(missed.map((e) => e.event)).toEqual([...BLOCK_EVENTS.slice(0, 2), 'address:' + FRESH, ...BLOCK_EVENTS.slice(0, 2), ...BLOCK_EVENTS, 'address:' + FRESH]);
    // The header wins over a stale parameter (a browser reconnecting on its own keeps the URL it was opened with).
    const byHeader = await open(`${q}&lastEventId=${eventId(b1.block - 1, 0, g)}`, { 'last-event-id': last });
    const byParameter = await open(`${q}&lastEventId=${last}`);
    for (const again of [byHeader, byParameter]) {
      await waitFor(() => again.events.length >= missed.length, 20_000, 'the replay');
      expect(again.events.map(plain)).toEqual(missed);
    }
    const b5 = await send({ from: a2, to: a3, value: '0x13' });
    for (const again of [byHeader, byParameter]) {
      await eventsOf(again, b5.block, BLOCK_EVENTS.length);
      expect(again.events.slice(missed.length).map(plain)).toEqual(live.events.filter((e) => parseEventId(e.id)?.block === b5.block).map(plain));
    }
  });

  it(`coalesces a catch-up, and says reload to a reader more than ${MAX_REPLAY_BLOCKS} blocks behind or of another generation`, async () => {
    const g = await generation();
    const start = (await chainHead()).number;
    await passed(start);
    const live = await open();
    await rpc.call('anvil_mine', [`0x${(MAX_REPLAY_BLOCKS + 1).toString(16)}`]);
    const head = start + MAX_REPLAY_BLOCKS + 1;
    await passed(head);
    // The hub has written the head's events; the reader has them once they crossed the socket.
    await eventsOf(live, head, BLOCK_EVENTS.length);
    // The indexer caught up over 101 blocks: fewer emissions than blocks, some of them merged ranges. How many depends on
    // how the batches fell (a loaded machine makes more, smaller rounds), so only "fewer than one per block" is asserted.
    const blocks = live.events.filter((e) => e.event === 'block');
    expect(blocks.length).toBeLessThan(MAX_REPLAY_BLOCKS + 1);
    expect(parseEventId(blocks.at(-1)?.id)?.block).toBe(head);
    const coalesced = live.events.filter((e) => e.event === 'transactions').map((e) => JSON.parse(e.data) as { block: number; fromBlock: number; count: number });
    expect(coalesced[0]?.fromBlock).toBe(start + 1);
    expect(coalesced.at(-1)?.block).toBe(head);
    expect(coalesced.some((t) => t.fromBlock < t.block)).toBe(true);
    // Together they cover every block once.
    expect(coalesced.slice(1).map((t) => t.fromBlock)).toEqual(coalesced.slice(0, -1).map((t) => t.block + 1));
    expect(coalesced.map((t) => t.count)).toEqual(coalesced.map(() => 0));
    live.close();
    const far = await open('', { 'last-event-id': eventId(start, 3, g) });
    const other = await open('', { 'last-event-id': eventId(head, 3, g + 1) });
    // Exactly MAX_REPLAY_BLOCKS behind is still replayed.
    const near = await open('', { 'last-event-id': eventId(start + 1, 3, g) });
    for (const [reader, reason] of [[far, 'too-far-behind'], [other, 'unknown-position']] as const) {
      await waitFor(() => reader.events.length > 0, 10_000, 'reload');
      expect(reader.events.map((e) => [e.event, JSON.parse(e.data) as unknown])).toEqual([['reload', { reason }]]);
    }
    const replayed = await eventsOf(near, head, BLOCK_EVENTS.length);
    expect(replayed.map((e) => e.id)).toEqual(BLOCK_EVENTS.map((_, i) => eventId(head, i, g)));
    expect(near.events.filter((e) => e.event === 'block').map((e) => parseEventId(e.id)?.block)).toEqual(Array.from({ length: MAX_REPLAY_BLOCKS }, (_, i) => start + 2 + i));
  });

  it('says reorg with the depth when blocks the streams were told about are replaced, then the new blocks', async () => {
    const r = await open();
    for (let i = 0; i < 3; i++) await send({ from: accounts[5] as string, to: accounts[6] as string, value: `0x${(i + 1).toString(16)}` });
    const before = await chainHead();
    await passed(before.number);
    await eventsOf(r, before.number, BLOCK_EVENTS.length);
    const g = await generation();
    await rpc.call('anvil_reorg', [3, [[{ from: accounts[6], to: accounts[7], value: '0x42', gasPrice: '0x0' }, 1]]]);
    const after = await chainHead();
    expect(after.number).toBe(before.number);
    expect(after.hash).not.toBe(before.hash);
    const reorg = await waitFor(() => r.events.find((e) => e.event === 'reorg'), 20_000, 'the reorg event');
    const fork = before.number - 3;
    expect(reorg.id).toBe(eventId(fork, 0, g + 1));
    expect(JSON.parse(reorg.data)).toEqual({ depth: 3, fork, head: fork, reorgs: g + 1 });
    const block = await waitFor(() => r.events.find((e) => e.event === 'block' && e.id === eventId(after.number, 0, g + 1)), 20_000, 'the new head');
    expect((JSON.parse(block.data) as { hash: string }).hash).toBe(after.hash);
    // Everything after the reorg event is of the new chain.
    const later = r.events.slice(r.events.indexOf(reorg) + 1);
    expect(later.every((e) => parseEventId(e.id)?.reorgs === g + 1 && (parseEventId(e.id)?.block ?? 0) > fork)).toBe(true);
    expect(await generation()).toBe(g + 1);
  });

  it('refuses a client past its streams with 429, and everyone past the total with 503', async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const a = await open('', from('198.51.100.7'));
    const b = await open('', from('198.51.100.7'));
    const c = await open('', from('198.51.100.7'));
    expect([a.status, b.status, c.status]).toEqual([200, 200, 429]);
    await waitFor(() => c.closed, 5_000, 'the refusal');
    expect(JSON.parse(c.body)).toEqual({ error: STREAM_LIMIT_MESSAGES.perClient });
    expect(c.headers['content-type']).toMatch(/^application\/json/);
    // Once one of them closes, the client may open another.
    a.close();
    await waitFor(() => indexer.streams().open === 1, 5_000, 'the closed stream to be forgotten');
    expect((await open('', from('198.51.100.7'))).status).toBe(200);
    // Loopback is exempt from the per-client limit (the rate limits' exemption), not from the total.
    const others = [await open(), await open(), await open(), await open('', from('198.51.100.8'))];
    expect(others.map((o) => o.status)).toEqual([200, 200, 200, 200]);
    expect(indexer.streams().open).toBe(6);
    const refused = await open('', from('198.51.100.9'));
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('30');
    await waitFor(() => refused.closed, 5_000, 'the refusal');
    expect(JSON.parse(refused.body)).toEqual({ error: STREAM_LIMIT_MESSAGES.total });
  });

  it.each([
    ['?address=0x1234', 'Invalid address: must be an address'],
    ['?token=not-an-address', 'Invalid token: must be an address'],
    [`?address=${Array.from({ length: MAX_STREAM_TOPICS + 1 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`).join(',')}`, `Too many topics: at most ${MAX_STREAM_TOPICS} addresses and tokens together`],
    [
      `?address=${Array.from({ length: 10 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`).join('&address=')}&token=${Array.from({ length: 11 }, (_, i) => `0x${(i + 100).toString(16).padStart(40, 'a')}`).join(',')}`,
      `Too many topics: at most ${MAX_STREAM_TOPICS} addresses and tokens together`,
    ],
  ])('answers 400 to %s', async (query, message) => {
    const res = await fetch(`${indexer.url}/events${query}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: message });
  });

  it('drops a reader that stops reading, and goes on writing to the others', async () => {
    const reading = await open();
    const dropped = indexer.streams().dropped;
    const socket = connect(indexer.port, '127.0.0.1');
    let closed = false;
    socket.on('close', () => (closed = true));
    socket.on('error', () => {});
    socket.write('GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    // Never read: the kernel's buffers fill, then the stream's own.
    socket.pause();
    await waitFor(() => indexer.streams().open === 2, 5_000, 'the raw stream to open');
    // Blocks of eight transactions with 64 KB of calldata each (gas for the calldata floor of EIP-7623): about 1 MB of
    // `transactions` event per block.
    const heavy: number[] = [];
    await rpc.call('evm_setAutomine', [false]);
    try {
      while (indexer.streams().dropped === dropped && heavy.length < 60) {
        for (let k = 0; k < 8; k++) {
          await rpc.call('eth_sendTransaction', [{ from: accounts[8], to: FRESH, data: `0x${'00'.repeat(65_536)}`, gas: '0x100000', gasPrice: '0x0' }]);
        }
        await rpc.call('evm_mine');
        const mined = await rpc.call<{ number: string; transactions: string[] }>('eth_getBlockByNumber', ['latest', false]);
        expect(mined.transactions).toHaveLength(8);
        heavy.push(Number(mined.number));
        await passed(heavy.at(-1) as number);
      }
    } finally {
      await rpc.call('evm_setAutomine', [true]);
    }
    expect(indexer.streams().dropped).toBe(dropped + 1);
    await waitFor(() => indexer.streams().open === 1, 5_000, 'the slow stream to be gone');
    socket.resume();
    await waitFor(() => closed, 10_000, 'the slow socket to be closed');
    // The reading stream got every heavy block whole.
    for (const n of heavy) {
      const [, transactions] = await eventsOf(reading, n, BLOCK_EVENTS.length);
      expect((JSON.parse(transactions?.data ?? '{}') as { count: number }).count).toBe(8);
    }
  });
});


// Only PostgreSQL has processes that share a database; on SQLite the case is not registered (never reported skipped).
if (BACKEND === 'postgres') describe('several processes on one PostgreSQL database', () => {
  const procs: IndexerProcess[] = [];
  const spawnIndexer = (opts: Partial<IndexerOptions>): IndexerProcess => spawnIndexerProcess({ rpcUrl: anvil.url, port: 0, pollMs: 100, traceInternal: false, ...opts }, procs);

  afterAll(async () => {
    for (const p of procs) p.child.kill('SIGKILL');
    await Promise.all(procs.map((p) => p.exited));
  });

  it("streams the syncing process's blocks and rollbacks from an API-only process", async () => {
    const storage = await freshStorage(tempDir());
    const syncing = spawnIndexer(storage);
    await waitFor(() => syncing.lines.includes('syncing'), 30_000, `the syncing process (it said: ${syncing.lines.slice(-3).join(' | ')})`);
    const api = spawnIndexer({ ...storage, role: 'api' });
    const apiUrl = await api.url;
    const head = (await chainHead()).number;
    await waitFor(async () => ((await (await fetch(`${apiUrl}/health`)).json()) as { lastBlock: number | null }).lastBlock === head, 60_000, 'the syncing process to catch up');
    const r = await open('', {}, apiUrl);
    expect(r.status).toBe(200);
    const g = await generation(apiUrl);
    const { hash, block } = await send({ from: accounts[1] as string, to: accounts[2] as string, value: '0x77' });
    const events = await eventsOf(r, block, BLOCK_EVENTS.length);
    expect(events.map((e) => [e.id, e.event])).toEqual(BLOCK_EVENTS.map((name, i) => [eventId(block, i, g), name]));
    expect((JSON.parse(events[1]?.data ?? '{}') as { items: { hash: string }[] }).items.map((t) => t.hash)).toEqual([hash]);
    await send({ from: accounts[1] as string, to: accounts[2] as string, value: '0x78' });
    const top = await send({ from: accounts[1] as string, to: accounts[2] as string, value: '0x79' });
    await eventsOf(r, top.block, BLOCK_EVENTS.length);
    await rpc.call('anvil_reorg', [2, [[{ from: accounts[6], to: accounts[7], value: '0x43', gasPrice: '0x0' }, 0]]]);
    const reorg = await waitFor(() => r.events.find((e) => e.event === 'reorg'), 20_000, 'the reorg event');
    expect(JSON.parse(reorg.data)).toEqual({ depth: 2, fork: top.block - 2, head: top.block - 2, reorgs: g + 1 });
    const after = await chainHead();
    const newHead = await waitFor(() => r.events.find((e) => e.id === eventId(after.number, 0, g + 1)), 20_000, 'the new head');
    expect((JSON.parse(newHead.data) as { hash: string }).hash).toBe(after.hash);
    r.close();
    // The in-process indexer follows the same chain; the shared afterEach waits for its streams only.
    await passed(after.number);
  });
});
