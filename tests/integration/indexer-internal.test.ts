import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getAddress } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilHandle } from '../../devnet/anvil.ts';
import { startIndexer, type Indexer, type IndexerOptions } from '../../indexer/src/main.ts';
import { RpcClient } from '../../indexer/src/chain/rpc.ts';
import { countOf, waitFor } from '../indexer-testing/verify.ts';
import { freshStorage, type Storage } from './backend.ts';
import { etherscanGet, notOk, type Envelope } from './etherscan-client.ts';

// The trailing tracer (indexer/src/sync/tracer.ts) and txlistinternal by address from its index, on a small chain of
// its own: a Payer contract forwards what it is sent to the address named in its calldata, so the recipient gets an
// internal transfer inside a transaction it is not a party to.

// Runtime: CALL(gas, calldataload(0), callvalue, 0, 0, 0, 0); STOP. Init code copies it and returns it.
const PAYER_RUNTIME = '6000600060006000346000355af100';
const PAYER_INIT = `0x600f600c600039600f6000f3${PAYER_RUNTIME}`;

type Row = Record<string, string>;

let anvil: AnvilHandle;
let rpc: RpcClient;
let dir: string;
let storage: Storage;
let indexer: Indexer;
let accounts: string[];
let payer: string;
const logs: string[] = [];
/** Set by the race case: runs between the tracer's traces and its write. */
let beforeWrite: ((first: number, last: number) => Promise<void>) | null = null;

const base = (): Partial<IndexerOptions> => ({ port: 0, pollMs: 100, progress: false, metadata: false, rateLimit: false, verify: { download: false } });

async function send(tx: Record<string, string>): Promise<{ hash: string; block: number; contractAddress: string | null }> {
  const hash = await rpc.call<string>('eth_sendTransaction', [{ gasPrice: '0x0', ...tx }]);
  const receipt = await waitFor(() => rpc.call<{ status: string; blockNumber: string; contractAddress: string | null } | null>('eth_getTransactionReceipt', [hash]), 10_000, 'a receipt');
  expect(receipt.status).toBe('0x1');
  return { hash, block: Number(receipt.blockNumber), contractAddress: receipt.contractAddress };
}

/** Pays `to` through the Payer, sent by `from`: `to` is no party to the transaction. */
const pay = (from: string, to: string, wei: bigint) => send({ from, to: payer, value: `0x${wei.toString(16)}`, data: `0x${to.slice(2).padStart(64, '0')}` });

const fresh = (n: number): string => `0x${n.toString(16).padStart(40, '0')}`;

async function chainHead(): Promise<{ number: number; hash: string }> {
  const b = await rpc.call<{ number: string; hash: string }>('eth_getBlockByNumber', ['latest', false]);
  return { number: Number(b.number), hash: b.hash.toLowerCase() };
}

/** Waits until the indexer holds the chain's head block and the tracer has covered it. */
async function traced(ix: Indexer = indexer): Promise<void> {
  const head = await chainHead();
  await waitFor(async () => {
    const row = await ix.store.one<{ number: number; hash: string }>('SELECT number, hash FROM blocks ORDER BY number DESC LIMIT 1');
    const cursor = await ix.store.one<{ block_number: number | null; block_hash: string | null }>('SELECT block_number, block_hash FROM internal_trace WHERE id = 1');
    return row?.hash === head.hash && cursor?.block_hash === head.hash && Number(cursor.block_number) === head.number;
  }, 30_000, `the tracer to reach block ${head.number}`);
}

const api = (ix: Indexer, params: Record<string, string>): Promise<Envelope<Row[]>> => etherscanGet<Envelope<Row[]>>(ix.url, { module: 'account', action: 'txlistinternal', ...params });
async function rows(ix: Indexer, params: Record<string, string>): Promise<Row[]> {
  const answer = await api(ix, params);
  return answer.status === '1' ? answer.result : [];
}
const EMPTY = { status: '0', message: 'No transactions found', result: [] };
const key = (r: Row): string => `${r['hash']}:${r['traceId']}:${r['from']}:${r['to']}`;

/** Rows that point at no stored transaction, or calls kept for no stored transaction. */
const orphans = (ix: Indexer) =>
  countOf(
    ix.store,
    `SELECT (SELECT count(*) FROM address_internal WHERE tx_id NOT IN (SELECT id FROM transactions))
          + (SELECT count(*) FROM internal_calls WHERE tx_hash NOT IN (SELECT hash FROM transactions)) AS n`,
  );

