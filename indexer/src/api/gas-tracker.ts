// The gas tracker (shapes and constants in common/gas-tracker.ts): GET /stats/gas, and the figures the
// Etherscan gastracker module and the live `gas` event answer from. The levels come from the node's eth_feeHistory (so
// they follow the chain while the indexer catches up); the hourly prices and top consumers from the indexed
// transactions of the last HOURS hours. Both are read once per indexed head, whatever the number of requests.
import {
  FEE_WINDOW,
  GAS_LEVELS,
  HOURS,
  TOP_CONSUMERS,
  TRANSFER_GAS,
  type GasConsumer,
  type GasHour,
  type GasLevel,
  type GasLevelKey,
  type GasTrackerLive,
  type GasTrackerResponse,
} from '../../../common/gas-tracker.ts';
import { hexToBigInt, hexToNumber } from '../chain/num.ts';
import { HttpError, type Router } from '../http/router.ts';
import { ROW_ID_BLOCK } from '../store/row-ids.ts';
import { firstBlockAtOrAfterTime, newestBlock } from '../store/queries/blocks.ts';
import { contractNames } from '../store/queries/contracts.ts';
import { gasPage } from '../store/queries/transactions.ts';
import type { Queryable } from '../store/types.ts';
import type { ApiContext } from './context.ts';
import { gasTrackerRoute } from './contract/gas.ts';
import type { AnswerOf } from './contract/route.ts';

/** eth_feeHistory's answer. */
export interface FeeHistory {
  oldestBlock: string;
  /** One more than the blocks: the last is the next block's base fee. */
  baseFeePerGas: string[];
  gasUsedRatio: number[];
  /** Per block, the priority fee at each GAS_LEVELS percentile (absent when none were asked). */
  reward?: string[][];
}

/** The fee history as numbers, with the times of its first and last blocks (Unix seconds). */
export interface FeeWindow {
  oldestBlock: number;
  lastBlock: number;
  nextBaseFee: bigint;
  blocks: { baseFee: bigint; gasUsedRatio: number; rewards: bigint[] }[];
  /** Mean seconds between the window's blocks; null with fewer than two. */
  blockTime: number | null;
}

/** The fee history and the timestamps of its first and last blocks as figures. */
export function feeWindow(h: FeeHistory, firstTimestamp: number, lastTimestamp: number): FeeWindow {
  const oldestBlock = hexToNumber(h.oldestBlock);
  const blocks = h.gasUsedRatio.map((gasUsedRatio, i) => ({
    baseFee: hexToBigInt(h.baseFeePerGas[i]),
    gasUsedRatio,
    rewards: GAS_LEVELS.map((_, j) => hexToBigInt(h.reward?.[i]?.[j])),
  }));
  const lastBlock = oldestBlock + blocks.length - 1;
  return {
    oldestBlock,
    lastBlock,
    nextBaseFee: hexToBigInt(h.baseFeePerGas[blocks.length]),
    blocks,
    blockTime: blocks.length > 1 ? (lastTimestamp - firstTimestamp) / (lastBlock - oldestBlock) : null,
  };
}

/** The mean priority fee at level j's percentile over the blocks that held transactions (0 when none did). */
export function meanPriorityFee(w: FeeWindow, j: number): bigint {
  const busy = w.blocks.filter((b) => b.gasUsedRatio > 0);
  if (busy.length === 0) return 0n;
  return busy.reduce((sum, b) => sum + (b.rewards[j] ?? 0n), 0n) / BigInt(busy.length);
}

/**
 * Blocks of the window that would have taken a transaction at `price`: at least the block's base fee plus its
 * lowest level's priority fee (an empty block takes any price at its base fee).
 */
export function inclusions(w: FeeWindow, price: bigint): number {
  return w.blocks.filter((b) => price >= b.baseFee + (b.gasUsedRatio > 0 ? (b.rewards[0] ?? 0n) : 0n)).length;
}

/**
 * Seconds until a transaction at `price` is likely mined: the mean block time × the window's blocks / the blocks it
 * would have entered, rounded; null when none would have or the block time is unknown.
 */
