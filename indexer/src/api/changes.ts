import { HttpError, type Router } from '../http/router.ts';
import { parseBlockNumber } from '../http/params.ts';
import { ROW_ID_BLOCK } from '../store/row-ids.ts';
import type { ApiContext } from './context.ts';

/**
 * Blocks one answer of GET /changes covers at most: a reader further behind is told the list is not complete (it then
 * takes everything as changed, as after a restart), so an answer stays a few small range reads.
 */
export const MAX_CHANGE_BLOCKS = 256;

/** GET /changes's answer. */
export interface ChangesAnswer {
  /** The last indexed block the addresses are listed up to (the head of /health when it was read). */
  head: number | null;
  /** Rollbacks so far (as /health says): the list is about the chain of this generation. */
  reorgs: number;
  /** Whether `addresses` names every address whose data changed in blocks since+1 … head. */
  complete: boolean;
  /** Lowercase addresses, each once. */
  addresses: string[];
}

/**
 * The addresses whose indexed data changed in blocks `since`+1 … head, so that a reader keeping pages per address
 * (the site's render cache) knows which of them a new block made stale: every address the sync writes something about.
 * A block's miner and every transaction's sender, recipient and created contract (the addresses whose balances the
 * sync reads, sync/fetch.ts), every token transfer's token, sender and recipient (balances, holders, supplies), and
 * every contract that emitted a log.
 */
export async function changedAddresses(ctx: ApiContext, since: number): Promise<ChangesAnswer> {
  const before = ctx.sync();
  const head = before.lastBlock;
  const answer = (complete: boolean, addresses: string[] = []): ChangesAnswer => ({ head, reorgs: before.reorgs, complete, addresses });
  if (head === null || since > head) return answer(false);
  if (since === head) return answer(true);
  if (head - since > MAX_CHANGE_BLOCKS) return answer(false);
  const ids = [(since + 1) * ROW_ID_BLOCK, (head + 1) * ROW_ID_BLOCK] as const;
  const [txs, transfers, logs, miners] = await Promise.all([
    ctx.db.all<{ a: string; b: string | null; c: string | null }>('SELECT from_addr AS a, to_addr AS b, contract_address AS c FROM transactions WHERE id >= ? AND id < ?', ...ids),
    ctx.db.all<{ a: string; b: string; c: string }>('SELECT token_address AS a, from_addr AS b, to_addr AS c FROM token_transfers WHERE block_number > ? AND block_number <= ?', since, head),
    ctx.db.all<{ a: string }>('SELECT DISTINCT address AS a FROM logs WHERE id >= ? AND id < ?', ...ids),
    ctx.db.all<{ a: string }>('SELECT miner AS a FROM blocks WHERE number > ? AND number <= ?', since, head),
  ]);
  // A rollback while these were read: they may mix two chains.
  if (ctx.sync().reorgs !== before.reorgs) return answer(false);
  const seen = new Set<string>();
  const add = (a: string | null): void => {
    if (a) seen.add(a.toLowerCase());
  };
  for (const r of txs) [r.a, r.b, r.c].forEach(add);
  for (const r of transfers) [r.a, r.b, r.c].forEach(add);
  for (const r of [...logs, ...miners]) add(r.a);
  return answer(true, [...seen]);
}

/** GET /changes?since=N: changedAddresses. */
export function changeRoutes(router: Router, ctx: ApiContext): void {
  router.get('/changes', async ({ query }) => {
    const since = query.get('since');
    if (since === null || since === '') throw new HttpError(400, 'Invalid since: must be a block number');
    return changedAddresses(ctx, parseBlockNumber(since, 'Invalid since: must be a block number'));
  });
}