beforeAll(async () => {
  anvil = await startAnvil();
  rpc = new RpcClient(anvil.url);
  accounts = await rpc.call<string[]>('eth_accounts');
  payer = (await send({ from: accounts[0] as string, data: PAYER_INIT })).contractAddress as string;
  dir = mkdtempSync(join(tmpdir(), 'indexer-internal-'));
  storage = await freshStorage(dir);
  indexer = await startIndexer({
    rpcUrl: anvil.url,
    ...storage,
    ...base(),
    log: (line) => logs.push(line),
    // Small steps, so that the chain below is several of them.
    tracer: { maxBlocks: 4, blocksPerBatch: 2, beforeWrite: (first, last) => beforeWrite?.(first, last) ?? Promise.resolve() },
  });
  await indexer.caughtUp();
});

afterAll(async () => {
  await indexer?.stop();
  await anvil?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the trailing tracer', () => {
  const recipient = fresh(0xa11);

  it('finds an internal transfer to an address inside a transaction it is not a party to, by txlistinternal and the REST route', async () => {
    const paid = await pay(accounts[1] as string, recipient, 12_345n);
    await traced();
    const found = await rows(indexer, { address: recipient });
    const block = await rpc.call<{ timestamp: string }>('eth_getBlockByNumber', [`0x${paid.block.toString(16)}`, false]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ blockNumber: String(paid.block), timeStamp: String(Number(block.timestamp)), hash: paid.hash, from: payer, to: recipient, value: '12345', contractAddress: '', input: '', type: 'call', traceId: '0', isError: '0', errCode: '' });
    // The same row as by txhash (which has no hash field), and the transaction page reads the kept calls.
    expect(await rows(indexer, { txhash: paid.hash })).toEqual([Object.fromEntries(Object.entries(found[0] as Row).filter(([k]) => k !== 'hash'))]);
    expect(await countOf(indexer.store, 'SELECT count(*) AS n FROM internal_calls WHERE tx_hash = ?', paid.hash)).toBe(1);
    // The Payer's side of it, and the sender is no party to the internal transfer.
    expect((await rows(indexer, { address: payer })).map(key)).toContain(key(found[0] as Row));
    expect(await api(indexer, { address: accounts[1] as string })).toEqual(EMPTY);

    const res = await fetch(`${indexer.url}/address/${recipient}/internal-transactions`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      // The REST API writes addresses checksummed, as the upstream indexer does.
      // With the parent transaction's sender, recipient and value, which the CSV export prints beside each row.
      { hash: paid.hash, blockNumber: paid.block, timestamp: Number(block.timestamp), from: getAddress(payer), to: getAddress(recipient), contractAddress: null, value: '12345', type: 'call', traceId: '0', isError: false, error: null, parentFrom: getAddress(accounts[1] as string), parentTo: getAddress(payer), parentValue: '12345' },
    ]);
    const bad = await fetch(`${indexer.url}/address/0x1234/internal-transactions`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Invalid address' });
  });

  it('pages and sorts as the other account actions, over several steps of blocks, and the route pages newest first', async () => {
    const to = fresh(0xb22);
    const sent: { hash: string; block: number }[] = [];
    for (let i = 1; i <= 7; i++) {
      sent.push(await pay(accounts[2 + (i % 3)] as string, to, BigInt(i)));
      // Empty blocks between them: steps of 4 blocks split the payments.
      await rpc.call('anvil_mine', ['0x2']);
    }
    await traced();
    const asc = await rows(indexer, { address: to, sort: 'asc' });
    expect(asc.map((r) => r['hash'])).toEqual(sent.map((s) => s.hash));
    expect(asc.map((r) => r['value'])).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    const desc = await rows(indexer, { address: to, sort: 'desc' });
    expect(desc).toEqual([...asc].reverse());
    for (const sort of ['asc', 'desc'] as const) {
      const all = sort === 'asc' ? asc : desc;
      for (const page of [1, 2, 3, 4]) expect(await rows(indexer, { address: to, sort, page: String(page), offset: '3' }), `${sort} page ${page}`).toEqual(all.slice((page - 1) * 3, page * 3));
    }
    const mid = sent[3] as { block: number };
    expect((await rows(indexer, { address: to, startblock: String(mid.block), endblock: String(mid.block) })).map((r) => r['value'])).toEqual(['4']);
    expect((await rows(indexer, { address: to, startblock: String(mid.block), sort: 'asc' })).map((r) => r['value'])).toEqual(['4', '5', '6', '7']);
    expect(await api(indexer, { address: to, page: '101', offset: '100' })).toEqual(notOk('Result window is too large, PageNo x Offset size must be less than or equal to 10000'));
    const routed = (await (await fetch(`${indexer.url}/address/${to}/internal-transactions?limit=2&offset=2`)).json()) as { hash: string }[];
    expect(routed.map((r) => r.hash)).toEqual(desc.slice(2, 4).map((r) => r['hash']));
  });

  it('joins the index and per-request tracing above its cursor, page by page, in either order', async () => {
    // Payer's list: the Payer is party to every payment (its recipient), so per-request tracing finds them too.
    const full = { asc: await rows(indexer, { address: payer, sort: 'asc' }), desc: await rows(indexer, { address: payer, sort: 'desc' }) };
    expect(full.asc.length).toBe(8);
    // An API-only process reads the same database; the cursor is set back as if the tracer had covered the
    // first payments only (the syncing indexer is stopped meanwhile, so that it does not move it again).
    await indexer.stop();
    const reader = await startIndexer({ rpcUrl: anvil.url, ...storage, ...base(), role: 'api', log: () => {} });
    const saved = await reader.store.all<{ address: string; tx_id: number; call_index: number }>('SELECT address, tx_id, call_index FROM address_internal');
    const cursor = await reader.store.one<{ block_number: number; block_hash: string }>('SELECT block_number, block_hash FROM internal_trace');
    try {
      const cut = Number(full.asc[3]?.['blockNumber']);
      await reader.store.run('DELETE FROM address_internal WHERE tx_id >= ?', (cut + 1) * 1_000_000);
      await reader.store.run('UPDATE internal_trace SET block_number = ?, block_hash = (SELECT hash FROM blocks WHERE number = ?)', cut, cut);
      for (const sort of ['asc', 'desc'] as const) {
        expect(await rows(reader, { address: payer, sort }), sort).toEqual(full[sort]);
        for (const offset of [1, 3, 5]) {
          for (let page = 1; (page - 1) * offset <= 8; page++) {
            expect(await rows(reader, { address: payer, sort, page: String(page), offset: String(offset) }), `${sort} ${page}×${offset}`).toEqual(full[sort].slice((page - 1) * offset, page * offset));
          }
        }
      }
      // Above the cursor only the address's own transactions are traced: a recipient's later payments are not found.
      const late = full.asc[6] as Row;
      const theirs = full.asc.filter((r) => r['to'] === late['to']);
      expect((await rows(reader, { address: late['to'] as string, sort: 'asc' })).map(key)).toEqual(theirs.filter((r) => Number(r['blockNumber']) <= cut).map(key));
      // An API-only process never traces in the background: the cursor is where it was set.
      expect(reader.tracedBlock()).toBeNull();
      expect(Number((await reader.store.one<{ n: number }>('SELECT block_number AS n FROM internal_trace'))?.n)).toBe(cut);
    } finally {
      await reader.store.run('DELETE FROM address_internal');
      for (const r of saved) await reader.store.run('INSERT INTO address_internal (address, tx_id, call_index) VALUES (?, ?, ?)', r.address, r.tx_id, r.call_index);
      await reader.store.run('UPDATE internal_trace SET block_number = ?, block_hash = ?', cursor?.block_number ?? null, cursor?.block_hash ?? null);
      await reader.stop();
      indexer = await startIndexer({ rpcUrl: anvil.url, ...storage, ...base(), log: (line) => logs.push(line), tracer: { maxBlocks: 4, blocksPerBatch: 2, beforeWrite: (first, last) => beforeWrite?.(first, last) ?? Promise.resolve() } });
      await indexer.caughtUp();
    }
  });
});

