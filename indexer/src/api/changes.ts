import type { Router } from '../http/router.ts';
import { changesRoute, MAX_CHANGE_BLOCKS } from './contract/changes.ts';
import { readQuery, type AnswerOf } from './contract/route.ts';
import { minersBetween } from '../store/queries/blocks.ts';
import { logEmittersBetween } from '../store/queries/logs.ts';
import { transactionPartiesBetween } from '../store/queries/transactions.ts';
import { transferPartiesBetween } from '../store/queries/transfers.ts';
import type { ApiContext } from './context.ts';

// The contract names the bound in its text; the handler's callers find it here as they always have.
export { MAX_CHANGE_BLOCKS };

/** GET /changes's answer. */
export type ChangesAnswer = AnswerOf<typeof changesRoute>;

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
  router.get(changesRoute.path, async ({ query }) => changedAddresses(ctx, readQuery(changesRoute, query).since));
}
