// The stats follower's fold on a table of blocks in SQLite in memory: whole UTC days, a step that ends
// mid-day and one across midnight give what one fold of everything gives, empty days read as 0 or null, a reorg that
// removes a day's last blocks is re-folded from the last intact day, and a token's holders at the end of each day are
// worked back exactly from the current balances.
import { afterEach, describe, expect, it } from 'vitest';
import { formatDay } from '../../common/stats-series.ts';
import { dayRow } from '../../indexer/src/stats/day.ts';
import { foldStep } from '../../indexer/src/stats/fold.ts';
import { StatsFollower } from '../../indexer/src/stats/follower.ts';
import { holdersByDay } from '../../indexer/src/stats/holders.ts';
import { dailyRows, seriesPoints, tokenPoints } from '../../indexer/src/stats/read.ts';
import { openSqlite } from '../../indexer/src/store/sqlite.ts';
import type { Store } from '../../indexer/src/store/types.ts';
import { pad } from '../../indexer/src/chain/num.ts';

const D = 20_000; // 2024-10-04
const T0 = D * 86_400;
const ZERO = '0x0000000000000000000000000000000000000000';
const addr = (c: string): string => `0x${c.repeat(40)}`;
const [A, B, C, TOKEN] = [addr('a'), addr('b'), addr('c'), addr('e')];
const GWEI = 1_000_000_000n;

interface TestTx {
  from: string;
  to: string | null;
  gasUsed: number;
  price: bigint;
}
interface TestTransfer {
  from: string;
  to: string;
  value: bigint;
}
interface TestBlock {
  number: number;
  /** Seconds after the start of day D. */
  at: number;
  txs?: TestTx[];
  transfers?: TestTransfer[];
  fork?: string;
}

/** The table: day D (genesis, three blocks, its last at 23:59:59), day D+1 (one block), day D+2 empty, day D+3. */
const CHAIN: TestBlock[] = [
  { number: 0, at: 100 },
  {
    number: 1,
    at: 3_600,
    txs: [
      { from: A, to: B, gasUsed: 21_000, price: 2n * GWEI },
      { from: A, to: null, gasUsed: 100_000, price: 4n * GWEI },
    ],
    transfers: [{ from: ZERO, to: A, value: 100n }],
  },
  { number: 2, at: 7_200, txs: [{ from: B, to: C, gasUsed: 21_000, price: 3n * GWEI }], transfers: [{ from: A, to: B, value: 40n }] },
  { number: 3, at: 86_399, txs: [{ from: C, to: A, gasUsed: 50_000, price: 10n * GWEI }] },
  { number: 4, at: 86_400 + 12, txs: [{ from: B, to: A, gasUsed: 21_000, price: 1n * GWEI }], transfers: [{ from: B, to: A, value: 40n }] },
  { number: 5, at: 3 * 86_400 + 50, txs: [{ from: A, to: C, gasUsed: 21_000, price: 5n * GWEI }], transfers: [{ from: A, to: C, value: 100n }] },
];

const stores: Store[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
});

function store(): Store {
  const s = openSqlite(':memory:');
  stores.push(s);
  return s;
}

const hashOf = (b: TestBlock): string => `0x${(b.fork ?? '0').padStart(2, '0')}${b.number.toString(16).padStart(62, '0')}`;

