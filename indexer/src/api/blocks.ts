import { HttpError, type Router } from '../http/router.ts';
import { optionalFlag, parseBlockNumber, parseHash, parsePaging } from '../http/params.ts';
import { blockByHash, blockByNumber, latestBlocks } from '../store/queries/blocks.ts';
import { blockTransactions } from '../store/queries/transactions.ts';
import { ResponseCache } from './cache.ts';
import type { ApiContext } from './context.ts';
import type { BlockRow } from '../store/rows.ts';
import { blockJson, txJson } from './shapes.ts';
import { methodNames } from '../signatures/store.ts';

/** A block with its transactions, or null. */
export async function blockWithTxs(ctx: ApiContext, row: BlockRow | undefined) {
  if (!row) return null;
  const txs = await blockTransactions(ctx.db, row.number);
  const names = await methodNames(ctx.db, txs.map((t) => t.input));
  return blockJson(row, txs.map((t) => txJson(t, names)));
}

/** Block routes: list (optionally only blocks with transactions), by number, by hash. */
export function blockRoutes(router: Router, ctx: ApiContext): void {
  router.get('/blocks', async ({ query }) => {
    const { limit, offset } = parsePaging(query);
    return (await latestBlocks(ctx.db, optionalFlag(query, 'withTxs'), limit, offset)).map((b) => blockJson(b));
  });

  const cache = new ResponseCache();

  router.get('/blocks/{number}', async ({ params }) => {
    const n = parseBlockNumber(params['number']);
    const block = await cache.serveAsync(ctx, `n:${n}`, async () => blockWithTxs(ctx, await blockByNumber(ctx.db, n)));
    if (!block) throw new HttpError(404, 'Block not found');
    return block;
  });

  router.get('/blocks/hash/{hash}', async ({ params }) => {
    const hash = parseHash(params['hash'], 'Invalid block hash');
    const block = await cache.serveAsync(ctx, `h:${hash}`, async () => blockWithTxs(ctx, await blockByHash(ctx.db, hash)));
    if (!block) throw new HttpError(404, 'Block not found');
    return block;
  });
}
