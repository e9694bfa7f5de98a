import { parseAddress, parsePaging, parseTokenId } from '../http/params.ts';
import { HttpError, type Router } from '../http/router.ts';
import { pad, PADDED_ZERO, unpad } from '../num.ts';
import type { ApiContext } from './context.ts';
import { NFT_SELECT, nftJson, type NftRow } from './nft-json.ts';
import { TRANSFER_SELECT, transferJson, type TransferRow } from './shapes.ts';
import { findToken, type TokenRow } from './tokens.ts';

const BURNED = '0x0000000000000000000000000000000000000000';

/** Number of live items of a collection (ERC-721 not burnt, ERC-1155 ids with supply). */
export function itemCount(ctx: ApiContext, t: TokenRow): number {
  const row =
    t.contract_type === 'ERC721'
      ? ctx.stmts.one<{ n: number }>('SELECT count(*) AS n FROM nft_tokens WHERE token_address = ? AND owner != ?', t.address, BURNED)
      : ctx.stmts.one<{ n: number }>('SELECT count(*) AS n FROM nft_tokens WHERE token_address = ? AND supply > ?', t.address, PADDED_ZERO);
  return row?.n ?? 0;
}

/** Collection as served by /nfts and /nfts/{collection}. */
export function collectionJson(ctx: ApiContext, t: TokenRow) {
  const items = itemCount(ctx, t);
  return {
    address: t.address,
    tokenAddress: t.address,
    name: t.name,
    symbol: t.symbol,
    type: t.contract_type,
    items,
    owners: t.holder_count,
    ownerCount: t.holder_count,
    totalSupply: String(items),
    transfers: t.transfer_count,
    creatorAddress: t.creator,
    ownerAddress: t.owner,
    blockNumber: t.block_number,
    timestamp: t.timestamp,
  };
}

function collection(ctx: ApiContext, raw: string | undefined): TokenRow {
  const t = findToken(ctx, parseAddress(raw));
  if (!t || (t.contract_type !== 'ERC721' && t.contract_type !== 'ERC1155')) throw new HttpError(404, 'Collection not found');
  return t;
}

/** NFT routes: collections, one collection, its items, one item, an item's history. */
export function nftRoutes(router: Router, ctx: ApiContext): void {
  router.get('/nfts', ({ query }) => {
    const { limit, offset } = parsePaging(query);
    return ctx.stmts
      .all<TokenRow>(
        `SELECT address, creator, creation_tx, block_number, timestamp, contract_type, name, symbol, decimals, total_supply, owner,
           holder_count, transfer_count FROM contracts WHERE contract_type IN ('ERC721', 'ERC1155')
         ORDER BY holder_count DESC, transfer_count DESC, address LIMIT ? OFFSET ?`,
        limit,
        offset,
      )
      .map((t) => collectionJson(ctx, t));
  });

  router.get('/nfts/{collection}', ({ params }) => collectionJson(ctx, collection(ctx, params['collection'])));

  router.get('/nfts/{collection}/tokens', ({ params, query }) => {
    const { limit, offset } = parsePaging(query);
    const t = collection(ctx, params['collection']);
    return ctx.stmts
      .all<NftRow>(`${NFT_SELECT} WHERE n.token_address = ? ORDER BY n.token_id LIMIT ? OFFSET ?`, t.address, limit, offset)
      .map((r) => nftJson(r));
  });

  router.get('/nfts/{collection}/{tokenId}', ({ params }) => {
    const id = pad(parseTokenId(params['tokenId']));
    const t = collection(ctx, params['collection']);
    const row = ctx.stmts.one<NftRow>(`${NFT_SELECT} WHERE n.token_address = ? AND n.token_id = ?`, t.address, id);
    if (!row) throw new HttpError(404, 'NFT not found');
    const holders = ctx.stmts.all<{ holder: string; balance: string }>(
      `SELECT holder, balance FROM token_balances WHERE token_address = ? AND token_id = ? AND balance > ?
       ORDER BY balance DESC, holder LIMIT 10`,
      t.address,
      id,
      PADDED_ZERO,
    );
    const item = nftJson(row, true);
    const owners = row.token_type === 'ERC721' ? (row.owner && row.owner !== BURNED ? [{ address: row.owner, balance: '1' }] : []) : holders.map((h) => ({ address: h.holder, balance: unpad(h.balance) }));
    return {
      ...item,
      owner: row.token_type === 'ERC721' ? row.owner : (owners[0]?.address ?? null),
      owners,
      collection: collectionJson(ctx, t),
    };
  });

  router.get('/nfts/{collection}/{tokenId}/transfers', ({ params, query }) => {
    const id = pad(parseTokenId(params['tokenId']));
    const { limit, offset } = parsePaging(query);
    const t = collection(ctx, params['collection']);
    return ctx.stmts
      .all<TransferRow>(
        `${TRANSFER_SELECT} WHERE t.token_address = ? AND t.token_id = ? ORDER BY t.id DESC LIMIT ? OFFSET ?`,
        t.address,
        id,
        limit,
        offset,
      )
      .map(transferJson);
  });
}
