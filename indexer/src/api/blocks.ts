import { HttpError, type Router } from '../http/router.ts';
import { optionalFlag, parseBlockNumber, parseHash, parsePaging } from '../http/params.ts';
import { ROW_ID_BLOCK } from '../store/row-ids.ts';
import { ResponseCache } from './cache.ts';
import type { ApiContext } from './context.ts';
import type { BlockRow, TxRow } from '../store/rows.ts';
import { blockJson, txJson } from './shapes.ts';
import { methodNames } from '../signatures/store.ts';

/** A block with its transactions, or null. */
export async function blockWithTxs(ctx: ApiContext, row: BlockRow | undefined) {
  if (!row) return null;
  const txs = await ctx.db.all<TxRow>(
    'SELECT * FROM transactions WHERE id >= ? AND id < ? ORDER BY id',
    row.number * ROW_ID_BLOCK,
    (row.number + 1) * ROW_ID_BLOCK,
  );
  const names = await methodNames(ctx.db, txs.map((t) => t.input));
  return blockJson(row, txs.map((t) => txJson(t, names)));
}

/** Block routes: list (optionally only blocks with transactions), by number, by hash. */
export function blockRoutes(router: Router, ctx: ApiContext): void {
  router.get('/blocks', async ({ query }) => {
    const { limit, offset } = parsePaging(query);
    const sql = optionalFlag(query, 'withTxs')
      ? 'SELECT * FROM blocks WHERE tx_count > 0 ORDER BY number DESC LIMIT ? OFFSET ?'
      : 'SELECT * FROM blocks ORDER BY number DESC LIMIT ? OFFSET ?';
    return (await ctx.db.all<BlockRow>(sql, limit, offset)).map((b) => blockJson(b));
  });

  const cache = new ResponseCache();

  router.get('/blocks/{number}', async ({ params }) => {
    const n = parseBlockNumber(params['number']);
    const block = await cache.serveAsync(ctx, `n:${n}`, async () => blockWithTxs(ctx, await ctx.db.one<BlockRow>('SELECT * FROM blocks WHERE number = ?', n)));
    if (!block) throw new HttpError(404, 'Block not found');
    return block;
  });

  router.get('/blocks/hash/{hash}', async ({ params }) => {
    const hash = parseHash(params['hash'], 'Invalid block hash');
    const block = await cache.serveAsync(ctx, `h:${hash}`, async () => blockWithTxs(ctx, await ctx.db.one<BlockRow>('SELECT * FROM blocks WHERE hash = ?', hash)));
    if (!block) throw new HttpError(404, 'Block not found');
    return block;
  });
}
