// The event stream's fan-out: "one read per new block whatever the number of listeners; events are built
// once and written to every stream". A StreamHub on SQLite in memory, its stats read through the real router, serves
// real HTTP streams; every query the hub and the routes make goes through a counting wrapper. The same new block is
// stored and announced with 1 and with 5 streams open: the queries (and the node calls) must be the same, and every
// stream must get the very same buffer, hence the same bytes.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { ApiContext } from '../../indexer/src/api/context.ts';
import { buildRouter } from '../../indexer/src/api/routes.ts';
import { StreamHub } from '../../indexer/src/api/stream/hub.ts';
import { HttpError } from '../../indexer/src/http/router.ts';
import type { RpcClient } from '../../indexer/src/chain/rpc.ts';
import { ROW_ID_BLOCK } from '../../indexer/src/store/row-ids.ts';
import { openSqlite } from '../../indexer/src/store/sqlite.ts';
import type { SqlParam, Store } from '../../indexer/src/store/types.ts';
import { IDLE_STATUS } from '../../indexer/src/sync/state.ts';
import { insertRows } from '../../indexer/src/store/bulk.ts';

const FROM = '0x00000000000000000000000000000000000000a1';
const TO = '0x00000000000000000000000000000000000000b2';
const MINER = '0x00000000000000000000000000000000000000c3';
const hash = (n: number, salt = 0): string => `0x${(n * 1_000 + salt).toString(16).padStart(64, '0')}`;

/** Block `n` with one transaction (a transfer call, so that its method name is looked up too), as the sync stores it. */
async function writeBlock(db: Store, n: number): Promise<void> {
  const id = n * ROW_ID_BLOCK;
  const time = 1_700_000_000 + 2 * n;
  await db.transaction(async (tx) => {
    await insertRows(tx, 'blocks', ['number', 'hash', 'parent_hash', 'timestamp', 'miner', 'gas_used', 'gas_limit', 'difficulty', 'extra_data', 'tx_count', 'reward'], [
      [n, hash(n), hash(n - 1), time, MINER, '21000', '30000000', '0', '0x', 1, '0'],
    ]);
    await insertRows(tx, 'transactions', ['id', 'hash', 'block_number', 'tx_index', 'block_hash', 'timestamp', 'from_addr', 'to_addr', 'contract_address', 'value', 'gas_limit', 'gas_used', 'cumulative_gas_used', 'input', 'nonce', 'status'], [
      [id, hash(n, 1), n, 0, hash(n), time, FROM, TO, null, '1', '60000', '21000', '21000', `0xa9059cbb${'0'.repeat(128)}`, n, 1],
    ]);
    await insertRows(tx, 'address_transactions', ['address', 'tx_id'], [[FROM, id], [TO, id]]);
  });
}

/** The store with every read counted: the statements run since the last take(). */
function counted(store: Store): { db: Store; take: () => string[] } {
  let reads: string[] = [];
  const db: Store = {
    dialect: store.dialect,
    one: <T>(sql: string, ...params: SqlParam[]) => {
      reads.push(sql);
      return store.one<T>(sql, ...params);
    },
    all: <T>(sql: string, ...params: SqlParam[]) => {
      reads.push(sql);
      return store.all<T>(sql, ...params);
    },
    run: (sql, ...params) => store.run(sql, ...params),
    transaction: (fn, opts) => store.transaction(fn, opts),
    checkpoint: () => store.checkpoint(),
    close: () => store.close(),
  };
  return {
    db,
    take: () => {
      const out = reads;
      reads = [];
      return out;
    },
  };
}

/** A stream read as raw bytes. */
interface RawStream {
  status: number;
  bytes: () => Buffer;
  close: () => void;
}

function openRaw(url: string): Promise<RawStream> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { accept: 'text/event-stream' }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', () => {});
      resolve({ status: res.statusCode ?? 0, bytes: () => Buffer.concat(chunks), close: () => req.destroy() });
    });
    req.on('error', reject);
    req.end();
  });
}

/** What one new block cost the hub with `listeners` streams open, and what each stream got. */
interface Round {
  reads: string[];
  gasCalls: number;
  /** The bytes each stream was written for the block (each response's writes once the block was announced). */
  written: Buffer[][];
  /** Every byte each stream received, from its first. */
  received: Buffer[];
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const done of cleanups.splice(0).reverse()) await done();
});