/** Writes blocks as the syncer would (the rows the fold reads), then the token's balances and holders as of the head. */
async function write(db: Store, blocks: readonly TestBlock[]): Promise<void> {
  for (const b of blocks) {
    const txs = b.txs ?? [];
    const gas = txs.reduce((s, t) => s + t.gasUsed, 0);
    await db.run(
      `INSERT INTO blocks (number, hash, parent_hash, timestamp, miner, gas_used, gas_limit, difficulty, extra_data, size, tx_count, reward)
       VALUES (?, ?, ?, ?, ?, ?, '30000000', '0', '0x', ?, ?, ?)`,
      b.number, hashOf(b), '0x', T0 + b.at, C, String(gas), 500 + 100 * txs.length, txs.length, String(1000 * txs.length),
    );
    for (const [i, t] of txs.entries()) {
      await db.run(
        `INSERT INTO transactions (id, hash, block_number, tx_index, block_hash, timestamp, from_addr, to_addr, value, gas_limit, gas_price, effective_gas_price, gas_used, cumulative_gas_used, input, nonce, status)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, '0', '1000000', ?, ?, ?, '0', '0x', 0, 1)`,
        b.number * 1_000_000 + i, `${hashOf(b)}${i}`, b.number, i, hashOf(b), T0 + b.at, t.from, t.to, String(t.price), String(t.price), String(t.gasUsed),
      );
      for (const a of [t.from, t.to]) {
        if (a !== null) await db.run(`INSERT INTO addresses (address, balance, balance_block, first_seen_block) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`, a, pad(0n), b.number, b.number);
      }
    }
    for (const [i, t] of (b.transfers ?? []).entries()) {
      await db.run(
        `INSERT INTO token_transfers (block_number, log_index, batch_index, tx_hash, timestamp, token_address, token_type, from_addr, to_addr, value)
         VALUES (?, ?, 0, ?, ?, ?, 'ERC20', ?, ?, ?)`,
        b.number, i, `${hashOf(b)}0`, T0 + b.at, TOKEN, t.from, t.to, String(t.value),
      );
    }
    if (b.number === 1) await db.run(`INSERT INTO contracts (address, first_seen_block, contract_type) VALUES (?, 1, 'ERC20') ON CONFLICT DO NOTHING`, TOKEN);
  }
  await settleBalances(db);
}

/** token_balances and holder_count from every stored transfer, as the ledger keeps them. */
async function settleBalances(db: Store): Promise<void> {
  const balances = new Map<string, bigint>();
  for (const t of await db.all<{ from_addr: string; to_addr: string; value: string }>('SELECT from_addr, to_addr, value FROM token_transfers ORDER BY id')) {
    if (t.from_addr !== ZERO) balances.set(t.from_addr, (balances.get(t.from_addr) ?? 0n) - BigInt(t.value));
    if (t.to_addr !== ZERO) balances.set(t.to_addr, (balances.get(t.to_addr) ?? 0n) + BigInt(t.value));
  }
  await db.run('DELETE FROM token_balances');
  let holders = 0;
  for (const [h, v] of balances) {
    if (v <= 0n) continue;
    holders++;
    await db.run(`INSERT INTO token_balances (token_address, holder, token_id, balance) VALUES (?, ?, '', ?)`, TOKEN, h, pad(v));
  }
  await db.run('UPDATE contracts SET holder_count = ? WHERE address = ?', holders, TOKEN);
}

/** Removes blocks from `from` on, as a rollback does for the rows the fold reads. */
async function removeFrom(db: Store, from: number): Promise<void> {
  await db.run('DELETE FROM token_transfers WHERE block_number >= ?', from);
  await db.run('DELETE FROM transactions WHERE block_number >= ?', from);
  await db.run('DELETE FROM addresses WHERE first_seen_block >= ?', from);
  await db.run('DELETE FROM blocks WHERE number >= ?', from);
  await settleBalances(db);
}

async function fold(db: Store, maxDays = 31, maxTxs?: number): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const outcome = await db.transaction((tx) => foldStep(tx, { maxDays, ...(maxTxs === undefined ? {} : { maxTxs }) }));
    if (!outcome.more) return;
  }
  throw new Error('the fold did not end');
}

const rows = async (db: Store): Promise<unknown> => ({
  daily: await db.all('SELECT * FROM daily_stats ORDER BY day'),
  tokens: await db.all('SELECT * FROM token_daily_stats ORDER BY token_address, day'),
  cursor: await db.one('SELECT block_number, block_hash FROM stats_cursor'),
});

