// The token routes' contract: the token list, one token, its transfers and its holders.
import * as z from 'zod';
import { address, addressParam, dec, enumQuery, hash, int, paging, tokenStandard } from './fields.ts';
import { holder } from './holders.ts';
import { defineRoute } from './route.ts';

/** A token as served (api/tokens.ts tokenJson): NFTs have 0 decimals. */
export const token = z
  .object({
    address,
    name: z.string().nullable(),
    symbol: z.string().nullable(),
    decimals: int.nullable(),
    totalSupply: dec.nullable(),
    totalSupplyFormatted: z.string().nullable(),
    holders: int,
    transfers: int,
    type: tokenStandard,
    contractType: tokenStandard,
    creatorAddress: address.nullable(),
    ownerAddress: address.nullable(),
    blockNumber: int.nullable(),
    timestamp: int.nullable(),
    transactionHash: hash.nullable(),
    verified: z.boolean(),
  })
  .meta({ id: 'Token' });

/** A transfer in the list shape (token, NFT and NFT-transfer lists; api/shapes.ts TRANSFER_NAMES.list). */
export const listTransfer = z
  .object({
    id: int,
    transactionHash: hash,
    blockNumber: int,
    logIndex: int,
    timestamp: int,
    tokenAddress: address,
    fromAddress: address,
    toAddress: address,
    value: dec,
    valueFormatted: z.string().nullable(),
    tokenType: tokenStandard,
    tokenId: dec.nullable(),
    tokenName: z.string().nullable(),
    tokenSymbol: z.string().nullable(),
    decimals: int.nullable(),
  })
  .meta({ id: 'TokenTransfer' });

/** GET /tokens. */
export const tokensRoute = defineRoute({
  method: 'GET',
  path: '/tokens',
  summary: 'Tokens by holders (default limit 100)',
  query: z.object({ ...paging({ defaultLimit: 100 }), type: enumQuery('type', ['ERC20', 'ERC721', 'ERC1155'] as const) }),
  answer: z.array(token),
});

/** GET /tokens/{address}. */
export const tokenRoute = defineRoute({
  method: 'GET',
  path: '/tokens/{address}',
  summary: 'Token detail',
  params: z.object({ address: addressParam }),
  answer: token,
});

/** GET /tokens/{address}/transfers. */
export const tokenTransfersRoute = defineRoute({
  method: 'GET',
  path: '/tokens/{address}/transfers',
  summary: 'Transfers of a token',
  params: z.object({ address: addressParam }),
  query: z.object(paging()),
  answer: z.array(listTransfer),
});

/** GET /tokens/{address}/holders. */
export const tokenHolderListRoute = defineRoute({
  method: 'GET',
  path: '/tokens/{address}/holders',
  summary: 'Holders of a token by balance',
  params: z.object({ address: addressParam }),
  query: z.object({ ...paging(), order: enumQuery('order', ['asc', 'desc'] as const) }),
  answer: z.array(holder),
});

/** The token routes (a token's daily series is described with the chain's, in series.ts). */
export const tokenContracts = [tokensRoute, tokenRoute, tokenTransfersRoute, tokenHolderListRoute];
