import { normalizeBlock, normalizeBlocks } from '../normalize/block.ts';
import type { Block } from '../model/types.ts';
import { pageQuery, seg, type Lookup, type PageQuery, type RequestOptions, type Transport } from './transport.ts';

// Blocks.

/**
 * GET /blocks?limit&offset[&withTxs=1] → blocks, newest first. With onlyWithTransactions, blocks without
 * transactions are also dropped here, for indexers that ignore the flag.
 */
export async function getBlocks(t: Transport, query: PageQuery & { onlyWithTransactions?: boolean } = {}, request?: RequestOptions): Promise<Block[]> {
  const blocks = await t.get('/blocks', normalizeBlocks, { ...pageQuery(query), withTxs: query.onlyWithTransactions ? 1 : undefined }, request);
  return query.onlyWithTransactions ? blocks.filter((block) => block.transactionCount > 0) : blocks;
}

/** GET /blocks/{n} → the block with its transactions, or null when not found. */
export function getBlock(t: Transport, number: number | string, request?: RequestOptions): Promise<Block | null> {
  return t.find(`/blocks/${seg(number)}`, normalizeBlock, {}, request);
}

/** GET /blocks/hash/{hash} → the block, or null when not found. */
export function getBlockByHash(t: Transport, hash: string, request?: RequestOptions): Promise<Block | null> {
  return t.find(`/blocks/hash/${seg(hash)}`, normalizeBlock, {}, request);
}

/** GET /blocks/{n} → found, not found (404), or an empty or unreadable 2xx body. */
export function lookupBlock(t: Transport, number: number | string, request?: RequestOptions): Promise<Lookup<Block>> {
  return t.lookup(`/blocks/${seg(number)}`, normalizeBlock, {}, request);
}

/** GET /blocks/hash/{hash} → found, not found (404), or an empty or unreadable 2xx body. */
export function lookupBlockByHash(t: Transport, hash: string, request?: RequestOptions): Promise<Lookup<Block>> {
  return t.lookup(`/blocks/hash/${seg(hash)}`, normalizeBlock, {}, request);
}
