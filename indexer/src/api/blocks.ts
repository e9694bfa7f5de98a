import { HttpError, type Router } from '../http/router.ts';
import { blockByHashRoute, blockByNumberRoute, latestBlocksRoute } from './contract/blocks.ts';
import { readParams, readQuery, type AnswerOf } from './contract/route.ts';
import { blockByHash, blockByNumber, latestBlocks } from '../store/queries/blocks.ts';
import { blockTransactions } from '../store/queries/transactions.ts';
import { ResponseCache } from './cache.ts';
import type { ApiContext } from './context.ts';
import type { BlockRow } from '../store/rows.ts';
import { blockJson, txJson } from './shapes.ts';
import { methodNames } from '../signatures/store.ts';

/** A block with its transactions, or null. */
export async function blockWithTxs(ctx: ApiContext, row: BlockRow | undefined): Promise<AnswerOf<typeof blockByNumberRoute> | null> {
  if (!row) return null;
  const txs = await blockTransactions(ctx.db, row.number);
  const names = await methodNames(ctx.db, txs.map((t) => t.input));
  return blockJson(row, txs.map((t) => txJson(t, names)));
}

/** Block routes: list (optionally only blocks with transactions), by number, by hash. */
export function blockRoutes(router: Router, ctx: ApiContext): void {
  router.get(latestBlocksRoute.path, async ({ query }): Promise<AnswerOf<typeof latestBlocksRoute>> => {
    const { limit, offset, withTxs } = readQuery(latestBlocksRoute, query);
    return (await latestBlocks(ctx.db, withTxs, limit, offset)).map((b) => blockJson(b));
  });

  const cache = new ResponseCache();

  router.get(blockByNumberRoute.path, async ({ params }) => {
    const { number: n } = readParams(blockByNumberRoute, params);
    const block = await cache.serveAsync(ctx, `n:${n}`, async () => blockWithTxs(ctx, await blockByNumber(ctx.db, n)));
    if (!block) throw new HttpError(404, 'Block not found');
    return block;
  });

  router.get(blockByHashRoute.path, async ({ params }) => {
    const { hash } = readParams(blockByHashRoute, params);
    const block = await cache.serveAsync(ctx, `h:${hash}`, async () => blockWithTxs(ctx, await blockByHash(ctx.db, hash)));
    if (!block) throw new HttpError(404, 'Block not found');
    return block;
  });
}
