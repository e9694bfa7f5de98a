import { DAY_MS } from '../../../common/stats-series.ts';
import { addressesFirstSeenPerBlock } from '../store/queries/addresses.ts';
import { blockFiguresFrom, blockHash, blockTxCounts, firstBlockAfter, highestBlockNumber, lastBlockBefore } from '../store/queries/blocks.ts';
import { contractsFirstSeenPerBlock, holderCounts } from '../store/queries/contracts.ts';
import { tracedBlockNumber } from '../store/queries/internal-calls.ts';
import { deleteDaysAfter, lastIntactDay, replaceDaysFrom, setDayVerified, setStatsCursor, setVerifiedCursor, statsCursor } from '../store/queries/stats.ts';
import { totalBalancesOf } from '../store/queries/tokens.ts';
import { transactionFiguresBetween } from '../store/queries/transactions.ts';
import { transferCountsPerBlock, transfersSinceNewestFirst } from '../store/queries/transfers.ts';
import { newestVerificationTime, oldestVerificationTime, verificationTimesBetween } from '../store/queries/verification.ts';
import { ROW_ID_BLOCK } from '../store/row-ids.ts';
import type { Queryable, SqlParam } from '../store/types.ts';
import { dayRow, type DayBlock, type DayRow, type DayTx } from './day.ts';
import { holdersByDay, type HolderTransfer } from './holders.ts';

// One step of the stats follower, run inside one write transaction: rewind after a reorg (the cursor's block was
// replaced: back to the last day whose last block is intact), then fold the blocks after the cursor, whole days at a
// time: each day touched is recomputed from all its blocks, so a day folded in several steps ends as if folded once.

const DAY_S = DAY_MS / 1000;
const ZERO = '0x0000000000000000000000000000000000000000';

/** Bounds of one step. */
export interface FoldLimits {
  /** Most UTC days folded per step (the first fold of a long history runs in several steps). */
  maxDays: number;
  /**
   * Transactions aimed at per step (default 250,000; at least one block): on a busy chain a step ends within a day, and
   * the next one folds that day again whole, with its next blocks.
   */
  maxTxs?: number;
  /**
   * Fold no further than the trailing tracer's cursor (internal_trace), which adds the contracts created by contracts:
   * a day folded before them would miss them. False: up to the indexed head (no tracer, or a node that cannot trace).
   */
  trailTracer?: boolean;
}

/** What a step did: the block folded to (null when nothing is folded), whether it rewound, whether more is left. */
export interface FoldOutcome {
  cursor: number | null;
  rewound: boolean;
  folded: number;
  more: boolean;
}

/** The follower's step: rewind if needed, fold what is new, recount verifications. Runs inside the caller's transaction. */
export async function foldStep(tx: Queryable, limits: FoldLimits): Promise<FoldOutcome> {
  const stored = await statsCursor(tx);
  let cursor = stored?.block_number ?? null;
  let rewound = false;
  if (cursor !== null) {
    const now = await blockHash(tx, cursor);
    if (now !== stored?.block_hash) {
      cursor = await rewind(tx);
      rewound = true;
    }
  }
  const head = await highestBlockNumber(tx);
  const traced = limits.trailTracer === true ? await tracedBlockNumber(tx) : head;
  const top = head === null || traced === null ? null : Math.min(head, traced);
  let folded = 0;
  let more = false;
  if (top !== null && (cursor === null || top > cursor)) {
    const first = await firstBlockAfter(tx, cursor ?? -1);
    if (first !== undefined && first.number <= top) {
      const firstDay = Math.floor(first.timestamp / DAY_S);
      const endTime = (firstDay + limits.maxDays) * DAY_S;
      const dayLast = (await lastBlockBefore(tx, top, endTime)) ?? top;
      const last = await withinBudget(tx, first.number, Number(dayLast), limits.maxTxs ?? 250_000);
      folded = await foldDays(tx, firstDay, last);
      cursor = last;
      more = last < top;
    }
  }
  await recountVerified(tx, stored?.verified_at ?? 0);
  return { cursor, rewound, folded, more };
}