describe('reorganisations', () => {
  it('removes the rows of replaced blocks, rewinds the cursor, and traces the new blocks', async () => {
    const gone = fresh(0xc33);
    const kept = fresh(0xc44);
    const snapshot = await rpc.call<string>('evm_snapshot');
    const orphan = await pay(accounts[1] as string, gone, 5n);
    await traced();
    expect(await rows(indexer, { address: gone })).toHaveLength(1);
    expect(await rpc.call<boolean>('evm_revert', [snapshot])).toBe(true);
    // A longer replacement chain with another payment.
    const replacement = await pay(accounts[1] as string, kept, 6n);
    await rpc.call('anvil_mine', ['0x4']);
    await traced();
    expect(await api(indexer, { address: gone })).toEqual(EMPTY);
    expect(await countOf(indexer.store, 'SELECT count(*) AS n FROM address_internal WHERE address = ?', gone)).toBe(0);
    expect(await countOf(indexer.store, 'SELECT count(*) AS n FROM internal_calls WHERE tx_hash = ?', orphan.hash)).toBe(0);
    expect((await rows(indexer, { address: kept })).map((r) => [r['hash'], r['value']])).toEqual([[replacement.hash, '6']]);
    expect(await orphans(indexer)).toBe(0);
  });

  it('writes nothing of a block replaced while it was traced, and traces its replacement', async () => {
    const gone = fresh(0xd55);
    const kept = fresh(0xd66);
    const snapshot = await rpc.call<string>('evm_snapshot');
    let replaced: { hash: string } | null = null;
    // The step holding the orphan is traced, then, before its write, the chain is replaced and the syncer rolls back.
    // The hook is in place before the orphan is sent: the tracer follows the head in the background and may reach the
    // orphan's block before pay() returns (set after it, the hook missed that step once and the test waited in vain).
    let replacing = false;
    let orphanSent!: (paid: Awaited<ReturnType<typeof pay>>) => void;
    const orphanKnown = new Promise<Awaited<ReturnType<typeof pay>>>((resolve) => {
      orphanSent = resolve;
    });
    beforeWrite = async (first, last) => {
      const orphan = await orphanKnown;
      if (replacing || orphan.block < first || orphan.block > last) return;
      replacing = true;
      expect(await rpc.call<boolean>('evm_revert', [snapshot])).toBe(true);
      const payment = await pay(accounts[1] as string, kept, 8n);
      await rpc.call('anvil_mine', ['0x4']);
      const head = await chainHead();
      await waitFor(async () => (await indexer.store.one<{ hash: string }>('SELECT hash FROM blocks WHERE number = ?', head.number))?.hash === head.hash, 20_000, 'the rollback and the new blocks');
      // Only now: the test then reads the chain's head for traced(), which must be the head after these four blocks
      // (set before them, it could read the head below them and wait for a block that is no longer the last).
      replaced = payment;
    };
    const before = logs.length;
    let orphan: Awaited<ReturnType<typeof pay>> | undefined;
    try {
      orphan = await pay(accounts[1] as string, gone, 7n);
      orphanSent(orphan);
      await waitFor(() => replaced, 30_000, 'the tracer to trace the orphan');
      await traced();
    } finally {
      beforeWrite = null;
      // A step waiting on an orphan that was never sent goes on (a block no step holds).
      orphanSent({ ...(orphan as Awaited<ReturnType<typeof pay>>), block: -1 });
    }
    expect(logs.slice(before).some((l) => /changed while they were traced; nothing written/.test(l))).toBe(true);
    expect(await countOf(indexer.store, 'SELECT count(*) AS n FROM address_internal WHERE address = ?', gone)).toBe(0);
    expect(await countOf(indexer.store, 'SELECT count(*) AS n FROM internal_calls WHERE tx_hash = ?', orphan.hash)).toBe(0);
    expect((await rows(indexer, { address: kept })).map((r) => [r['hash'], r['value']])).toEqual([[(replaced as unknown as { hash: string }).hash, '8']]);
    expect(await orphans(indexer)).toBe(0);
  });
});