export function waitSeconds(w: FeeWindow, price: bigint): number | null {
  const hits = inclusions(w, price);
  if (hits === 0 || w.blockTime === null) return null;
  return Math.round((w.blockTime * w.blocks.length) / hits);
}

/** The live figures of a fee window: levels, next base fee, the blocks. */
export function liveFigures(w: FeeWindow): GasTrackerLive {
  const levels = {} as Record<GasLevelKey, GasLevel>;
  GAS_LEVELS.forEach((level, j) => {
    const priorityFee = meanPriorityFee(w, j);
    const price = w.nextBaseFee + priorityFee;
    levels[level.key] = {
      priorityFee: priorityFee.toString(),
      price: price.toString(),
      transferFee: (price * BigInt(TRANSFER_GAS)).toString(),
      waitSeconds: waitSeconds(w, price),
    };
  });
  return {
    lastBlock: w.lastBlock,
    baseFee: w.nextBaseFee.toString(),
    levels,
    blocks: w.blocks.map((b, i) => ({ number: w.oldestBlock + i, baseFee: b.baseFee.toString(), gasUsedRatio: b.gasUsedRatio })),
  };
}

/** One indexed transaction as the hourly figures read it. */
export interface TxGas {
  timestamp: number;
  to: string | null;
  gasUsed: bigint;
  /** Effective gas price (wei). */
  price: bigint;
}

/** What one hour's transactions add up to. */
export interface HourTally {
  hour: number;
  transactions: number;
  sum: bigint;
  min: bigint | null;
  max: bigint | null;
  gasUsed: bigint;
  /** By `to` address: gas, fees, transactions. */
  byTo: Map<string, { gas: bigint; fees: bigint; transactions: number }>;
}

const HOUR = 3600;

/** The start of the hour a Unix time falls in. */
export function hourOf(timestamp: number): number {
  return Math.floor(timestamp / HOUR) * HOUR;
}

/** The HOURS hour starts of the window ending with the hour of `headTimestamp`, oldest first. */
export function windowHours(headTimestamp: number): number[] {
  const last = hourOf(headTimestamp);
  return Array.from({ length: HOURS }, (_, i) => last - (HOURS - 1 - i) * HOUR);
}

/** Empty tallies of the given hours. */
export function emptyTallies(hours: readonly number[]): Map<number, HourTally> {
  return new Map(hours.map((hour) => [hour, { hour, transactions: 0, sum: 0n, min: null, max: null, gasUsed: 0n, byTo: new Map() }]));
}

/** Adds a transaction to the tally of its hour (nothing when its hour is not one of them). */
export function addToTallies(tallies: Map<number, HourTally>, tx: TxGas): void {
  const t = tallies.get(hourOf(tx.timestamp));
  if (!t) return;
  t.transactions++;
  t.sum += tx.price;
  t.min = t.min === null || tx.price < t.min ? tx.price : t.min;
  t.max = t.max === null || tx.price > t.max ? tx.price : t.max;
  t.gasUsed += tx.gasUsed;
  if (tx.to === null) return;
  const c = t.byTo.get(tx.to) ?? { gas: 0n, fees: 0n, transactions: 0 };
  c.gas += tx.gasUsed;
  c.fees += tx.gasUsed * tx.price;
  c.transactions++;
  t.byTo.set(tx.to, c);
}

/** Tallies transactions by hour (only those of the given hours). */
export function tallyHours(hours: readonly number[], txs: Iterable<TxGas>): Map<number, HourTally> {
  const out = emptyTallies(hours);
  for (const tx of txs) addToTallies(out, tx);
  return out;
}

/** The chart's points from the hours' tallies, oldest first. */
export function hourlyPoints(tallies: readonly HourTally[]): GasHour[] {
  return tallies.map((t) => ({
    hour: t.hour,
    average: t.transactions > 0 ? (t.sum / BigInt(t.transactions)).toString() : null,
    min: t.min?.toString() ?? null,
    max: t.max?.toString() ?? null,
    transactions: t.transactions,
  }));
}