describe('dayRow', () => {
  it.each([
    ['no transactions, one block', [{ number: 0, timestamp: 10, gas_used: '0', size: 500, reward: '0' }], [], { transactions: 0, averageGasPrice: null, medianGasPrice: null, averageBlockTime: null, averageBlockSize: '500', fees: '0' }],
    [
      'an even count: the median is the mean of the middle two; block time over consecutive blocks',
      [
        { number: 1, timestamp: 0, gas_used: '10', size: 100, reward: '1' },
        { number: 2, timestamp: 5, gas_used: '20', size: null, reward: '2' },
        { number: 3, timestamp: 12, gas_used: '30', size: 201, reward: '3' },
      ],
      [
        { from_addr: A, to_addr: B, gas_used: '10', effective_gas_price: '4', gas_price: '9' },
        { from_addr: A, to_addr: null, gas_used: '20', effective_gas_price: null, gas_price: '1' },
        { from_addr: B, to_addr: C, gas_used: '30', effective_gas_price: '7', gas_price: '7' },
        { from_addr: C, to_addr: A, gas_used: '40', effective_gas_price: '2', gas_price: '2' },
      ],
      { transactions: 4, activeSenders: 3, activeAddresses: 3, gasUsed: '60', averageGasPrice: '3', medianGasPrice: '3', minGasPrice: '1', maxGasPrice: '7', averageBlockTime: '6', averageBlockSize: '150', fees: String(40 + 20 + 210 + 80), blockRewards: '6' },
    ],
  ])('%s', (_name, blocks, txs, expected) => {
    expect(dayRow(blocks, txs)).toMatchObject(expected);
  });
});

describe('holdersByDay', () => {
  it('works back from the current balances, noting each wanted day at its end, blocks above the last folded undone first', () => {
    const t = (block: number, day: number, from: string, to: string, amount: bigint) => ({ block, day, token: TOKEN, from, to, amount });
    // Newest first: day 3 (block 9, not folded yet), day 2, day 1.
    const walk = [t(9, 3, A, C, 5n), t(5, 2, B, A, 40n), t(2, 1, A, B, 40n), t(1, 1, ZERO, A, 100n)];
    const balances = new Map([[`${TOKEN} ${A}`, 95n], [`${TOKEN} ${C}`, 5n]]);
    const wanted = new Map([[1, new Map([[TOKEN, 2]])], [2, new Map([[TOKEN, 1]])]]);
    const out = holdersByDay(walk, balances, new Map([[TOKEN, 2]]), 5, wanted);
    expect(out.get(2)?.get(TOKEN)).toBe(1);
    expect(out.get(1)?.get(TOKEN)).toBe(2);
  });
});

