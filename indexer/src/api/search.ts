import type * as z from 'zod';
import { isAddress, isHash } from '../http/params.ts';
import { HttpError, type Router } from '../http/router.ts';
import { pad } from '../chain/num.ts';
import { addressKind, nativeBalance } from './accounts.ts';
import type { ApiContext } from './context.ts';
import { readQuery, type AnswerOf } from './contract/route.ts';
import { searchRoute, type searchHit } from './contract/search.ts';
import { blockByHash, blockByNumber } from '../store/queries/blocks.ts';
import { nftsByCollectionName, nftsById, nftsByName, type NftRow } from '../store/queries/nfts.ts';
import { tokensNameContaining, tokensNamed, type TokenHit } from '../store/queries/tokens.ts';
import { transactionByHash } from '../store/queries/transactions.ts';
import { blockJson, txJson } from './shapes.ts';

/** One search hit in the spec's result shape. */
export type SearchResult = z.input<typeof searchHit>;

const MAX_RESULTS = 10;

function tokenResult(t: TokenHit): SearchResult {
  return {
    type: 'token',
    contractType: t.contract_type,
    data: {
      address: t.address,
      name: t.name,
      symbol: t.symbol,
      decimals: t.contract_type === 'ERC20' ? t.decimals : 0,
      totalSupply: t.total_supply,
      type: t.contract_type,
    },
  };
}

function nftResult(n: NftRow): SearchResult {
  const tokenId = BigInt(n.token_id).toString();
  return {
    type: 'nft',
    contractType: n.token_type,
    data: {
      address: n.token_address,
      tokenId,
      name: n.name ?? `${n.collection_name ?? 'Unknown'} #${tokenId}`,
      collection: n.collection_name,
      image: n.image,
    },
  };
}

/**
 * Parses '<collection address> <id>' (also with '/', ':' or '#' between) and '<collection name or symbol> #<id>'.
 * Returns null when the query has neither form.
 */
export function parseNftQuery(q: string): { collection: string; byAddress: boolean; tokenId: bigint } | null {
  const byAddress = /^(0x[0-9a-fA-F]{40})\s*[\s/:#]\s*#?(\d{1,78})$/.exec(q);
  if (byAddress) return { collection: (byAddress[1] as string).toLowerCase(), byAddress: true, tokenId: BigInt(byAddress[2] as string) };
  const byName = /^(.+?)\s*#\s*(\d{1,78})$/.exec(q);
  if (byName) return { collection: (byName[1] as string).trim(), byAddress: false, tokenId: BigInt(byName[2] as string) };
  return null;
}

/** Everything a query can mean, best matches first. */
export async function search(ctx: ApiContext, q: string): Promise<SearchResult[]> {
  if (/^\d+$/.test(q)) {
    const n = Number(q);
    const b = Number.isSafeInteger(n) ? await blockByNumber(ctx.db, n) : undefined;
    return b ? [{ type: 'block', data: blockJson(b) }] : [];
  }
  if (isHash(q)) {
    const hash = q.toLowerCase();
    const tx = await transactionByHash(ctx.db, hash);
    if (tx) return [{ type: 'transaction', data: txJson(tx) }];
    const b = await blockByHash(ctx.db, hash);
    return b ? [{ type: 'block', data: blockJson(b) }] : [];
  }
  if (isAddress(q)) {
    const address = q.toLowerCase();
    const [kind, balance] = await Promise.all([addressKind(ctx, address), nativeBalance(ctx, address)]);
    return [
      {
        type: 'address',
        addressType: kind.type === 'contract' ? 'contract' : 'account',
        ...(kind.contractType ? { contractType: kind.contractType } : {}),
        data: { address, balance: balance.toString() },
      },
    ];
  }
  const nft = parseNftQuery(q);
  if (nft) {
    const id = pad(nft.tokenId);
    const rows = nft.byAddress
      ? await nftsById(ctx.db, nft.collection, id)
      : await nftsByCollectionName(ctx.db, nft.collection, id, MAX_RESULTS);
    if (rows.length > 0) return rows.map(nftResult);
  }
  const exact = await tokensNamed(ctx.db, q, MAX_RESULTS);
  const items = await nftsByName(ctx.db, q, MAX_RESULTS);
  if (exact.length > 0 || items.length > 0) return [...exact.map(tokenResult), ...items.map(nftResult)];
  return (await tokensNameContaining(ctx.db, q, MAX_RESULTS)).map(tokenResult);
}

/** GET /search?q=: one result, or {type:'multiple', data:[…]}; 400 for an empty query, 404 when nothing matches. */
export function searchRoutes(router: Router, ctx: ApiContext): void {
  router.get(searchRoute.path, async ({ query }): Promise<AnswerOf<typeof searchRoute>> => {
    const { q } = readQuery(searchRoute, query);
    const results = await search(ctx, q);
    if (results.length === 0) throw new HttpError(404, 'No results found');
    if (results.length === 1) return results[0] as SearchResult;
    return { type: 'multiple', data: results };
  }, { limit: 'search' });
}
