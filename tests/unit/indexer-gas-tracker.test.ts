import { describe, expect, it, vi, type Mock } from 'vitest';
import { HOURS, TOP_CONSUMERS } from '../../common/gas-tracker.ts';
import {
  feeWindow,
  GasTracker,
  hourlyPoints,
  hourOf,
  inclusions,
  liveFigures,
  meanPriorityFee,
  rankConsumers,
  tallyHours,
  waitSeconds,
  windowHours,
  type FeeHistory,
  type TxGas,
} from '../../indexer/src/api/gas-tracker.ts';
import type { ApiContext } from '../../indexer/src/api/context.ts';
import type { RpcClient } from '../../indexer/src/chain/rpc.ts';
import { openDatabase, SqliteStore } from '../../indexer/src/store/sqlite.ts';
import { IDLE_STATUS } from '../../indexer/src/sync/state.ts';

// eth_feeHistory answers recorded from anvil 1.7.1 (percentiles 25, 50, 75) on a chain whose first block had a base fee
// of 7 gwei, then blocks 12 s apart holding transfers at these priority fees (gwei): 1: 1, 2, 3, 5; 2: none;
// 3: 0.5, 1.5; 4, 5: none; 6: 2; 7: 1, 1, 1, 4, 8, 9; 8: none; 9: 3, 3. (Anvil answers the head's next base fee as
// the last one even for an older window, as recorded.)
const FULL: FeeHistory = {
  baseFeePerGas: ['0x1a13b8600', '0x16d5ed9e0', '0x13fb2fea4', '0x117d943f2', '0xf4de1b74', '0xd6425806', '0xbb83a651', '0xa44598e9', '0x8fbce5cc', '0x7dd22a14'],
  gasUsedRatio: [0.0028, 0, 0.0014, 0, 0, 0.0007, 0.0042, 0, 0.0014],
  oldestBlock: '0x1',
  reward: [
    ['0x3b9aca00', '0x77359400', '0xb2d05e00'],
    ['0x0', '0x0', '0x0'],
    ['0x1dcd6500', '0x1dcd6500', '0x59682f00'],
    ['0x0', '0x0', '0x0'],
    ['0x0', '0x0', '0x0'],
    ['0x77359400', '0x77359400', '0x77359400'],
    ['0x3b9aca00', '0x3b9aca00', '0x1dcd65000'],
    ['0x0', '0x0', '0x0'],
    ['0xb2d05e00', '0xb2d05e00', '0xb2d05e00'],
  ],
};
const FULL_TIMES = [1795715557, 1795715653] as const;
/** Blocks 4 and 5: nothing in them. */
const EMPTY: FeeHistory = { baseFeePerGas: ['0x117d943f2', '0xf4de1b74', '0x7dd22a14'], gasUsedRatio: [0, 0], oldestBlock: '0x4', reward: [['0x0', '0x0', '0x0'], ['0x0', '0x0', '0x0']] };
const EMPTY_TIMES = [1795715593, 1795715605] as const;
/** Block 9 alone. */
const ONE: FeeHistory = { baseFeePerGas: ['0x8fbce5cc', '0x7dd22a14'], gasUsedRatio: [0.0014], oldestBlock: '0x9', reward: [['0xb2d05e00', '0xb2d05e00', '0xb2d05e00']] };

const NEXT_BASE_FEE = 2_110_925_332n;