/** Serves `handle` on loopback until the test ends: the URL of its /events. */
async function serve(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;
}

/** A hub over a fresh database holding blocks 1 and 2, `listeners` streams, then block 3 stored and announced. */
async function newBlockWith(listeners: number): Promise<Round> {
  const store = openSqlite(':memory:');
  cleanups.push(() => store.close());
  await writeBlock(store, 1);
  await writeBlock(store, 2);
  const { db, take } = counted(store);
  let gasCalls = 0;
  const emitted: number[] = [];
  const hub = new StreamHub({
    db,
    gasPrice: () => {
      gasCalls++;
      return Promise.resolve('0x3b9aca00');
    },
    clientKey: () => null,
    onEmit: (block) => emitted.push(block),
  });
  // The node is down: the gas tracker's figures are null at once, and the router needs nothing else of it.
  const rpc = { call: () => Promise.reject(new Error('no node')), batch: () => Promise.reject(new Error('no node')) } as unknown as RpcClient;
  const ctx: ApiContext = { db, rpc, sync: () => ({ ...IDLE_STATUS, lastBlock: 3 }), ipfsGateway: '', cache: false, stream: hub };
  buildRouter(ctx);
  await hub.start();
  cleanups.push(() => hub.close());

  // Each response's writes, kept (the spy lets them through).
  const writes: MockInstance[] = [];
  const url = await serve((req, res) => {
    writes.push(vi.spyOn(res, 'write'));
    hub.open(req, res, [], null);
  });
  const streams = await Promise.all(Array.from({ length: listeners }, () => openRaw(url)));
  cleanups.push(() => streams.forEach((s) => s.close()));
  await vi.waitFor(() => expect(hub.stats().open).toBe(listeners));
  // What the responses were written before the block (the retry line) is not the block's.
  const before = writes.map((w) => w.mock.calls.length);
  take();

  await writeBlock(store, 3);
  hub.kick();
  await vi.waitFor(() => expect(emitted).toEqual([3]));
  const reads = take();
  // The block's last event is `gas`: once every stream has it, each has the whole block.
  await vi.waitFor(() => {
    for (const s of streams) expect(s.bytes().toString('utf8')).toMatch(/event: gas\n.*\n\n$/);
  });
  const written = writes.map((w, i) => w.mock.calls.slice(before[i]).map(([chunk]) => chunk as Buffer));
  return { reads, gasCalls, written, received: streams.map((s) => s.bytes()) };
}

describe('the fan-out of a new block', () => {
  it('reads the database and asks the node once whether 1 or 5 streams listen, and writes every stream the same buffer', async () => {
    const one = await newBlockWith(1);
    const five = await newBlockWith(5);
    // Something was read (the block, its transactions, the stats), and exactly as much with five streams as with one.
    expect(one.reads.length).toBeGreaterThan(3);
    expect([...five.reads].sort()).toEqual([...one.reads].sort());
    expect([one.gasCalls, five.gasCalls]).toEqual([1, 1]);
    // Built once: one write per stream, of the same Buffer object; so every stream received the same bytes.
    for (const w of five.written) {
      expect(w).toHaveLength(1);
      expect(w[0], 'one Buffer object for every stream').toBe(five.written[0]?.[0]);
    }
    const text = five.received[0]?.toString('utf8') ?? '';
    expect(text).toContain('id: 3-0-0\nevent: block\n');
    for (const bytes of five.received) expect(bytes.equals(five.received[0] as Buffer)).toBe(true);
  });
});

describe('a hub given no limits', () => {
  it("takes the defaults: a client's seventh stream is refused with 429, the first six stay open", async () => {
    const store = openSqlite(':memory:');
    cleanups.push(() => store.close());
    const hub = new StreamHub({ db: store, gasPrice: () => Promise.resolve(null), clientKey: () => 'one visitor' });
    await hub.start();
    cleanups.push(() => hub.close());
    const url = await serve((req, res) => {
      try {
        hub.open(req, res, [], null);
      } catch (err) {
        res.writeHead(err instanceof HttpError ? err.status : 500).end();
      }
    });
    const opened = await Promise.all(Array.from({ length: 6 }, () => openRaw(url)));
    cleanups.push(() => opened.forEach((s) => s.close()));
    expect(opened.map((s) => s.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const seventh = await openRaw(url);
    cleanups.push(() => seventh.close());
    expect(seventh.status).toBe(429);
    expect(hub.stats().open).toBe(6);
  });
});
