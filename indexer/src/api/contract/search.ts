// The search route's contract: what a query can find (a block, a transaction, an address, tokens, NFTs), one hit as
// itself or several as {type: 'multiple', data}.
import * as z from 'zod';
import { HttpError } from '../../http/router.ts';
import { blockSummary } from './blocks.ts';
import { address, dec, readWith, tokenStandard } from './fields.ts';
import { defineRoute } from './route.ts';
import { transaction } from './transactions.ts';

/** The longest query searched. */
const MAX_QUERY = 200;

/** Query parameter q: trimmed, required and at most MAX_QUERY characters; else 400. */
const q = readWith(
  (raw) => {
    const text = (raw ?? '').trim();
    if (text === '') throw new HttpError(400, 'Query parameter is required');
    if (text.length > MAX_QUERY) throw new HttpError(400, 'Query is too long');
    return text;
  },
  { type: 'string', maxLength: MAX_QUERY, description: "block number or hash, transaction hash, address, token name or symbol, 'Collection #id' or '<collection address> <id>'" },
);

/** One hit, by its type. */
export const searchHit = z.discriminatedUnion('type', [
  z.object({ type: z.literal('block'), data: blockSummary }),
  z.object({ type: z.literal('transaction'), data: transaction }),
  z.object({
    type: z.literal('address'),
    addressType: z.enum(['contract', 'account']),
    contractType: z.string().optional().meta({ description: "a contract's: ERC20, ERC721, ERC1155 or 'none'" }),
    data: z.object({ address, balance: dec }),
  }),
  z.object({
    type: z.literal('token'),
    contractType: tokenStandard,
    data: z.object({
      address,
      name: z.string().nullable(),
      symbol: z.string().nullable(),
      decimals: z.number().int().nullable(),
      totalSupply: dec.nullable(),
      type: tokenStandard,
    }),
  }),
  z.object({
    type: z.literal('nft'),
    contractType: tokenStandard,
    data: z.object({
      address,
      tokenId: dec,
      name: z.string().meta({ description: "the item's, else '{collection} #{id}'" }),
      collection: z.string().nullable(),
      image: z.string().nullable(),
    }),
  }),
]);

/** GET /search. */
export const searchRoute = defineRoute({
  method: 'GET',
  path: '/search',
  summary: "Search: digits = block number; 0x + 64 hex = transaction, else block hash; 0x + 40 hex = address; '<collection> <id>' or '<name> #<id>' = NFT; other text = tokens and NFTs by name or symbol. Several hits give {type:'multiple', data:[…]}; none gives 404",
  query: z.object({ q }),
  notFound: true,
  answer: z.union([searchHit, z.object({ type: z.literal('multiple'), data: z.array(searchHit) })]).meta({ id: 'SearchResult' }),
});

/** The search route. */
export const searchContracts = [searchRoute];
