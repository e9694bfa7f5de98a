// The live stream of the bundled indexer, GET /events (text/event-stream), as the indexer writes it and the site reads
// it: one module, so both sides agree on names, ids and payloads. Payloads carry the same JSON as the REST routes
// they stand for, so the site reads them with the normalizers it already has for those routes.
//
// Query parameters choose the per-subscription topics: `address` and `token`, each repeatable or comma-separated,
// at most MAX_STREAM_TOPICS in all (a malformed address or too many get a 400 with the API's usual error body).
// `lastEventId` may stand for the Last-Event-ID header (a page reopening its stream after a hidden spell builds a new
// EventSource, which cannot set headers).
import type { GasTrackerLive } from './gas-tracker.ts';

/** Names of the events every stream carries, in the order they are written for each new block. */
export const BLOCK_EVENTS = ['block', 'transactions', 'stats', 'gas'] as const;

/** Other event names: `reorg` when the indexer rolled back, `reload` when a reconnecting reader missed too much. */
export type StreamEventName = (typeof BLOCK_EVENTS)[number] | 'reorg' | 'reload' | `address:${string}` | `token:${string}`;

/** Most per-subscription topics (addresses and tokens together) one stream may ask for. */
export const MAX_STREAM_TOPICS = 20;

/** Blocks a reconnecting reader may have missed and still be caught up from the database; beyond, it gets `reload`. */
export const MAX_REPLAY_BLOCKS = 100;

/** The `retry:` the stream sets, in ms: how long a browser waits before reconnecting on its own. */
export const STREAM_RETRY_MS = 3_000;

/** A comment line is written this often, so that proxies keep an idle stream open. */
export const STREAM_HEARTBEAT_MS = 15_000;

/** Newest transactions a `transactions` event carries at most (of its block, newest first). */
export const STREAM_TRANSACTIONS = 50;

/**
 * An event's id: the block it belongs to, its index among that block's events on this stream (0 for `block`, then
 * the others in the order written: BLOCK_EVENTS, then the stream's topics, addresses before tokens, each sorted), and
 * the indexer's rollbacks so far (as /health's `reorgs` says), as `{block}-{index}-{reorgs}`. A `reorg` event's id is
 * `{head}-0-{reorgs}` with the counts after the rollback. A reader reconnecting with an id of another generation (a
 * rollback happened meanwhile) is told `reload`.
 */
export function eventId(block: number, index: number, reorgs: number): string {
  return `${block}-${index}-${reorgs}`;
}

/** The parts of an event id; null when the text is not one (the stream then starts from the head, replaying nothing). */
export function parseEventId(text: string | null | undefined): { block: number; index: number; reorgs: number } | null {
  const m = /^(\d{1,15})-(\d{1,6})-(\d{1,9})$/.exec(text ?? '');
  if (!m) return null;
  return { block: Number(m[1]), index: Number(m[2]), reorgs: Number(m[3]) };
}

/** `block`: the new block, as GET /blocks lists it (number, hash, parentHash, timestamp, miner, gasUsed, reward, …). */
export type BlockEventData = Record<string, unknown> & { number: number; hash: string };

/** `transactions`: the block's transactions as GET /transactions lists them, newest first, and how many it holds. */
export interface TransactionsEventData {
  block: number;
  /**
   * The first block the event covers: `block` itself, unless the indexer was catching up and coalesced the blocks
   * `fromBlock` … `block` into one event (then `count` and `items` are over them all).
   */
  fromBlock?: number;
  /** Every transaction of the block. */
  count: number;
  /** At most STREAM_TRANSACTIONS of them, newest first, each as GET /transactions answers it. */
  items: Record<string, unknown>[];
}

/**
 * `stats`: the home page's figures after the block, each the body of its REST route (null where it failed):
 * GET /stats/tps, /stats/holders, /stats/validators/payout, /stats/transactions/count, /stats/contracts/erc20/count.
 */
export interface StatsEventData {
  block: number;
  tps: unknown;
  holders: unknown;
  payout: unknown;
  transactionCount: unknown;
  erc20Count: unknown;
}

/**
 * `gas`: the node's eth_gasPrice after the block (hex wei), null when the node did not answer; `tracker` the gas
 * tracker's live figures (common/gas-tracker.ts) read once per block, null when the node did not answer in time.
 */
export interface GasEventData {
  block: number;
  gasPrice: string | null;
  tracker: GasTrackerLive | null;
}

/**
 * `reorg`: the indexer rolled back `depth` blocks; `fork` is the last block kept, `head` the indexed head right after the
 * rollback (the fork itself: the replacing blocks follow as `block` events of the new generation). Any block above
 * `fork` a page shows was replaced.
 */
export interface ReorgEventData {
  depth: number;
  fork: number;
  head: number;
  /** Rollbacks so far, as /health says. */
  reorgs: number;
}

/**
 * `reload`: the reader missed more than the stream can replay (or its id is from another generation or chain): reload
 * the page. Its id is `{head}-3-{reorgs}` (the head's `gas`), so that a reader which does not reload resumes from there.
 */
export interface ReloadEventData {
  reason: 'too-far-behind' | 'unknown-position';
}

/** `address:{a}` (lowercase): the block holds transactions or token transfers touching the address. */
export interface AddressEventData {
  address: string;
  block: number;
  /** The first block the event covers (see TransactionsEventData.fromBlock). */
  fromBlock?: number;
  /** Hashes of the block's transactions from, to or creating the address, newest first, at most STREAM_TRANSACTIONS. */
  transactions: string[];
  /** Token transfers of the block from or to the address. */
  transfers: number;
}

/** `token:{a}` (lowercase): the block holds transfers of the token. */
export interface TokenEventData {
  token: string;
  block: number;
  /** The first block the event covers (see TransactionsEventData.fromBlock). */
  fromBlock?: number;
  transfers: number;
}

/** Status and error text of a refused stream (the API's usual JSON error body carries the text). */
export const STREAM_LIMIT_MESSAGES = {
  perClient: 'Too many open event streams from this address',
  total: 'The event stream is at capacity, try again later',
} as const;