/** The `to` addresses of the hours by gas used, most first (address order on ties), with their share of all the gas. */
export function rankConsumers(tallies: readonly HourTally[]): Omit<GasConsumer, 'name'>[] {
  const all = new Map<string, { gas: bigint; fees: bigint; transactions: number }>();
  let total = 0n;
  for (const t of tallies) {
    total += t.gasUsed;
    for (const [to, c] of t.byTo) {
      const sum = all.get(to) ?? { gas: 0n, fees: 0n, transactions: 0 };
      all.set(to, { gas: sum.gas + c.gas, fees: sum.fees + c.fees, transactions: sum.transactions + c.transactions });
    }
  }
  return [...all]
    .sort(([a, x], [b, y]) => (x.gas === y.gas ? (a < b ? -1 : 1) : x.gas > y.gas ? -1 : 1))
    .map(([address, c]) => ({
      address,
      gasUsed: c.gas.toString(),
      fees: c.fees.toString(),
      transactions: c.transactions,
      // Parts per million, then a fraction: exact enough for a bar, and no float of a huge bigint.
      share: total > 0n ? Number((c.gas * 1_000_000n) / total) / 1_000_000 : 0,
    }));
}

/** Candidates looked up as contracts per query when picking the top consumers, and at most in all. */
const CONSUMER_BATCH = 50;
const MAX_CANDIDATES = 1_000;

/**
 * The first TOP_CONSUMERS of the ranked addresses that are contracts, named from verification or the token. Only the
 * first MAX_CANDIDATES are looked up: a window whose biggest `to`s are mostly accounts ends the list early.
 */
async function topConsumers(db: Queryable, ranked: readonly Omit<GasConsumer, 'name'>[]): Promise<GasConsumer[]> {
  const out: GasConsumer[] = [];
  for (let i = 0; i < Math.min(ranked.length, MAX_CANDIDATES) && out.length < TOP_CONSUMERS; i += CONSUMER_BATCH) {
    const batch = ranked.slice(i, i + CONSUMER_BATCH);
    const rows = await contractNames(db, batch.map((c) => c.address));
    const names = new Map(rows.map((r) => [r.address, r.verified || r.token || null]));
    for (const c of batch) if (names.has(c.address) && out.length < TOP_CONSUMERS) out.push({ ...c, name: names.get(c.address) ?? null });
  }
  return out;
}

/** Transactions read per query while tallying hours. */
const TX_PAGE = 5_000;

/** The indexed figures of the last HOURS hours: completed hours are tallied once per generation, the current one per head. */
class HourlyFigures {
  private generation = -1;
  private readonly done = new Map<number, HourTally>();

  /** Hourly points, top consumers and the head they were read at. */
  async read(db: Queryable, reorgs: number): Promise<Pick<GasTrackerResponse, 'hourly' | 'topConsumers' | 'indexedBlock'>> {
    const head = await newestBlock(db);
    const hours = windowHours(head?.timestamp ?? 0);
    if (!head) return { hourly: hourlyPoints([...tallyHours(hours, []).values()]), topConsumers: [], indexedBlock: null };
    if (reorgs !== this.generation) {
      this.done.clear();
      this.generation = reorgs;
    }
    for (const hour of this.done.keys()) if (!hours.includes(hour)) this.done.delete(hour);
    // Block times never go back, so the blocks from the first hour not yet tallied on are a range of numbers.
    const from = hours.find((h) => !this.done.has(h)) ?? hourOf(head.timestamp);
    const first = await firstBlockAtOrAfterTime(db, from);
    const fresh = emptyTallies(hours.filter((h) => h >= from));
    // In pages, so that a busy day is never held in memory as rows.
    const end = (head.number + 1) * ROW_ID_BLOCK;
    for (let id = first === undefined ? end : first * ROW_ID_BLOCK; id < end; ) {
      const page = await gasPage(db, id, end, TX_PAGE);
      for (const r of page) addToTallies(fresh, { timestamp: r.timestamp, to: r.to_addr, gasUsed: BigInt(r.gas_used), price: BigInt(r.price ?? '0') });
      const last = page.at(-1);
      id = page.length < TX_PAGE || last === undefined ? end : Number(last.id) + 1;
    }
    // An hour is complete once a block of a later hour is indexed.
    for (const [hour, t] of fresh) if (hour + HOUR <= head.timestamp) this.done.set(hour, t);
    const tallies = hours.map((h) => fresh.get(h) ?? this.done.get(h)).filter((t): t is HourTally => t !== undefined);
    return { hourly: hourlyPoints(tallies), topConsumers: await topConsumers(db, rankConsumers(tallies)), indexedBlock: head.number };
  }
}

