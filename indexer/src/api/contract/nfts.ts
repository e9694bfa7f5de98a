// The NFT routes' contract: collections, one collection, its items, one item with its owners, an item's history; and
// the NFTs an address holds (/address/{address}/nfts), served in the same item shape.
import * as z from 'zod';
import { HttpError } from '../../http/router.ts';
import { address, addressParam, addressQuery, dec, hash, int, readWith, tokenIdParam, tokenStandard } from './fields.ts';
import { pagedListRoute } from './lists.ts';
import { defineRoute } from './route.ts';
import { listTransfer } from './tokens.ts';

/** Orders of /nfts and /nfts/{collection}/tokens (?sort=): latest transfer first, most owners, newest first. */
export const NFT_SORTS = ['trending', 'top', 'new'] as const;

/** Query parameter sort: one of NFT_SORTS, exactly so written; 'top' when absent. */
const sort = readWith(
  (raw): (typeof NFT_SORTS)[number] => {
    if (raw === undefined || raw === '') return 'top';
    if (!(NFT_SORTS as readonly string[]).includes(raw)) throw new HttpError(400, `Invalid sort: must be one of ${NFT_SORTS.join(', ')}`);
    return raw as (typeof NFT_SORTS)[number];
  },
  { type: 'string', enum: [...NFT_SORTS], default: 'top' },
);

/** A collection as served (api/nfts.ts collectionJson). */
export const collection = z
  .object({
    address,
    tokenAddress: address,
    name: z.string().nullable(),
    symbol: z.string().nullable(),
    type: tokenStandard,
    items: int,
    owners: int,
    ownerCount: int,
    totalSupply: dec.meta({ description: 'live items' }),
    transfers: int,
    creatorAddress: address.nullable(),
    ownerAddress: address.nullable(),
    blockNumber: int.nullable(),
    timestamp: int.nullable(),
  })
  .meta({ id: 'Collection' });

/** A trait as the metadata lists it (metadata/parse.ts extractTraits): display_type only when the document has one. */
const trait = z.object({
  trait_type: z.string().nullable(),
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  display_type: z.string().optional(),
});

const nftFields = {
  tokenAddress: address,
  tokenId: dec,
  tokenType: tokenStandard,
  name: z.string().meta({ description: "the metadata's, else '{collection} #{id}'" }),
  description: z.string().nullable(),
  image: z.string().nullable(),
  imageUrl: z.string().nullable(),
  attributes: z.array(trait),
  traits: z.array(z.object({ type: z.string().nullable(), value: z.unknown() })),
  owner: address.nullable(),
  ownerAddress: address.nullable(),
  burned: z.boolean(),
  supply: dec,
  creator: address.nullable(),
  mintTransaction: hash.nullable(),
  mintBlock: int.nullable(),
  createdAt: int.nullable(),
  collection: z.object({ address, name: z.string().nullable(), symbol: z.string().nullable() }),
  collectionName: z.string().nullable(),
  metadataUri: z.string().nullable().meta({ description: 'a data: URI is shortened to its media type' }),
  metadataStatus: z.string().meta({ description: 'pending, ok, none or error' }),
  balance: dec.optional().meta({ description: "the holder's balance, in an address's list" }),
};

/** An NFT in lists (api/nft-json.ts nftJson). */
export const nft = z.object(nftFields).meta({ id: 'Nft' });

/** One NFT with its metadata document, owners, traits' rarity and collection. */
export const nftDetail = z
  .object({
    ...nftFields,
    traits: z.array(
      z.object({ type: z.string().nullable(), value: z.unknown(), rarity: z.number().nullable().meta({ description: 'per cent of live items sharing it' }) }),
    ),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    owners: z.array(z.object({ address, balance: dec })),
    collection,
  })
  .meta({ id: 'NftDetail' });

const inCollection = z.object({ collection: addressParam });

/** GET /nfts. */
export const collectionsRoute = pagedListRoute('/nfts', 'NFT collections (sort=trending|top|new)', collection, { query: { sort } });

/** GET /nfts/{collection}. */
export const collectionRoute = defineRoute({
  method: 'GET',
  path: '/nfts/{collection}',
  summary: 'One collection',
  params: inCollection,
  answer: collection,
});

/** GET /nfts/{collection}/tokens. */
export const collectionItemsRoute = pagedListRoute('/nfts/{collection}/tokens', 'Items of a collection by token id (sort=trending|top|new)', nft, { params: inCollection, query: { sort } });

/** GET /nfts/{collection}/{tokenId}. */
const item = z.object({ collection: addressParam, tokenId: tokenIdParam });

export const nftRoute = defineRoute({
  method: 'GET',
  path: '/nfts/{collection}/{tokenId}',
  summary: 'One NFT with owner(s), creator, metadata and its collection',
  params: item,
  answer: nftDetail,
});

/** GET /nfts/{collection}/{tokenId}/transfers. */
export const nftTransfersRoute = pagedListRoute('/nfts/{collection}/{tokenId}/transfers', 'History of one NFT', listTransfer, { params: item });

/** GET /address/{address}/nfts. */
export const addressNftsRoute = pagedListRoute('/address/{address}/nfts', 'NFTs held (ERC-721 owned, ERC-1155 with balance)', nft, {
  params: z.object({ address: addressParam }),
  query: { tokenAddress: addressQuery('tokenAddress') },
});

/** The NFT routes. */
export const nftContracts = [collectionsRoute, collectionRoute, collectionItemsRoute, nftRoute, nftTransfersRoute, addressNftsRoute];
