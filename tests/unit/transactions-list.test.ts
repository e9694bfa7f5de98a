import { describe, expect, it } from 'vitest';
import { gasTiers } from '../../src/lib/transactions/gas-tiers.ts';
import { loadTransactionList, totalTransactions, type TxListSource } from '../../src/lib/transactions/list.ts';
import { httpError } from '../../src/lib/indexer-api/errors.ts';
import type { Receipt, Transaction } from '../../src/lib/model/types.ts';

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const A = '0x1111111111111111111111111111111111111111';
const B = '0x2222222222222222222222222222222222222222';

function tx(n: number, extra: Partial<Transaction> = {}): Transaction {
  return {
    hash: hash(n), blockNumber: 10, timestamp: 1_700_000_000, from: A, to: B, contractAddress: null, value: 10n ** 18n,
    input: '0x', gasUsed: 21_000n, gasPrice: 10n ** 9n, gasLimit: 21_000n, nonce: 0, transactionIndex: 0, status: true,
    tokenTransfers: [], ...extra,
  };
}

function receipt(status: boolean | null): Receipt {
  return { transactionHash: null, blockNumber: 10, from: A, to: B, status, gasUsed: 21_000n, effectiveGasPrice: null, contractAddress: null, logs: [] };
}

interface FakeOptions {
  count?: number | Error;
  countLatest?: number | null;
  lastBlock?: number | Error;
  txs?: (limit: number, offset: number) => Transaction[] | Error;
  receipts?: Record<string, Receipt | null | Error>;
}

function fake(options: FakeOptions) {
  const calls: { transactions: { limit?: number; offset?: number }[]; receipts: string[]; health: number } = { transactions: [], receipts: [], health: 0 };
  const source: TxListSource = {
    getTransactionCount: async () => {
      if (options.count instanceof Error) throw options.count;
      return { totalTransactions: options.count ?? 0, latestBlock: options.countLatest ?? null };
    },
    getHealth: async () => {
      calls.health++;
      if (options.lastBlock instanceof Error) throw options.lastBlock;
      return { status: 'ok', ok: true, lastBlock: options.lastBlock ?? null, isIndexing: true, reorgs: null, metadataUpdates: null };
    },
    getTransactions: async (query = {}) => {
      calls.transactions.push(query);
      const result = options.txs?.(query.limit ?? 0, query.offset ?? 0) ?? [];
      if (result instanceof Error) throw result;
      return result;
    },
    getReceipt: async (h) => {
      calls.receipts.push(h);
      const r = options.receipts?.[h];
      if (r instanceof Error) throw r;
      return r ?? null;
    },
  };
  return { source, calls };
}

describe('totalTransactions: the count when > 0, else 2 × latest block', () => {
  it.each<[number | null, number | null, number, boolean]>([
    [1_079, 364, 1_079, false],
    [1, null, 1, false],
    [0, 364, 728, true],
    [null, 500, 1_000, true],
    [-5, 10, 20, true],
    [0, null, 0, true],
    [Number.NaN, 3, 6, true],
  ])('count %s, latest %s → %s (estimated %s)', (count, latest, total, estimated) => {
    expect(totalTransactions(count, latest)).toEqual({ total, estimated });
  });
});

