import { HttpError, type Router } from '../http/router.ts';
import { parseBlockNumber } from '../http/params.ts';
import { minersBetween } from '../store/queries/blocks.ts';
import { logEmittersBetween } from '../store/queries/logs.ts';
import { transactionPartiesBetween } from '../store/queries/transactions.ts';
import { transferPartiesBetween } from '../store/queries/transfers.ts';
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
  const [txs, transfers, logs, miners] = await Promise.all([
    transactionPartiesBetween(ctx.db, since, head),
    transferPartiesBetween(ctx.db, since, head),
    logEmittersBetween(ctx.db, since, head),
    minersBetween(ctx.db, since, head),
  ]);
  // A rollback while these were read: they may mix two chains.
  if (ctx.sync().reorgs !== before.reorgs) return answer(false);
  const seen = new Set<string>();
  const add = (a: string | null): void => {
    if (a) seen.add(a.toLowerCase());
  };
  for (const r of txs) [r.a, r.b, r.c].forEach(add);
  for (const r of transfers) [r.a, r.b, r.c].forEach(add);
  for (const a of [...logs, ...miners]) add(a);
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
