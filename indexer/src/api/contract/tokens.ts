// The token routes' contract: the token list, one token, its transfers and its holders.
import * as z from 'zod';
import { address, addressParam, dec, enumQuery, hash, int, tokenStandard } from './fields.ts';
import { holder } from './holders.ts';
import { pagedListRoute } from './lists.ts';
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
export const tokensRoute = pagedListRoute('/tokens', 'Tokens by holders (default limit 100)', token, {
  paging: { defaultLimit: 100 },
  query: { type: enumQuery('type', ['ERC20', 'ERC721', 'ERC1155'] as const) },
});

/** GET /tokens/{address}. */
const byAddress = z.object({ address: addressParam });

export const tokenRoute = defineRoute({
  method: 'GET',
  path: '/tokens/{address}',
  summary: 'Token detail',
  params: byAddress,
  answer: token,
});

/** GET /tokens/{address}/transfers. */
export const tokenTransfersRoute = pagedListRoute('/tokens/{address}/transfers', 'Transfers of a token', listTransfer, { params: byAddress });

/** GET /tokens/{address}/holders. */
export const tokenHolderListRoute = pagedListRoute('/tokens/{address}/holders', 'Holders of a token by balance', holder, {
  params: byAddress,
  query: { order: enumQuery('order', ['asc', 'desc'] as const) },
});

/** The token routes (a token's daily series is described with the chain's, in series.ts). */
export const tokenContracts = [tokensRoute, tokenRoute, tokenTransfersRoute, tokenHolderListRoute];