/** The last block from `first` to `last` whose transactions, with those before it, stay within `budget` (at least `first`). */
async function withinBudget(tx: Queryable, first: number, last: number, budget: number): Promise<number> {
  let sum = 0;
  for (const b of await blockTxCounts(tx, first, last)) {
    sum += Number(b.tx_count);
    if (sum > budget && Number(b.number) > first) return Number(b.number) - 1;
  }
  return last;
}

/** Deletes the days a reorg changed: back to the last day whose last block is intact. Answers the new cursor. */
async function rewind(tx: Queryable): Promise<number | null> {
  const intact = await lastIntactDay(tx);
  await deleteDaysAfter(tx, intact?.day ?? -1);
  await setStatsCursor(tx, intact?.last_block ?? null, intact?.last_hash ?? null);
  return intact?.last_block ?? null;
}

/** Folds every day from `firstDay` (whole, from its first block) to the day of block `last` (up to `last`). Answers the days written. */
async function foldDays(tx: Queryable, firstDay: number, last: number): Promise<number> {
  const blocks = await blockFiguresFrom(tx, firstDay * DAY_S, last);
  const start = blocks[0];
  const end = blocks[blocks.length - 1];
  if (start === undefined || end === undefined) return 0;
  const dayOfBlock = new Map<number, number>();
  for (const b of blocks) dayOfBlock.set(Number(b.number), Math.floor(Number(b.timestamp) / DAY_S));
  const lastDay = Math.floor(Number(end.timestamp) / DAY_S);
  const from = Number(start.number);
  const to = Number(end.number);
  const byDay = new Map<number, { blocks: DayBlock[]; txs: DayTx[]; hash: string }>();
  for (const b of blocks) {
    const d = dayOfBlock.get(Number(b.number)) as number;
    let e = byDay.get(d);
    if (e === undefined) byDay.set(d, (e = { blocks: [], txs: [], hash: b.hash }));
    e.blocks.push(b);
    e.hash = b.hash;
  }
  const txs = await transactionFiguresBetween(tx, from, to);
  for (const t of txs) byDay.get(dayOfBlock.get(Math.floor(Number(t.id) / ROW_ID_BLOCK)) as number)?.txs.push(t);
  const perDay = (rows: { b: number; n: number }[]): Map<number, number> => {
    const m = new Map<number, number>();
    for (const r of rows) {
      const d = dayOfBlock.get(Number(r.b));
      if (d !== undefined) m.set(d, (m.get(d) ?? 0) + Number(r.n));
    }
    return m;
  };
  const newAddresses = perDay(await addressesFirstSeenPerBlock(tx, from, to));
  const newContracts = perDay(await contractsFirstSeenPerBlock(tx, from, to));
  const verified = await verifiedByDay(tx, firstDay, lastDay);
  const transfers = await transferCountsPerBlock(tx, from, to);
  const erc20 = perDay(transfers.filter((t) => t.token_type === 'ERC20'));
  const nft = perDay(transfers.filter((t) => t.token_type === 'ERC721' || t.token_type === 'ERC1155'));
  // Per token and day: the day's transfers; the holders at its end come from the walk back below.
  const tokenDays = new Map<number, Map<string, number>>();
  for (const t of transfers) {
    const d = dayOfBlock.get(Number(t.b)) as number;
    let m = tokenDays.get(d);
    if (m === undefined) tokenDays.set(d, (m = new Map<string, number>()));
    m.set(t.token_address, (m.get(t.token_address) ?? 0) + Number(t.n));
  }
  const holders = await holdersAt(tx, from, to, tokenDays);

  const rows: SqlParam[][] = [];
  for (const [d, e] of byDay) {
    const r: DayRow = dayRow(e.blocks, e.txs);
    rows.push([
      d, Number(e.blocks[0]?.number), Number(e.blocks[e.blocks.length - 1]?.number), e.hash, r.blocks, r.transactions, r.activeAddresses, r.activeSenders,
      newAddresses.get(d) ?? 0, r.gasUsed, r.averageGasPrice, r.medianGasPrice, r.minGasPrice, r.maxGasPrice, r.averageBlockTime, r.averageBlockSize,
      newContracts.get(d) ?? 0, verified.get(d) ?? 0, erc20.get(d) ?? 0, nft.get(d) ?? 0, r.fees, r.blockRewards,
    ]);
  }
  const tokenRows: SqlParam[][] = [];
  for (const [d, m] of tokenDays) for (const [token, n] of m) tokenRows.push([token, d, n, holders.get(d)?.get(token) ?? 0]);
  await replaceDaysFrom(tx, firstDay, rows, tokenRows);
  await setStatsCursor(tx, to, end.hash);
  return rows.length;
}