describe('the levels from a recorded fee history', () => {
  const w = feeWindow(FULL, ...FULL_TIMES);

  it('reads the window: blocks, next base fee, mean block time', () => {
    expect([w.oldestBlock, w.lastBlock, w.nextBaseFee, w.blockTime]).toEqual([1, 9, NEXT_BASE_FEE, 12]);
    expect(w.blocks.map((b) => b.baseFee)).toEqual([7_000_000_000n, 6_129_900_000n, 5_363_662_500n, 4_695_081_970n, 4_108_196_724n, 3_594_672_134n, 3_145_967_185n, 2_756_024_553n, 2_411_521_484n]);
  });

  it.each([
    // The five blocks that held transactions (1, 3, 6, 7, 9); the empty ones do not pull the mean down.
    [0, (1_000_000_000n + 500_000_000n + 2_000_000_000n + 1_000_000_000n + 3_000_000_000n) / 5n],
    [1, (2_000_000_000n + 500_000_000n + 2_000_000_000n + 1_000_000_000n + 3_000_000_000n) / 5n],
    [2, (3_000_000_000n + 1_500_000_000n + 2_000_000_000n + 8_000_000_000n + 3_000_000_000n) / 5n],
  ])('level %i: the mean priority fee of the busy blocks', (j, fee) => {
    expect(meanPriorityFee(w, j)).toBe(fee);
  });

  it('prices, transfer fees and waits of each level', () => {
    const live = liveFigures(w);
    expect(live.lastBlock).toBe(9);
    expect(live.baseFee).toBe(NEXT_BASE_FEE.toString());
    expect(live.levels).toEqual({
      // 3.61 gwei: only block 8 (empty, base fee 2.76) would have taken it: 12 s × 9 blocks / 1.
      slow: { priorityFee: '1500000000', price: '3610925332', transferFee: '75829431972000', waitSeconds: 108 },
      standard: { priorityFee: '1700000000', price: '3810925332', transferFee: '80029431972000', waitSeconds: 108 },
      // 5.61 gwei: blocks 4, 5 (empty), 6, 7, 8 and 9 (base fee + their 25th percentile below it): 12 × 9 / 6.
      fast: { priorityFee: '3500000000', price: '5610925332', transferFee: '117829431972000', waitSeconds: 18 },
    });
    expect(live.blocks).toEqual(FULL.gasUsedRatio.map((gasUsedRatio, i) => ({ number: 1 + i, baseFee: BigInt(FULL.baseFeePerGas[i] as string).toString(), gasUsedRatio })));
  });

  it.each([
    [2_411_521_483n, 0, null],
    [2_756_024_553n, 1, 108],
    [4_108_196_724n, 2, 54],
    [5_411_521_484n, 5, 22],
    [7_000_000_000n, 8, 14],
    [8_000_000_000n, 9, 12],
  ])('a price of %s wei: %i blocks would have taken it, %s s', (price, hits, wait) => {
    expect(inclusions(w, price)).toBe(hits);
    expect(waitSeconds(w, price)).toBe(wait);
  });

  it('an all-empty window: no priority fee, every level at the next base fee, below both blocks: no wait known', () => {
    const empty = feeWindow(EMPTY, ...EMPTY_TIMES);
    const live = liveFigures(empty);
    const level = { priorityFee: '0', price: NEXT_BASE_FEE.toString(), transferFee: (NEXT_BASE_FEE * 21_000n).toString(), waitSeconds: null };
    expect(live.levels).toEqual({ slow: level, standard: level, fast: level });
    // An empty block takes any price at its base fee: 12 s × 2 / 1, then 12 × 2 / 2.
    expect(waitSeconds(empty, 4_108_196_724n)).toBe(24);
    expect(waitSeconds(empty, 4_695_081_970n)).toBe(12);
  });

  it('a window of one block: its rewards are the levels, and no block time, so no wait', () => {
    const one = feeWindow(ONE, 1795715653, 1795715653);
    expect(one.blockTime).toBeNull();
    const live = liveFigures(one);
    expect(Object.values(live.levels).map((l) => [l.priorityFee, l.waitSeconds])).toEqual([['3000000000', null], ['3000000000', null], ['3000000000', null]]);
    expect(inclusions(one, 6_000_000_000n)).toBe(1);
    expect(waitSeconds(one, 6_000_000_000n)).toBeNull();
  });
});

describe('the hourly figures', () => {
  const HEAD = 1_700_003_000; // 23:10:00 into an hour starting at 1_700_002_800
  const C1 = '0x00000000000000000000000000000000000000c1';
  const C2 = '0x00000000000000000000000000000000000000c2';
  const tx = (timestamp: number, to: string | null, gasUsed: bigint, price: bigint): TxGas => ({ timestamp, to, gasUsed, price });

  it('HOURS hour starts ending with the head\'s hour', () => {
    const hours = windowHours(HEAD);
    expect(hours).toHaveLength(HOURS);
    expect(hours.at(-1)).toBe(1_700_002_800);
    expect(hours[0]).toBe(1_700_002_800 - (HOURS - 1) * 3600);
    expect(hourOf(1_700_002_799)).toBe(1_700_002_800 - 3600);
  });

  it('buckets by block time at the hour\'s edges; an hour without transactions has no prices; the mean is truncated to a wei', () => {
    const hours = windowHours(HEAD);
    const first = hours[0] as number;
    const tallies = tallyHours(hours, [
      tx(first - 1, C1, 100n, 1n), // before the window
      tx(first, C1, 50_000n, 3n),
      tx(first + 3599, C2, 21_000n, 4n),
      tx(1_700_002_800, null, 90_000n, 10n), // a creation: gas of the window, but no consumer
      tx(HEAD, C2, 30_000n, 20n),
    ]);
    const points = hourlyPoints([...tallies.values()]);
    expect(points[0]).toEqual({ hour: first, average: '3', min: '3', max: '4', transactions: 2 });
    expect(points[1]).toEqual({ hour: first + 3600, average: null, min: null, max: null, transactions: 0 });
    expect(points.at(-1)).toEqual({ hour: 1_700_002_800, average: '15', min: '10', max: '20', transactions: 2 });
    // 51 000 gas of C2 of 191 000 in all; C1's 50 000 only (its transaction before the window is left out).
    expect(rankConsumers([...tallies.values()])).toEqual([
      { address: C2, gasUsed: '51000', fees: String(21_000 * 4 + 30_000 * 20), transactions: 2, share: 0.267015 },
      { address: C1, gasUsed: '50000', fees: '150000', transactions: 1, share: 0.26178 },
    ]);
  });

  it('ranks ties by address, and no share of an empty window', () => {
    const hours = windowHours(HEAD);
    const tallies = [...tallyHours(hours, [tx(HEAD, C2, 5n, 1n), tx(HEAD, C1, 5n, 1n)]).values()];
    expect(rankConsumers(tallies).map((c) => c.address)).toEqual([C1, C2]);
    expect(rankConsumers([...tallyHours(hours, []).values()])).toEqual([]);
  });
});