describe('without the index', () => {
  it('traceInternal false: nothing is traced in the background, by address only its own transactions are found', async () => {
    const own = mkdtempSync(join(tmpdir(), 'indexer-internal-off-'));
    const off = await startIndexer({ rpcUrl: anvil.url, ...(await freshStorage(own)), ...base(), log: () => {}, traceInternal: false });
    try {
      await off.caughtUp();
      const recipient = fresh(0xa11);
      expect(await countOf(off.store, 'SELECT count(*) AS n FROM internal_calls')).toBe(0);
      expect(await api(off, { address: recipient })).toEqual(EMPTY);
      const res = await fetch(`${off.url}/address/${recipient}/internal-transactions`);
      expect(await res.json()).toEqual([]);
      // The Payer is party to its payments: traced per request, the same rows as the index gives.
      expect(await rows(off, { address: payer })).toEqual(await rows(indexer, { address: payer }));
      expect(off.tracedBlock()).toBeNull();
      expect(await countOf(off.store, 'SELECT count(*) AS n FROM address_internal')).toBe(0);
    } finally {
      await off.stop();
      rmSync(own, { recursive: true, force: true });
    }
  });

  it('per-request tracing: refused past maxTraced new traces (asking again goes further), and reads batch after batch', async () => {
    const own = mkdtempSync(join(tmpdir(), 'indexer-internal-limits-'));
    // The defaults are 1,000 traces and batches of 200; this object is read on every request.
    const limits = { maxTraced: 3, batch: 2 };
    const off = await startIndexer({ rpcUrl: anvil.url, ...(await freshStorage(own)), ...base(), log: () => {}, traceInternal: false, traceLimits: limits });
    try {
      await off.caughtUp();
      const expected = await rows(indexer, { address: payer, sort: 'asc' });
      expect(expected.length).toBeGreaterThan(6);
      const tooMany = notOk('Error! Finding this page would trace more than 1,000 transactions: narrow startblock and endblock, or ask again');
      expect(await api(off, { address: payer, sort: 'asc' })).toEqual(tooMany);
      const kept = await countOf(off.store, 'SELECT count(*) AS n FROM internal_calls');
      expect(kept).toBeGreaterThan(0);
      // Each request traces at most 3 more; the traces kept let the next one go further, until every row is found.
      let answer = await api(off, { address: payer, sort: 'asc' });
      for (let i = 0; i < 10 && answer.status !== '1'; i++) {
        expect(answer).toEqual(tooMany);
        answer = await api(off, { address: payer, sort: 'asc' });
      }
      expect(answer.result).toEqual(expected);
      expect(await countOf(off.store, 'SELECT count(*) AS n FROM internal_calls')).toBeGreaterThan(kept);
      // With every trace kept, batches of 2 are read one after another (more than 6 rows, each its own transaction).
      limits.maxTraced = 0;
      expect(await rows(off, { address: payer, sort: 'desc' })).toEqual([...expected].reverse());
      expect(await rows(off, { address: payer, sort: 'desc', page: '2', offset: '3' })).toEqual([...expected].reverse().slice(3, 6));
    } finally {
      await off.stop();
      rmSync(own, { recursive: true, force: true });
    }
  });

  it('a node without the call tracer: the tracer stops for good with one log line, and the API answers as before', async () => {
    // A node in front of the same anvil that refuses debug_* with -32601, as many public RPC providers do.
    const node = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => void (async () => {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { id: unknown; method: string } | { id: unknown; method: string }[];
        const list = Array.isArray(body) ? body : [body];
        const refuse = (r: { id: unknown; method: string }) => ({ jsonrpc: '2.0', id: r.id, error: { code: -32601, message: `the method ${r.method} does not exist/is not available` } });
        const answer = list.every((r) => r.method.startsWith('debug_'))
          ? (Array.isArray(body) ? list.map(refuse) : refuse(list[0] as { id: unknown; method: string }))
          : ((await (await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as unknown);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      })());
    });
    await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', () => resolve()));
    const own = mkdtempSync(join(tmpdir(), 'indexer-internal-notrace-'));
    const lines: string[] = [];
    const plain = await startIndexer({ rpcUrl: `http://127.0.0.1:${(node.address() as { port: number }).port}`, ...(await freshStorage(own)), ...base(), log: (l) => lines.push(l) });
    try {
      await plain.caughtUp();
      await waitFor(() => lines.some((l) => l.startsWith('tracer: the node has no call tracer')), 20_000, 'the tracer to give up');
      expect(lines.filter((l) => l.startsWith('tracer:'))).toHaveLength(1);
      expect(plain.tracedBlock()).toBeNull();
      expect(await api(plain, { address: payer })).toEqual(notOk('Error! Internal transactions are not available: the node does not trace transactions (debug_traceTransaction with callTracer)'));
      const res = await fetch(`${plain.url}/address/${payer}/internal-transactions`);
      expect(res.status).toBe(503);
    } finally {
      await plain.stop();
      await new Promise<void>((resolve) => node.close(() => resolve()));
      rmSync(own, { recursive: true, force: true });
    }
  });
});
