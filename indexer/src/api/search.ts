import { isAddress, isHash } from '../http/params.ts';
import { HttpError, type Router } from '../http/router.ts';
import { pad } from '../chain/num.ts';
import { addressKind, nativeBalance } from './accounts.ts';
import type { ApiContext } from './context.ts';
import { NFT_SELECT, type NftRow } from './nft-json.ts';
import type { BlockRow, TxRow } from '../store/rows.ts';
import { blockJson, txJson } from './shapes.ts';

/** One search hit in the spec's result shape. */
export interface SearchResult {
  type: 'block' | 'transaction' | 'address' | 'token' | 'nft';
  data: unknown;
  addressType?: 'contract' | 'account';
  contractType?: string;
}

interface TokenHit {
  address: string;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  total_supply: string | null;
  contract_type: string;
}

const MAX_RESULTS = 10;

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => '\\' + c);
}

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
    const b = Number.isSafeInteger(n) ? await ctx.db.one<BlockRow>('SELECT * FROM blocks WHERE number = ?', n) : undefined;
    return b ? [{ type: 'block', data: blockJson(b) }] : [];
  }
  if (isHash(q)) {
    const hash = q.toLowerCase();
    const tx = await ctx.db.one<TxRow>('SELECT * FROM transactions WHERE hash = ?', hash);
    if (tx) return [{ type: 'transaction', data: txJson(tx) }];
    const b = await ctx.db.one<BlockRow>('SELECT * FROM blocks WHERE hash = ?', hash);
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
      ? await ctx.db.all<NftRow>(`${NFT_SELECT} WHERE n.token_address = ? AND n.token_id = ?`, nft.collection, id)
      : await ctx.db.all<NftRow>(
          `${NFT_SELECT} WHERE n.token_id = ? AND n.token_address IN (SELECT address FROM contracts
             WHERE contract_type IN ('ERC721', 'ERC1155') AND (lower(name) = lower(?) OR lower(symbol) = lower(?))) LIMIT ?`,
          id,
          nft.collection,
          nft.collection,
          MAX_RESULTS,
        );
    if (rows.length > 0) return rows.map(nftResult);
  }
  const exact = await ctx.db.all<TokenHit>(
    `SELECT address, name, symbol, decimals, total_supply, contract_type FROM contracts
     WHERE contract_type != 'none' AND (lower(name) = lower(?) OR lower(symbol) = lower(?))
     ORDER BY holder_count DESC, address LIMIT ?`,
    q,
    q,
    MAX_RESULTS,
  );
  const items = await ctx.db.all<NftRow>(`${NFT_SELECT} WHERE n.name = ? COLLATE NOCASE LIMIT ?`, q, MAX_RESULTS);
  if (exact.length > 0 || items.length > 0) return [...exact.map(tokenResult), ...items.map(nftResult)];
  const like = `%${escapeLike(q)}%`;
  return (await ctx.db.all<TokenHit>(
      `SELECT address, name, symbol, decimals, total_supply, contract_type FROM contracts
       WHERE contract_type != 'none' AND (lower(name) LIKE lower(?) ESCAPE '\\' OR lower(symbol) LIKE lower(?) ESCAPE '\\')
       ORDER BY holder_count DESC, address LIMIT ?`,
      like,
      like,
      MAX_RESULTS,
    ))
    .map(tokenResult);
}

/** GET /search?q=: one result, or {type:'multiple', data:[…]}; 400 for an empty query, 404 when nothing matches. */
export function searchRoutes(router: Router, ctx: ApiContext): void {
  router.get('/search', async ({ query }) => {
    const q = (query.get('q') ?? '').trim();
    if (q === '') throw new HttpError(400, 'Query parameter is required');
    if (q.length > 200) throw new HttpError(400, 'Query is too long');
    const results = await search(ctx, q);
    if (results.length === 0) throw new HttpError(404, 'No results found');
    if (results.length === 1) return results[0];
    return { type: 'multiple', data: results };
  }, { limit: 'search' });
}