describe('loadTransactionList', () => {
  it('a failed page read is an empty list that says why; a good one has no failure', async () => {
    const down = httpError('http://indexer.test/transactions', 503, 'Service Unavailable');
    const { source } = fake({ count: 40, txs: () => down });
    const failed = await loadTransactionList(source, { page: 1, size: 25 });
    expect(failed.rows).toEqual([]);
    expect(failed.failure).toBe(down);
    const ok = await loadTransactionList(fake({ count: 40, txs: () => [tx(1)] }).source, { page: 1, size: 25 });
    expect(ok.failure).toBeNull();
  });

  it('reads the page at offset (page - 1) × size and pages by ceil(total / size)', async () => {
    const { source, calls } = fake({ count: 1_079, txs: (limit, offset) => [tx(offset + 1), tx(offset + 2)].slice(0, limit) });
    const page = await loadTransactionList(source, { page: 3, size: 25 });
    expect(calls.transactions).toEqual([{ limit: 25, offset: 50 }]);
    expect(page).toMatchObject({ page: 3, size: 25, totalPages: 44, totalTransactions: 1_079, totalEstimated: false });
    expect(page.rows.map((r) => r.tx.hash)).toEqual([hash(51), hash(52)]);
    expect(calls.health).toBe(0);
  });

  it('estimates the total from the latest block when the count is 0', async () => {
    const { source } = fake({ count: 0, lastBlock: 120, txs: () => [tx(1)] });
    const page = await loadTransactionList(source, { page: 1, size: 10 });
    expect(page).toMatchObject({ totalTransactions: 240, totalEstimated: true, totalPages: 24 });
  });

  it('estimates from the count answer\'s latest block when health fails', async () => {
    const { source } = fake({ count: 0, countLatest: 50, lastBlock: new Error('down'), txs: () => [] });
    expect(await loadTransactionList(source, { page: 1, size: 25 })).toMatchObject({ totalTransactions: 100, totalEstimated: true });
  });

  it('shows the last page for a page past the end', async () => {
    const { source, calls } = fake({ count: 60, txs: (_limit, offset) => [tx(offset + 1)] });
    const page = await loadTransactionList(source, { page: 9, size: 25 });
    expect(page.page).toBe(3);
    expect(calls.transactions.at(-1)).toEqual({ limit: 25, offset: 50 });
    expect(page.rows[0]?.tx.hash).toBe(hash(51));
  });

  it('degrades to an empty list when the reads fail', async () => {
    const { source } = fake({ count: httpError('u', 500, 'x'), lastBlock: httpError('u', 500, 'x'), txs: () => httpError('u', 502, 'x') });
    expect(await loadTransactionList(source, { page: 1, size: 25 })).toMatchObject({ rows: [], totalTransactions: 0, totalPages: 1, page: 1 });
  });

  it('labels each row with its kind', async () => {
    const rows = [
      tx(1, { to: null, contractAddress: A }),
      tx(2, { value: 0n, input: '0xa9059cbb00', tokenTransfers: [] }),
      tx(3, { input: '0x12345678' }),
      tx(4),
    ];
    const { source } = fake({ count: 4, txs: () => rows });
    const page = await loadTransactionList(source, { page: 1, size: 10 });
    expect(page.rows.map((r) => r.kind)).toEqual(['Contract Creation', 'Token Transfer', 'Contract Interaction', 'STO Transfer']);
  });

  it("names a transfer() call's token: '{symbol} Transfer', read once per token; unknown tokens and failed calls keep 'Token Transfer'", async () => {
    const T1 = '0x3333333333333333333333333333333333333333';
    const T2 = '0x4444444444444444444444444444444444444444';
    const NOT_A_TOKEN = '0x5555555555555555555555555555555555555555';
    const SLOW = '0x6666666666666666666666666666666666666666';
    const call = (n: number, to: string, extra: Partial<Transaction> = {}) => tx(n, { to, value: 0n, input: '0xa9059cbb00', tokenTransfers: [], ...extra });
    const rows = [call(1, T1), call(2, T1.toUpperCase().replace('0X', '0x')), call(3, T2), call(4, NOT_A_TOKEN), call(5, T1, { status: false }), call(6, SLOW), tx(7)];
    const { source } = fake({ count: rows.length, txs: () => rows });
    const asked: { address: string; timeoutMs: number | undefined }[] = [];
    source.getToken = async (address, request) => {
      asked.push({ address, timeoutMs: request?.timeoutMs });
      if (address === SLOW) throw new Error('timed out');
      if (address === T1) return { address: T1, name: 'Gov', symbol: 'SGOV', decimals: 18 } as Awaited<ReturnType<NonNullable<TxListSource['getToken']>>>;
      if (address === T2) return { address: T2, name: 'No symbol', symbol: '', decimals: 18 } as Awaited<ReturnType<NonNullable<TxListSource['getToken']>>>;
      return null;
    };
    const page = await loadTransactionList(source, { page: 1, size: 10 });
    expect(page.rows.map((r) => r.kind)).toEqual(['SGOV Transfer', 'SGOV Transfer', 'TOKEN Transfer', 'Token Transfer', 'Token Transfer', 'Token Transfer', 'STO Transfer']);
    expect(asked.map((a) => a.address).sort()).toEqual([T1, T2, NOT_A_TOKEN, SLOW].sort());
    expect(asked.every((a) => a.timeoutMs === 1_000)).toBe(true);
  });

  it('takes the status from the receipt only when the transaction has none', async () => {
    const rows = [
      tx(1, { status: true }),
      tx(2, { status: false }),
      tx(3, { status: null }),
      tx(4, { status: null }),
      tx(5, { status: null }),
      tx(6, { status: null, blockNumber: null }),
    ];
    const { source, calls } = fake({
      count: 6,
      txs: () => rows,
      receipts: { [hash(3)]: receipt(false), [hash(4)]: new Error('timeout'), [hash(5)]: receipt(null) },
    });
    const page = await loadTransactionList(source, { page: 1, size: 10 });
    expect(page.rows.map((r) => r.status.label)).toEqual(['Success', 'Failed', 'Failed', 'Success', 'Pending', 'Pending']);
    expect(calls.receipts).toEqual([hash(3), hash(4), hash(5)]);
  });
});

describe('gasTiers: standard pays at most the reference price, priority more', () => {
  const gwei = (n: number) => BigInt(Math.round(n * 1e9));
  it.each<[string, (number | null)[], number | null, { standard: [number, number | null]; priority: [number, number | null]; reference: number | null }]>([
    ['quoted price splits', [1, 1.3, 2, 3], 1.3, { standard: [2, 1.15], priority: [2, 2.5], reference: 1.3 }],
    ['zero-priced count as standard', [0, 0, 5], 1, { standard: [2, 0], priority: [1, 5], reference: 1 }],
    ['median without a quote', [1, 2, 3, 4], null, { standard: [2, 1.5], priority: [2, 3.5], reference: 2 }],
    ['a zero quote falls back to the median', [1, 3, 5], 0, { standard: [2, 2], priority: [1, 5], reference: 3 }],
    ['no prices', [null, null], null, { standard: [0, null], priority: [0, null], reference: null }],
    ['empty', [], 2, { standard: [0, null], priority: [0, null], reference: 2 }],
  ])('%s', (_name, prices, quote, expected) => {
    const result = gasTiers(prices.map((p) => ({ gasPrice: p === null ? null : gwei(p) })), quote === null ? null : gwei(quote));
    expect([result.standard.count, result.standard.averageWei]).toEqual([expected.standard[0], expected.standard[1] === null ? null : gwei(expected.standard[1])]);
    expect([result.priority.count, result.priority.averageWei]).toEqual([expected.priority[0], expected.priority[1] === null ? null : gwei(expected.priority[1])]);
    expect(result.referenceWei).toEqual(expected.reference === null ? null : gwei(expected.reference));
  });
});
