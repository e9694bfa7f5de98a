import { HttpError, type Router } from '../http/router.ts';
import { pad, unpad } from '../chain/num.ts';
import { collectionItems, collectionsPage, itemHolders, liveItemCount, liveItemMetadata, nftItem } from '../store/queries/nfts.ts';
import { nftTransfers } from '../store/queries/transfers.ts';
import type { ApiContext } from './context.ts';
import { collectionItemsRoute, collectionRoute, collectionsRoute, nftRoute, nftTransfersRoute } from './contract/nfts.ts';
import { readParam, readParams, readQuery, type AnswerOf } from './contract/route.ts';
import { extractTraits } from '../metadata/parse.ts';
import { nftJson } from './nft-json.ts';
import { transferJson } from './shapes.ts';
import { findToken, type TokenRow } from './tokens.ts';

const BURNED = '0x0000000000000000000000000000000000000000';

/** Number of live items of a collection (ERC-721 not burnt, ERC-1155 ids with supply). */
export async function itemCount(ctx: ApiContext, t: TokenRow): Promise<number> {
  return liveItemCount(ctx.db, t.address, t.contract_type);
}

/** Collection as served by /nfts and /nfts/{collection}. */
export async function collectionJson(ctx: ApiContext, t: TokenRow) {
  const items = await itemCount(ctx, t);
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

/** Collections larger than this get no trait rarity (it reads every item's attributes). */
const RARITY_MAX_ITEMS = 10_000;

/**
 * Rarity of each trait of one item: the percentage (one decimal) of the collection's live items that share the
 * trait's type and value; null for every trait when the collection is empty or too large to count.
 */
async function traitRarity(ctx: ApiContext, t: TokenRow, traits: readonly { trait_type: string | null; value: unknown }[]): Promise<(number | null)[]> {
  const items = await itemCount(ctx, t);
  if (items === 0 || items > RARITY_MAX_ITEMS || traits.length === 0) return traits.map(() => null);
  const documents = await liveItemMetadata(ctx.db, t.address, t.contract_type, RARITY_MAX_ITEMS);
  const key = (type: string | null, value: unknown): string => `${type ?? ''}\u0000${String(value)}`;
  const counts = new Map<string, number>();
  for (const metadata of documents) {
    let list: unknown;
    try {
      const doc = JSON.parse(metadata) as unknown;
      if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) continue;
      const fields = doc as { attributes?: unknown; traits?: unknown };
      list = fields.attributes ?? fields.traits ?? null;
    } catch {
      continue;
    }
    const seen = new Set(extractTraits({ attributes: list }).map((trait) => key(trait.trait_type, trait.value)));
    for (const k of seen) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return traits.map((trait) => Math.round(((counts.get(key(trait.trait_type, trait.value)) ?? 0) * 1000) / items) / 10);
}

async function collection(ctx: ApiContext, address: string): Promise<TokenRow> {
  const t = await findToken(ctx, address);
  if (!t || (t.contract_type !== 'ERC721' && t.contract_type !== 'ERC1155')) throw new HttpError(404, 'Collection not found');
  return t;
}

/** NFT routes: collections, one collection, its items, one item, an item's history. */
export function nftRoutes(router: Router, ctx: ApiContext): void {
  router.get(collectionsRoute.path, async ({ query }): Promise<AnswerOf<typeof collectionsRoute>> => {
    const { limit, offset, sort } = readQuery(collectionsRoute, query);
    const rows = await collectionsPage(ctx.db, sort, limit, offset);
    const out = [];
    for (const t of rows) out.push(await collectionJson(ctx, t));
    return out;
  });

  router.get(collectionRoute.path, async ({ params }): Promise<AnswerOf<typeof collectionRoute>> =>
    collectionJson(ctx, await collection(ctx, readParams(collectionRoute, params).collection)),
  );

  // The query is read before the collection's address, and an item's id before both: the first problem answered
  // stays the one it always was.
  router.get(collectionItemsRoute.path, async ({ params, query }): Promise<AnswerOf<typeof collectionItemsRoute>> => {
    const { limit, offset, sort } = readQuery(collectionItemsRoute, query);
    const t = await collection(ctx, readParams(collectionItemsRoute, params).collection);
    return (await collectionItems(ctx.db, t.address, sort, limit, offset))
      .map((r) => nftJson(r));
  });

  router.get(nftRoute.path, async ({ params }): Promise<AnswerOf<typeof nftRoute>> => {
    const id = pad(readParam(nftRoute, 'tokenId', params));
    const t = await collection(ctx, readParam(nftRoute, 'collection', params));
    const row = await nftItem(ctx.db, t.address, id);
    if (!row) throw new HttpError(404, 'NFT not found');
    const holders = await itemHolders(ctx.db, t.address, id);
    const item = nftJson(row, true);
    const rarity = await traitRarity(ctx, t, item.attributes);
    const traits = item.traits.map((trait, i) => ({ ...trait, rarity: rarity[i] ?? null }));
    const owners = row.token_type === 'ERC721' ? (row.owner && row.owner !== BURNED ? [{ address: row.owner, balance: '1' }] : []) : holders.map((h) => ({ address: h.holder, balance: unpad(h.balance) }));
    return {
      ...item,
      // Always there in a detail (nftJson's second argument); said again for the answer's type.
      metadata: item.metadata ?? null,
      traits,
      owner: row.token_type === 'ERC721' ? row.owner : (owners[0]?.address ?? null),
      owners,
      collection: await collectionJson(ctx, t),
    };
  });

  router.get(nftTransfersRoute.path, async ({ params, query }): Promise<AnswerOf<typeof nftTransfersRoute>> => {
    const id = pad(readParam(nftTransfersRoute, 'tokenId', params));
    const { limit, offset } = readQuery(nftTransfersRoute, query);
    const t = await collection(ctx, readParam(nftTransfersRoute, 'collection', params));
    return (await nftTransfers(ctx.db, t.address, id, limit, offset))
      .map((row) => transferJson('list', row));
  });
}