describe('GasTracker on a database and a recorded node', () => {
  const HOUR = 1_800_000_000 - (1_800_000_000 % 3600);
  const addr = (n: number): string => `0x${n.toString(16).padStart(40, '0')}`;

  async function setup(): Promise<{ tracker: GasTracker; db: SqliteStore; rpc: { call: Mock<() => Promise<FeeHistory>>; batch: Mock<() => Promise<unknown[]>> }; sync: { lastBlock: number; reorgs: number } }> {
    const db = new SqliteStore(openDatabase(':memory:'));
    const sync = { lastBlock: 0, reorgs: 0 };
    const rpc = {
      call: vi.fn<() => Promise<FeeHistory>>(() => Promise.resolve(FULL)),
      batch: vi.fn<() => Promise<unknown[]>>(() => Promise.resolve(FULL_TIMES.map((t) => ({ ok: true, result: { timestamp: `0x${t.toString(16)}` } })))),
    };
    const ctx = { db, rpc: rpc as unknown as RpcClient, sync: () => ({ ...IDLE_STATUS, ...sync }), ipfsGateway: '' } satisfies ApiContext;
    return { tracker: new GasTracker(ctx), db, rpc, sync };
  }

  /** Block n at time t with one transaction per `to` (gas 21 000 × its index + 1, at a price of n gwei). */
  async function addBlock(db: SqliteStore, n: number, t: number, tos: string[]): Promise<void> {
    await db.run(
      `INSERT INTO blocks (number, hash, parent_hash, timestamp, miner, gas_used, gas_limit, difficulty, extra_data, tx_count, reward) VALUES (?, ?, '0x', ?, ?, '0', '0', '0', '0x', ?, '0')`,
      n, `0xb${n}`, t, addr(0), tos.length,
    );
    for (const [i, to] of tos.entries()) {
      await db.run(
        `INSERT INTO transactions (id, hash, block_number, tx_index, block_hash, timestamp, from_addr, to_addr, value, gas_limit, gas_used, cumulative_gas_used, input, nonce, status, effective_gas_price)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, '0', '0', ?, '0', '0x', 0, 1, ?)`,
        n * 1_000_000 + i, `0xt${n}-${i}`, n, i, `0xb${n}`, t, addr(1), to, String(21_000 * (i + 1)), String(BigInt(n) * 1_000_000_000n),
      );
    }
  }

  it('reads the node once per head, keeps completed hours, names contracts, and leaves accounts out of the consumers', async () => {
    const { tracker, db, rpc, sync } = await setup();
    const token = addr(0xa1);
    const verified = addr(0xa2);
    const wallet = addr(0xee);
    await db.run(`INSERT INTO contracts (address, first_seen_block, contract_type, name) VALUES (?, 1, 'ERC20', '<b>Token</b>'), (?, 1, 'other', NULL)`, token, verified);
    await db.run(
      `INSERT INTO verified_contracts (address, match_type, contract_name, contract_path, compiler_version, optimization_used, runs, evm_version, license, sources, settings, abi, libraries, constructor_arguments, runtime_hash, input_format, verified_at)
       VALUES (?, 'full', 'Vault', 'a.sol', 'v0.8.30', 0, 200, 'cancun', 'MIT', '{}', '{}', '[]', '{}', '', '0x', 'single', 0)`,
      verified,
    );
    await addBlock(db, 1, HOUR - 25 * 3600, [token]); // outside the window
    await addBlock(db, 2, HOUR - 3600, [verified, wallet, token]);
    await addBlock(db, 3, HOUR + 10, [token]);
    sync.lastBlock = 3;
    const spy = vi.spyOn(db, 'all');

    const first = await tracker.response();
    expect(first.indexedBlock).toBe(3);
    expect(first.blockTime).toBe(12);
    expect(first.hourly.at(-1)).toEqual({ hour: HOUR, average: '3000000000', min: '3000000000', max: '3000000000', transactions: 1 });
    expect(first.hourly.at(-2)).toMatchObject({ hour: HOUR - 3600, average: '2000000000', transactions: 3 });
    expect(first.hourly.slice(0, -2).every((h) => h.transactions === 0)).toBe(true);
    // The token: 63 000 + 21 000 gas of 147 000; the wallet (no code) is not a consumer, but its gas counts in the shares.
    expect(first.topConsumers).toEqual([
      { address: token, name: '<b>Token</b>', gasUsed: '84000', fees: String(63_000n * 2_000_000_000n + 21_000n * 3_000_000_000n), transactions: 2, share: 0.571428 },
      { address: verified, name: 'Vault', gasUsed: '21000', fees: String(21_000n * 2_000_000_000n), transactions: 1, share: 0.142857 },
    ]);
    // Once per head: a second request asks nothing of the node nor of the database.
    expect(await tracker.response()).toEqual(first);
    expect(rpc.call).toHaveBeenCalledTimes(1);
    const reads = spy.mock.calls.filter(([sql]) => sql.includes('FROM transactions'));
    expect(reads).toHaveLength(1);
    expect(reads[0]?.slice(1, 3)).toEqual([2_000_000, 4_000_000]);

    // A new block in the same hour: the node once more, and only the hour in progress read again.
    await addBlock(db, 4, HOUR + 20, [verified]);
    sync.lastBlock = 4;
    const second = await tracker.response();
    expect(rpc.call).toHaveBeenCalledTimes(2);
    expect(spy.mock.calls.filter(([sql]) => sql.includes('FROM transactions')).at(-1)?.slice(1, 3)).toEqual([3_000_000, 5_000_000]);
    expect(second.hourly.at(-1)).toMatchObject({ transactions: 2, min: '3000000000', max: '4000000000', average: '3500000000' });
    expect(second.hourly.at(-2)).toEqual(first.hourly.at(-2));
  });

  it('keeps at most TOP_CONSUMERS, most gas first', async () => {
    const { tracker, db, sync } = await setup();
    const contracts = Array.from({ length: TOP_CONSUMERS + 3 }, (_, i) => addr(0x100 + i));
    for (const c of contracts) await db.run(`INSERT INTO contracts (address, first_seen_block, contract_type) VALUES (?, 1, 'other')`, c);
    await addBlock(db, 1, HOUR, contracts);
    sync.lastBlock = 1;
    const { topConsumers } = await tracker.response();
    expect(topConsumers.map((c) => c.address)).toEqual([...contracts].reverse().slice(0, TOP_CONSUMERS));
  });

  it('reads a busy hour in pages, every transaction counted', async () => {
    const { tracker, db, sync } = await setup();
    const c = addr(0xc0);
    await db.run(`INSERT INTO contracts (address, first_seen_block, contract_type) VALUES (?, 1, 'other')`, c);
    await addBlock(db, 1, HOUR, Array.from({ length: 5_001 }, () => c));
    sync.lastBlock = 1;
    const spy = vi.spyOn(db, 'all');
    const r = await tracker.response();
    expect(r.hourly.at(-1)?.transactions).toBe(5_001);
    expect(r.topConsumers[0]).toMatchObject({ address: c, transactions: 5_001, share: 1 });
    expect(spy.mock.calls.filter(([sql]) => sql.includes('FROM transactions')).map((call) => call[1])).toEqual([1_000_000, 1_005_000]);
  });

  it('a node that fails: a 502 with a clear message, and the failure is not kept', async () => {
    const { tracker, rpc } = await setup();
    rpc.call.mockImplementationOnce(() => Promise.reject(new Error('connect ECONNREFUSED')));
    await expect(tracker.response()).rejects.toMatchObject({ status: 502, message: 'The node could not be read' });
    expect((await tracker.live()).lastBlock).toBe(9);
  });

  it('before any block: no hourly transactions, no consumers, no indexed block', async () => {
    const { tracker } = await setup();
    const r = await tracker.response();
    expect([r.indexedBlock, r.topConsumers, r.hourly.length, r.hourly.every((h) => h.average === null)]).toEqual([null, [], HOURS, true]);
  });
});