describe('foldStep on a table of blocks', () => {
  it('folds whole UTC days; an empty day reads 0 for counts and null for averages', async () => {
    const db = store();
    await write(db, CHAIN);
    await fold(db);
    const r = await dailyRows(db, D, D + 3);
    expect([...r.keys()]).toEqual([D, D + 1, D + 3]);
    expect(seriesPoints('transactions', r, D, D + 3).map((p) => p.value)).toEqual(['4', '1', '0', '1']);
    expect(seriesPoints('blocks', r, D, D + 3).map((p) => p.value)).toEqual(['4', '1', '0', '1']);
    expect(seriesPoints('average-gas-price', r, D, D + 3).map((p) => p.value)).toEqual([String(((2n + 4n + 3n + 10n) * GWEI) / 4n), String(GWEI), null, String(5n * GWEI)]);
    expect(seriesPoints('median-gas-price', r, D, D + 3)[0]?.value).toBe(String(((3n + 4n) * GWEI) / 2n));
    expect(seriesPoints('average-block-time', r, D, D + 3).map((p) => p.value)).toEqual([String(Math.round(((86_399 - 100) / 3) * 1000) / 1000), null, null, null]);
    expect(seriesPoints('active-senders', r, D, D + 3).map((p) => p.value)).toEqual(['3', '1', '0', '1']);
    expect(seriesPoints('new-addresses', r, D, D + 3).map((p) => p.value)).toEqual(['3', '0', '0', '0']);
    expect(seriesPoints('new-contracts', r, D, D + 3).map((p) => p.value)).toEqual(['1', '0', '0', '0']);
    expect(seriesPoints('erc20-transfers', r, D, D + 3).map((p) => p.value)).toEqual(['2', '1', '0', '1']);
    expect(seriesPoints('fees', r, D, D + 3)[0]?.value).toBe(String((21_000n * 2n + 100_000n * 4n + 21_000n * 3n + 50_000n * 10n) * GWEI));
    expect(seriesPoints('gas-used', r, D, D + 3).map((p) => p.value)).toEqual([String(21_000 + 100_000 + 21_000 + 50_000), '21000', '0', '21000']);
    // Holders at each day's end: A and B after day D, A alone after D+1, C alone after D+3 (carried over D+2).
    expect((await tokenPoints(db, TOKEN, 'holders', D, D + 3)).map((p) => p.value)).toEqual(['2', '1', '1', '1']);
    expect((await tokenPoints(db, TOKEN, 'transfers', D, D + 3)).map((p) => p.value)).toEqual(['2', '1', '0', '1']);
    expect(formatDay(D)).toBe('2024-10-04');
  });

  it.each([
    ['a step that ends mid-day (the day is re-folded whole when its next blocks come)', 2, 31],
    ['a batch across midnight', 4, 31],
    ['one day per step', 6, 1],
    ['one transaction per step (steps within a day)', 6, 31, 1],
  ])('%s ends as one fold of everything', async (_name, split, maxDays, maxTxs?: number) => {
    const once = store();
    await write(once, CHAIN);
    await fold(once);
    const steps = store();
    await write(steps, CHAIN.slice(0, split));
    await fold(steps, maxDays, maxTxs);
    await write(steps, CHAIN.slice(split));
    await fold(steps, maxDays, maxTxs);
    expect(await rows(steps)).toEqual(await rows(once));
  });

  it("a reorg that removes a day's last blocks: re-folded from the last intact day, as a clean fold of the new chain", async () => {
    const db = store();
    await write(db, CHAIN);
    await fold(db);
    // Blocks 3 (day D's last), 4 and 5 are replaced by a new block 3 on day D and a new block 4 on day D+2.
    const fork: TestBlock[] = [
      { number: 3, at: 80_000, fork: 'f', txs: [{ from: B, to: B, gasUsed: 30_000, price: 6n * GWEI }], transfers: [{ from: B, to: C, value: 10n }] },
      { number: 4, at: 2 * 86_400 + 5, fork: 'f', txs: [{ from: C, to: A, gasUsed: 21_000, price: 1n * GWEI }] },
    ];
    await removeFrom(db, 3);
    await write(db, fork);
    await fold(db);
    const clean = store();
    await write(clean, [...CHAIN.slice(0, 3), ...fork]);
    await fold(clean);
    expect(await rows(db)).toEqual(await rows(clean));
    const r = await dailyRows(db, D, D + 3);
    expect([...r.keys()]).toEqual([D, D + 2]);
    expect((await tokenPoints(db, TOKEN, 'holders', D, D + 2)).map((p) => p.value)).toEqual(['3', '3', '3']);
  });

  it('a reorg below every folded day starts again from nothing', async () => {
    const db = store();
    await write(db, CHAIN.slice(0, 3));
    await fold(db);
    await removeFrom(db, 0);
    await write(db, [{ number: 0, at: 86_400 * 5, fork: 'e' }]);
    await fold(db);
    expect([...(await dailyRows(db, D, D + 10)).keys()]).toEqual([D + 5]);
    expect(await db.one('SELECT count(*) AS n FROM token_daily_stats')).toEqual({ n: 0 });
  });
});

describe('StatsFollower', () => {
  it('runs the sync fence first in every step: a refused fence writes nothing, an accepted one folds', async () => {
    const db = store();
    await write(db, CHAIN);
    const refused = new StatsFollower(db, { fence: () => Promise.reject(new Error('another process syncs now')) });
    await expect(refused.step()).rejects.toThrow('another process syncs now');
    expect(await db.one('SELECT count(*) AS n FROM daily_stats')).toEqual({ n: 0 });
    expect(await db.one('SELECT block_number FROM stats_cursor')).toEqual({ block_number: null });
    let fenced = 0;
    const follower = new StatsFollower(db, { fence: async (tx) => {
      // Inside the step's transaction, before any of its writes.
      expect(await tx.one('SELECT count(*) AS n FROM daily_stats')).toEqual({ n: 0 });
      fenced++;
    } });
    expect(await follower.step()).toBe(false);
    expect(fenced).toBe(1);
    expect(follower.foldedBlock()).toBe(5);
  });

  it('folds no further than the tracer where it trails one', async () => {
    const db = store();
    await write(db, CHAIN);
    await db.run('UPDATE internal_trace SET block_number = 2, block_hash = ? WHERE id = 1', hashOf(CHAIN[2] as TestBlock));
    const follower = new StatsFollower(db, { trailTracer: () => true });
    await follower.step();
    expect(follower.foldedBlock()).toBe(2);
    expect([...(await dailyRows(db, D, D + 3)).keys()]).toEqual([D]);
  });
});