/**
 * Holders at the end of each folded day, for the tokens with transfers that day: worked back from the balances and
 * holder counts as they are now (every indexed block), undoing transfers newest first and noting each token's count
 * as a day's end is passed. Exact whatever the step's size: the walk covers the transfers from the step's first block.
 */
async function holdersAt(tx: Queryable, from: number, to: number, tokenDays: ReadonlyMap<number, ReadonlyMap<string, number>>): Promise<Map<number, Map<string, number>>> {
  const tokens = new Set<string>();
  for (const m of tokenDays.values()) for (const t of m.keys()) tokens.add(t);
  if (tokens.size === 0) return new Map<number, Map<string, number>>();
  const list = [...tokens];
  const walk = (await transfersSinceNewestFirst(tx, from)).filter((t) => tokens.has(t.token_address));
  const pairs = new Map<string, [string, string]>();
  for (const t of walk) {
    for (const h of [t.from_addr, t.to_addr]) if (h !== ZERO) pairs.set(`${t.token_address} ${h}`, [t.token_address, h]);
  }
  const balances = new Map<string, bigint>();
  for (const r of await totalBalancesOf(tx, [...pairs.values()])) {
    balances.set(`${r.token_address} ${r.holder}`, BigInt(r.balance));
  }
  const counts = new Map<string, number>();
  for (const r of await holderCounts(tx, list)) {
    counts.set(r.address, Number(r.holder_count));
  }
  const moves: HolderTransfer[] = walk.map((t) => ({
    block: Number(t.block_number),
    day: Math.floor(Number(t.timestamp) / DAY_S),
    token: t.token_address,
    from: t.from_addr,
    to: t.to_addr,
    amount: t.token_type === 'ERC721' ? 1n : BigInt(t.value),
  }));
  return holdersByDay(moves, balances, counts, to, tokenDays);
}

/** Verifications per day of [firstDay, lastDay], from the verification records. */
async function verifiedByDay(tx: Queryable, firstDay: number, lastDay: number): Promise<Map<number, number>> {
  const m = new Map<number, number>();
  for (const verifiedAt of await verificationTimesBetween(tx, firstDay * DAY_S, (lastDay + 1) * DAY_S)) {
    const d = Math.floor(Number(verifiedAt) / DAY_S);
    m.set(d, (m.get(d) ?? 0) + 1);
  }
  return m;
}

/**
 * Verifications come at any time, not with blocks: the days of those made since the last count are counted again
 * (a day without blocks has no row, and its verifications are not shown).
 */
async function recountVerified(tx: Queryable, since: number): Promise<void> {
  const newest = await newestVerificationTime(tx);
  if (newest === null || Number(newest) <= since) return;
  const firstDay = Math.floor((since === 0 ? Number((await oldestVerificationTime(tx)) ?? newest) : since) / DAY_S);
  const lastDay = Math.floor(Number(newest) / DAY_S);
  const counts = await verifiedByDay(tx, firstDay, lastDay);
  for (let d = firstDay; d <= lastDay; d++) await setDayVerified(tx, d, counts.get(d) ?? 0);
  await setVerifiedCursor(tx, Number(newest));
}
