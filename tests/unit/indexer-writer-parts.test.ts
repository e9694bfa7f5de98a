import { describe, expect, it } from 'vitest';
import type { RawBlock, RawReceipt, RawTransaction } from '../../indexer/src/chain/types.ts';
import { BLOCK_ROWS } from '../../indexer/src/store/queries/blocks.ts';
import { LOG_ROWS } from '../../indexer/src/store/queries/logs.ts';
import { TRANSACTION_ROWS } from '../../indexer/src/store/queries/transactions.ts';
import { TRANSFER_ROWS } from '../../indexer/src/store/queries/transfers.ts';
import type { Queryable, SqlParam } from '../../indexer/src/store/types.ts';
import { blockRow, logRow, lower, transactionRow, transferRow } from '../../indexer/src/sync/batch-rows.ts';
import { BuildTurns } from '../../indexer/src/sync/build-turns.ts';
import { timed } from '../../indexer/src/sync/db-timing.ts';
import { RowBuffer } from '../../indexer/src/sync/row-buffer.ts';
import { ValidatorTally } from '../../indexer/src/sync/validator-tally.ts';

/** A queryable that records the statements run on it and answers `answer` to reads. */
function recorder(answer: unknown[] = []): { q: Queryable; runs: { sql: string; params: SqlParam[] }[] } {
  const runs: { sql: string; params: SqlParam[] }[] = [];
  const q = {
    one: async () => answer[0],
    all: async (sql: string, ...params: SqlParam[]) => {
      runs.push({ sql, params });
      return answer;
    },
    run: async (sql: string, ...params: SqlParam[]) => {
      runs.push({ sql, params });
    },
  } as unknown as Queryable;
  return { q, runs };
}

describe('RowBuffer', () => {
  it('writes one multi-row INSERT per table, in the order the tables were first added to, then forgets the rows', async () => {
    const buf = new RowBuffer();
    const a = { name: 'a', columns: ['x', 'y'], suffix: '' };
    const b = { name: 'b', columns: ['z'], suffix: ' ON CONFLICT DO NOTHING' };
    buf.add(b, [1]);
    buf.add(a, [2, 'p']);
    buf.add(b, [3]);
    const { q, runs } = recorder();
    await buf.flush(q);
    expect(runs).toEqual([
      { sql: 'INSERT INTO b (z) VALUES (?), (?) ON CONFLICT DO NOTHING', params: [1, 3] },
      { sql: 'INSERT INTO a (x, y) VALUES (?, ?)', params: [2, 'p'] },
    ]);
    await buf.flush(q);
    buf.add(a, [4, 'q']);
    buf.clear();
    await buf.flush(q);
    expect(runs).toHaveLength(2);
  });
});

describe('BuildTurns', () => {
  it('lets each turn start once the one before has ended, in the order they were taken', async () => {
    const turns = new BuildTurns();
    const order: string[] = [];
    const first = turns.take();
    const second = turns.take();
    const third = turns.take();
    void third.wait.then(() => order.push('third'));
    void second.wait.then(() => order.push('second'));
    await first.wait;
    order.push('first');
    await Promise.resolve();
    expect(order).toEqual(['first']);
    first.end();
    first.end();
    await second.wait;
    second.end();
    await third.wait;
    expect(order).toEqual(['first', 'second', 'third']);
  });
});

describe('timed', () => {
  it('adds the time of every call to dbMs and passes the answers through', async () => {
    const spent = { dbMs: 0 };
    const slow = { one: async () => new Promise((r) => setTimeout(() => r(7), 20)), all: async () => [], run: async () => {} } as unknown as Queryable;
    expect(await timed(slow, spent).one('SELECT 7')).toBe(7);
    expect(spent.dbMs).toBeGreaterThanOrEqual(15);
    expect(timed(slow, spent).insertMany).toBeUndefined();
  });
});

describe('ValidatorTally', () => {
  it('reads a producer total once, adds each batch to it, and skips the genesis block', async () => {
    const tally = new ValidatorTally();
    const { q, runs } = recorder([{ address: '0xm', rewards: '100' }]);
    tally.begin();
    tally.add('0xm', 0, 999n);
    tally.add('0xm', 1, 5n);
    tally.add('0xm', 2, 6n);
    await tally.write(q);
    expect(runs).toHaveLength(2);
    expect(runs[1]?.params).toEqual(['0xm', 2, '111', 1, 2]);
    tally.begin();
    tally.add('0xm', 3, 1n);
    await tally.write(q);
    // The total is remembered: no read, one upsert.
    expect(runs).toHaveLength(3);
    expect(runs[2]?.params).toEqual(['0xm', 1, '112', 3, 3]);
    tally.forget();
    tally.begin();
    tally.add('0xm', 4, 1n);
    await tally.write(q);
    expect(runs).toHaveLength(5);
  });
});

describe('batch rows', () => {
  const block = {
    number: '0x2', hash: '0xAB', parentHash: '0xCD', timestamp: '0x10', miner: '0xM', gasUsed: '0x5', gasLimit: '0x64', baseFeePerGas: '0x7',
    difficulty: '0x0', nonce: '0x01', transactions: [{}, {}],
  } as unknown as RawBlock;
  const tx = { transactionIndex: '0x1', value: '0xa', gas: '0x5208', gasPrice: '0x9', nonce: '0x3', type: '0x2' } as unknown as RawTransaction;
  const receipt = { gasUsed: '0x5208', cumulativeGasUsed: '0x6000', effectiveGasPrice: '0x8' } as unknown as RawReceipt;

  it.each([
    ['block', BLOCK_ROWS.columns, blockRow(block, 2, 16, '0xm', 42n), [2, '0xab', '0xcd', 16, '0xm', '5', '100', '7', '0', '0x01', '0x', null, 2, '42']],
    [
      'transaction',
      TRANSACTION_ROWS.columns,
      transactionRow(tx, receipt, { number: 2, timestamp: 16, hash: '0xh', from: '0xf', to: null, created: '0xc', status: 1, txId: 21, blockHash: '0xab' }),
      [21, '0xh', 2, 1, '0xab', 16, '0xf', null, '0xc', '10', '21000', '9', null, null, '8', '21000', '24576', '0x', 3, 2, 1],
    ],
    ['log', LOG_ROWS.columns, logRow(2, 4, 21, '0xh', '0xe', { topics: ['0xT0', '0xT1'], data: '0x' }), [expect.any(Number), 2, 4, 21, '0xh', '0xe', '0xt0', '0xt1', null, null, '0x']],
    [
      'transfer',
      TRANSFER_ROWS.columns,
      transferRow(2, 4, '0xh', 16, { tokenAddress: '0xt', tokenType: 'ERC20', from: '0xa', to: '0xb', value: 5n, tokenId: null, batchIndex: 0, logIndex: 4 }, null),
      [2, 4, 0, '0xh', 16, '0xt', 'ERC20', '0xa', '0xb', '5', null],
    ],
  ])('a %s row has one cell per column, in their order', (_name, columns, row, want) => {
    expect(row).toHaveLength(columns.length);
    expect(row).toEqual(want);
  });

  it('lower-cases addresses and keeps null for none', () => {
    expect([lower('0xAB'), lower(null), lower(undefined)]).toEqual(['0xab', null, null]);
  });
});
