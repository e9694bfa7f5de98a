import { DAY_MS } from '../../../common/stats-series.ts';
import { ROW_ID_BLOCK } from '../store/row-ids.ts';
import type { Queryable, SqlParam } from '../store/types.ts';
import { insertRows, selectIn } from '../store/bulk.ts';
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
  const stored = await tx.one<{ block_number: number | null; block_hash: string | null; verified_at: number }>('SELECT block_number, block_hash, verified_at FROM stats_cursor WHERE id = 1');
  let cursor = stored?.block_number ?? null;
  let rewound = false;
  if (cursor !== null) {
    const now = await tx.one<{ hash: string }>('SELECT hash FROM blocks WHERE number = ?', cursor);
    if (now?.hash !== stored?.block_hash) {
      cursor = await rewind(tx);
      rewound = true;
    }
  }
  const head = (await tx.one<{ n: number | null }>('SELECT max(number) AS n FROM blocks'))?.n ?? null;
  const traced = limits.trailTracer === true ? ((await tx.one<{ n: number | null }>('SELECT block_number AS n FROM internal_trace WHERE id = 1'))?.n ?? null) : head;
  const top = head === null || traced === null ? null : Math.min(head, traced);
  let folded = 0;
  let more = false;
  if (top !== null && (cursor === null || top > cursor)) {
    const first = await tx.one<{ number: number; timestamp: number }>('SELECT number, timestamp FROM blocks WHERE number > ? ORDER BY number LIMIT 1', cursor ?? -1);
    if (first !== undefined && first.number <= top) {
      const firstDay = Math.floor(first.timestamp / DAY_S);
      const endTime = (firstDay + limits.maxDays) * DAY_S;
      const dayLast = (await tx.one<{ n: number }>('SELECT max(number) AS n FROM blocks WHERE number <= ? AND timestamp < ?', top, endTime))?.n ?? top;
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
  for (const b of await tx.all<{ number: number; tx_count: number }>('SELECT number, tx_count FROM blocks WHERE number BETWEEN ? AND ? ORDER BY number', first, last)) {
    sum += Number(b.tx_count);
    if (sum > budget && Number(b.number) > first) return Number(b.number) - 1;
  }
  return last;
}

/** Deletes the days a reorg changed: back to the last day whose last block is intact. Answers the new cursor. */
async function rewind(tx: Queryable): Promise<number | null> {
  const intact = await tx.one<{ day: number; last_block: number; last_hash: string }>(
    `SELECT d.day, d.last_block, d.last_hash FROM daily_stats d JOIN blocks b ON b.number = d.last_block AND b.hash = d.last_hash
     ORDER BY d.day DESC LIMIT 1`,
  );
  const keep = intact?.day ?? -1;
  await tx.run('DELETE FROM daily_stats WHERE day > ?', keep);
  await tx.run('DELETE FROM token_daily_stats WHERE day > ?', keep);
  await tx.run('UPDATE stats_cursor SET block_number = ?, block_hash = ? WHERE id = 1', intact?.last_block ?? null, intact?.last_hash ?? null);
  return intact?.last_block ?? null;
}

/** Folds every day from `firstDay` (whole, from its first block) to the day of block `last` (up to `last`). Answers the days written. */
async function foldDays(tx: Queryable, firstDay: number, last: number): Promise<number> {
  const blocks = await tx.all<DayBlock & { hash: string }>(
    'SELECT number, hash, timestamp, gas_used, size, reward FROM blocks WHERE timestamp >= ? AND number <= ? ORDER BY number',
    firstDay * DAY_S,
    last,
  );
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
  const txs = await tx.all<DayTx & { id: number }>(
    'SELECT id, from_addr, to_addr, gas_used, effective_gas_price, gas_price FROM transactions WHERE id >= ? AND id < ?',
    from * ROW_ID_BLOCK,
    (to + 1) * ROW_ID_BLOCK,
  );
  for (const t of txs) byDay.get(dayOfBlock.get(Math.floor(Number(t.id) / ROW_ID_BLOCK)) as number)?.txs.push(t);
  const perDay = (rows: { b: number; n: number }[]): Map<number, number> => {
    const m = new Map<number, number>();
    for (const r of rows) {
      const d = dayOfBlock.get(Number(r.b));
      if (d !== undefined) m.set(d, (m.get(d) ?? 0) + Number(r.n));
    }
    return m;
  };
  const newAddresses = perDay(await tx.all('SELECT first_seen_block AS b, count(*) AS n FROM addresses WHERE first_seen_block BETWEEN ? AND ? GROUP BY first_seen_block', from, to));
  const newContracts = perDay(await tx.all('SELECT first_seen_block AS b, count(*) AS n FROM contracts WHERE first_seen_block BETWEEN ? AND ? GROUP BY first_seen_block', from, to));
  const verified = await verifiedByDay(tx, firstDay, lastDay);
  const transfers = await tx.all<{ b: number; token_address: string; token_type: string; n: number }>(
    'SELECT block_number AS b, token_address, token_type, count(*) AS n FROM token_transfers WHERE block_number BETWEEN ? AND ? GROUP BY block_number, token_address, token_type',
    from,
    to,
  );
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
  await tx.run('DELETE FROM daily_stats WHERE day >= ?', firstDay);
  await tx.run('DELETE FROM token_daily_stats WHERE day >= ?', firstDay);
  await insertRows(tx, 'daily_stats', DAILY_COLUMNS, rows);
  await insertRows(tx, 'token_daily_stats', ['token_address', 'day', 'transfers', 'holders'], tokenRows);
  await tx.run('UPDATE stats_cursor SET block_number = ?, block_hash = ? WHERE id = 1', to, end.hash);
  return rows.length;
}

const DAILY_COLUMNS = [
  'day', 'first_block', 'last_block', 'last_hash', 'blocks', 'transactions', 'active_addresses', 'active_senders',
  'new_addresses', 'gas_used', 'average_gas_price', 'median_gas_price', 'min_gas_price', 'max_gas_price', 'average_block_time', 'average_block_size',
  'new_contracts', 'verified_contracts', 'erc20_transfers', 'nft_transfers', 'fees', 'block_rewards',
];

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
  const walk = (
    await tx.all<{ block_number: number; timestamp: number; token_address: string; token_type: string; from_addr: string; to_addr: string; value: string }>(
      'SELECT block_number, timestamp, token_address, token_type, from_addr, to_addr, value FROM token_transfers WHERE block_number >= ? ORDER BY id DESC',
      from,
    )
  ).filter((t) => tokens.has(t.token_address));
  const pairs = new Map<string, [string, string]>();
  for (const t of walk) {
    for (const h of [t.from_addr, t.to_addr]) if (h !== ZERO) pairs.set(`${t.token_address} ${h}`, [t.token_address, h]);
  }
  const balances = new Map<string, bigint>();
  for (const r of await selectIn<{ token_address: string; holder: string; balance: string }>(
    tx,
    "SELECT token_address, holder, balance FROM token_balances WHERE token_id = '' AND (token_address, holder) IN (?)",
    [],
    [...pairs.values()],
  )) {
    balances.set(`${r.token_address} ${r.holder}`, BigInt(r.balance));
  }
  const counts = new Map<string, number>();
  for (const r of await selectIn<{ address: string; holder_count: number }>(tx, 'SELECT address, holder_count FROM contracts WHERE address IN (?)', [], list)) {
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
  for (const r of await tx.all<{ verified_at: number }>('SELECT verified_at FROM verified_contracts WHERE verified_at >= ? AND verified_at < ?', firstDay * DAY_S, (lastDay + 1) * DAY_S)) {
    const d = Math.floor(Number(r.verified_at) / DAY_S);
    m.set(d, (m.get(d) ?? 0) + 1);
  }
  return m;
}

/**
 * Verifications come at any time, not with blocks: the days of those made since the last count are counted again
 * (a day without blocks has no row, and its verifications are not shown).
 */
async function recountVerified(tx: Queryable, since: number): Promise<void> {
  const newest = (await tx.one<{ t: number | null }>('SELECT max(verified_at) AS t FROM verified_contracts'))?.t ?? null;
  if (newest === null || Number(newest) <= since) return;
  const firstDay = Math.floor((since === 0 ? Number((await tx.one<{ t: number }>('SELECT min(verified_at) AS t FROM verified_contracts'))?.t ?? newest) : since) / DAY_S);
  const lastDay = Math.floor(Number(newest) / DAY_S);
  const counts = await verifiedByDay(tx, firstDay, lastDay);
  for (let d = firstDay; d <= lastDay; d++) await tx.run('UPDATE daily_stats SET verified_contracts = ? WHERE day = ?', counts.get(d) ?? 0, d);
  await tx.run('UPDATE stats_cursor SET verified_at = ? WHERE id = 1', Number(newest));
}
