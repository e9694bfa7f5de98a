import type { Rng } from '../rng.ts';
import type { Rpc } from '../rpc.ts';
import type { SignedTx } from '../txfactory.ts';
import type { World } from '../world.ts';
import { mineBlock, type RawBlock } from '../mine.ts';

/** Seconds in a day. */
export const DAY = 86_400;
/** Length of the history the scenario writes. */
export const SPAN = 30 * DAY;
/** Base fee stays 0 (so zero-gas-price transactions stay valid) only while blocks use at most half of the 30M gas limit. */
export const BLOCK_GAS_BUDGET = 14_000_000;

/** Block timestamps from `start` to `end`: denser towards the end (the chain grows), with jitter, strictly increasing. */
function timeline(count: number, start: number, end: number, rng: Rng): number[] {
  const span = Math.max(end - start, count);
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const x = count === 1 ? 1 : i / (count - 1);
    const gap = span / count;
    const jitter = i === 0 || i === count - 1 ? 0 : Math.floor((rng.next() - 0.5) * 0.6 * gap);
    out.push(start + Math.floor(span * x ** 0.85) + jitter);
  }
  for (let i = 1; i < count; i++) out[i] = Math.max(out[i] ?? 0, (out[i - 1] ?? 0) + 1);
  return out;
}

/** Producer of a block: validators take turns; the fourth is offline for a stretch and the second steals some of the third's slots. */
function producer(validators: string[], blockNumber: number, position: number, rng: Rng): string {
  let v = blockNumber % validators.length;
  if (v === 3 && position > 0.4 && position < 0.55) v = 0;
  if (v === 2 && rng.next() < 0.12) v = 1;
  return validators[v] ?? '';
}

/** Splits transactions, in order, into runs that fit the block gas budget. */
function chunk<T>(items: T[], gasOf: (t: T) => number): T[][] {
  const out: T[][] = [];
  let cur: T[] = [];
  let gas = 0;
  for (const item of items) {
    const g = gasOf(item);
    if (cur.length > 0 && gas + g > BLOCK_GAS_BUDGET) {
      out.push(cur);
      cur = [];
      gas = 0;
    }
    cur.push(item);
    gas += g;
  }
  if (cur.length > 0) out.push(cur);
  return out;
}

/** What a Chain mines on and from where its history starts. */
export interface ChainOptions {
  rpc: Rpc;
  world: World;
  validators: string[];
  /** Drives timestamps and producers only, so the transactions do not depend on how blocks are timed. */
  timeRng: Rng;
  /** The chain's head before the scenario. */
  head: RawBlock;
  /** Unix seconds the history ends at. */
  now: number;
}

/** Mines the scenario's blocks (timestamps, rotating producers) and keeps the block statistics ScenarioInfo reports. */
export class Chain {
  readonly rpc: Rpc;
  readonly world: World;
  readonly validators: string[];
  readonly timeRng: Rng;
  readonly startTs: number;
  readonly span: number;
  blockCount = 0;
  txCount = 0;
  firstBlock = -1;
  firstTs = -1;
  lastBlock: number;
  lastTs: number;
  busyBlock = { number: -1, txCount: -1 };
  emptyBlock = -1;
  /** Blocks holding at least one transaction (their receipts are checked at the end). */
  readonly txBlocks: number[] = [];

  constructor(opts: ChainOptions) {
    this.rpc = opts.rpc;
    this.world = opts.world;
    this.validators = opts.validators;
    this.timeRng = opts.timeRng;
    this.startTs = Math.max(Number(opts.head.timestamp) + 1, opts.now - SPAN);
    this.span = Math.max(opts.now - this.startTs, 1);
    this.lastBlock = Number(opts.head.number);
    this.lastTs = Number(opts.head.timestamp);
  }

  /** Mines one block holding exactly `txs`, no earlier than a second after the previous one, and applies its credits to the ledger. */
  async mine(txs: SignedTx[], timestamp: number): Promise<void> {
    const ts = Math.max(timestamp, this.lastTs + 1);
    const coinbase = producer(this.validators, this.lastBlock + 1, (ts - this.startTs) / this.span, this.timeRng);
    const n = await mineBlock(this.rpc, txs, ts, coinbase);
    this.world.commit();
    if (this.firstBlock < 0) [this.firstBlock, this.firstTs] = [n, ts];
    [this.lastBlock, this.lastTs] = [n, ts];
    this.blockCount++;
    this.txCount += txs.length;
    if (txs.length > 0) this.txBlocks.push(n);
    if (txs.length > this.busyBlock.txCount) this.busyBlock = { number: n, txCount: txs.length };
    if (txs.length === 0 && this.emptyBlock < 0) this.emptyBlock = n;
    this.recordCreations(txs, n);
  }

  private recordCreations(txs: SignedTx[], blockNumber: number): void {
    for (const tx of txs) {
      const idx = this.world.pendingCreations.get(tx.hash);
      const ref = idx === undefined ? undefined : this.world.contracts[idx];
      if (ref) ref.blockNumber = blockNumber;
    }
  }

  /** Mines one setup block, about 90 minutes after the previous one counted from the start of the history. */
  async setupBlock(txs: SignedTx[]): Promise<void> {
    await this.mine(txs, this.startTs + this.blockCount * 5_400 + this.timeRng.int(0, 1_200));
  }

  /** Mines setup transactions in as many blocks as the gas budget needs, one by one because later ones spend what earlier ones credited. */
  async setupBlocks(txs: SignedTx[]): Promise<void> {
    for (const c of chunk(txs, (t) => t.gas)) await this.setupBlock(c);
  }

  /** Plans `count` activity blocks from an hour after the last block up to `now`; returns a function that mines the next one. */
  activitySchedule(count: number, now: number, wallClock: boolean): (txs: SignedTx[]) => Promise<void> {
    const times = timeline(count, this.lastTs + 3_600, now, this.timeRng);
    let index = 0;
    return async (txs) => {
      const last = index === count - 1;
      // A wall-clock `now` was read when the scenario started: the head should not already look minutes old when live activity takes over.
      let ts = times[index++] ?? now;
      if (wallClock && last) ts = Math.max(ts, Math.floor(Date.now() / 1000));
      await this.mine(txs, ts);
    };
  }
}