/** A promise kept per indexed head (and rollback count); a failed one is not kept. */
class PerHead<T> {
  private key = '';
  private value: Promise<T> | null = null;

  get(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.value && this.key === key) return this.value;
    const value = compute();
    this.key = key;
    this.value = value;
    value.catch(() => {
      if (this.value === value) this.value = null;
    });
    return value;
  }
}

/** What /stats/gas (502) and the Etherscan module (in its envelope) answer when the node fails. */
export const NODE_FAILED = 'The node could not be read';

/** The gas tracker of one API process: fee window and indexed figures, each read once per indexed head. */
export class GasTracker {
  private readonly ctx: ApiContext;
  private readonly fees = new PerHead<FeeWindow>();
  private readonly full = new PerHead<GasTrackerResponse>();
  private readonly hourly = new HourlyFigures();

  constructor(ctx: ApiContext) {
    this.ctx = ctx;
  }

  private headKey(): string {
    const s = this.ctx.sync();
    return `${s.reorgs}:${s.lastBlock}`;
  }

  /** The node's fee history of the last FEE_WINDOW blocks with its block time; HttpError 502 when the node fails. */
  window(): Promise<FeeWindow> {
    return this.fees.get(this.headKey(), () =>
      this.readWindow().catch((err: unknown) => {
        throw err instanceof HttpError ? err : new HttpError(502, NODE_FAILED);
      }),
    );
  }

  private async readWindow(): Promise<FeeWindow> {
    const h = await this.ctx.rpc.call<FeeHistory>('eth_feeHistory', [`0x${FEE_WINDOW.toString(16)}`, 'latest', GAS_LEVELS.map((l) => l.percentile)]);
    const oldest = hexToNumber(h.oldestBlock);
    const last = oldest + h.gasUsedRatio.length - 1;
    const times = await this.ctx.rpc.batch<{ timestamp: string } | null>(
      [oldest, last].map((n) => ({ method: 'eth_getBlockByNumber', params: [`0x${n.toString(16)}`, false] })),
    );
    const [first, newest] = times.map((t) => {
      if (!t.ok || !t.result) throw new HttpError(502, NODE_FAILED);
      return hexToNumber(t.result.timestamp);
    });
    return feeWindow(h, first ?? 0, newest ?? 0);
  }

  /** The live figures (the `gas` event's tracker). */
  async live(): Promise<GasTrackerLive> {
    return liveFigures(await this.window());
  }

  /** GET /stats/gas. */
  response(): Promise<GasTrackerResponse> {
    return this.full.get(this.headKey(), async () => {
      const [w, indexed] = await Promise.all([this.window(), this.hourly.read(this.ctx.db, this.ctx.sync().reorgs)]);
      return { ...liveFigures(w), blockTime: w.blockTime, ...indexed };
    });
  }
}

/** The process's gas tracker per API context (the router, the Etherscan module and the stream share it). */
const trackers = new WeakMap<ApiContext, GasTracker>();

/** The gas tracker of an API context. */
export function gasTracker(ctx: ApiContext): GasTracker {
  let t = trackers.get(ctx);
  if (!t) {
    t = new GasTracker(ctx);
    trackers.set(ctx, t);
  }
  return t;
}

/** GET /stats/gas; the live stream's `gas` event reads its live figures from the same tracker. */
export function gasTrackerRoutes(router: Router, ctx: ApiContext): void {
  const tracker = gasTracker(ctx);
  ctx.stream?.useGasTracker(() => tracker.live());
  router.get(gasTrackerRoute.path, (): Promise<AnswerOf<typeof gasTrackerRoute>> => tracker.response());
}
