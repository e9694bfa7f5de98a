// The address routes' contract: an address's summary and kind, its transactions, internal transactions, holdings,
// token and NFT transfers, approvals, the contracts it created, and its balances (/account/{address}/balances).
import * as z from 'zod';
import { address, addressParam, addressQuery, dec, enumQuery, hash, int, tokenStandard } from './fields.ts';
import { pagedListRoute } from './lists.ts';
import { defineRoute } from './route.ts';
import { listTransfer } from './tokens.ts';
import { transaction } from './transactions.ts';

/** A token an address holds (api/accounts.ts holdings): balance in whole units, rawBalance in the token's smallest. */
export const holding = z
  .object({
    contractAddress: address,
    symbol: z.string().nullable(),
    name: z.string().nullable(),
    balance: z.string(),
    rawBalance: dec,
    decimals: int.nullable(),
    type: tokenStandard,
    isCreator: z.boolean(),
    hasActivity: z.boolean(),
  })
  .meta({ id: 'Holding' });

/** A transfer in the address-side shape (api/shapes.ts TRANSFER_NAMES.address). */
export const addressTransfer = z
  .object({
    hash,
    blockNumber: int,
    logIndex: int,
    timestamp: int,
    from: address,
    to: address,
    tokenAddress: address,
    tokenSymbol: z.string().nullable(),
    tokenName: z.string().nullable(),
    tokenType: tokenStandard,
    tokenId: dec.nullable(),
    value: dec,
    valueFormatted: z.string().nullable(),
    decimals: int.nullable(),
  })
  .meta({ id: 'AddressTokenTransfer' });

const addressOnly = z.object({ address: addressParam });
const contractTypeText = z.string().meta({ description: "ERC20, ERC721, ERC1155, or 'none' for another contract" });

/** GET /address/{address}. */
export const addressSummaryRoute = defineRoute({
  method: 'GET',
  path: '/address/{address}',
  summary: 'Address summary: type, balance, counts, creator/owner, token info',
  params: addressOnly,
  answer: z.object({
    address,
    type: z.enum(['contract', 'wallet']),
    contractType: contractTypeText.nullable(),
    balance: dec,
    balanceFormatted: z.string(),
    transactionCount: int,
    tokenTransferCount: int,
    tokenCount: int,
    tokens: z.array(holding).meta({ description: 'the first 100 holdings' }),
    nftCount: int,
    creatorAddress: address.nullable(),
    ownerAddress: address.nullable(),
    verified: z.boolean().nullable().meta({ description: 'contracts only; null for an account or without a verifier' }),
    delegatedTo: address
      .nullable()
      .meta({ description: 'the delegate of an account delegated by EIP-7702 (its code is 0xef0100 followed by that address); null otherwise' }),
    tokenInfo: z
      .object({ name: z.string().nullable(), symbol: z.string().nullable(), decimals: int.nullable(), totalSupply: dec.nullable(), holders: int })
      .nullable(),
  }),
});

/** GET /address/{address}/type. */
export const addressTypeRoute = defineRoute({
  method: 'GET',
  path: '/address/{address}/type',
  summary: 'contract (with contractType) or wallet',
  params: addressOnly,
  answer: z.object({ address, type: z.enum(['contract', 'wallet']), contractType: contractTypeText.optional() }),
});

/** GET /address/{address}/transactions. */
export const addressTransactionsRoute = pagedListRoute('/address/{address}/transactions', 'Transactions from, to or creating the address', transaction, { params: addressOnly });

/** GET /address/{address}/tokens. */
export const addressTokensRoute = pagedListRoute('/address/{address}/tokens', 'Token holdings (default limit 100)', holding, { params: addressOnly, paging: { defaultLimit: 100 } });

/** GET /address/{address}/token-transfers. */
export const addressTokenTransfersRoute = pagedListRoute('/address/{address}/token-transfers', 'Token transfers from or to the address', addressTransfer, {
  params: addressOnly,
  query: { tokenType: enumQuery('tokenType', ['ERC20', 'ERC721', 'ERC1155'] as const), tokenAddress: addressQuery('tokenAddress') },
});

/** GET /address/{address}/nft-transfers. */
export const addressNftTransfersRoute = pagedListRoute('/address/{address}/nft-transfers', 'ERC-721/1155 transfers from or to the address', listTransfer, {
  params: addressOnly,
  query: { tokenType: enumQuery('tokenType', ['ERC721', 'ERC1155'] as const), tokenAddress: addressQuery('tokenAddress') },
});

/** GET /address/{address}/contracts. */
export const addressContractsRoute = pagedListRoute(
  '/address/{address}/contracts',
  'Contracts created by the address',
  z.object({
    address,
    creatorAddress: address,
    contractType: contractTypeText,
    name: z.string().nullable(),
    symbol: z.string().nullable(),
    blockNumber: int.nullable(),
    timestamp: int.nullable(),
    transactionHash: hash.nullable(),
  }),
  { params: addressOnly },
);

/** GET /account/{address}/balances. */
export const accountBalancesRoute = defineRoute({
  method: 'GET',
  path: '/account/{address}/balances',
  summary: 'Native balance (STO, formatted) and token holdings',
  params: addressOnly,
  answer: z.object({ native: z.string(), nativeWei: dec, tokens: z.array(holding).meta({ description: 'the first 100 holdings' }) }),
});

/** GET /address/{address}/internal-transactions. */
export const addressInternalTransactionsRoute = pagedListRoute(
  '/address/{address}/internal-transactions',
  "Internal transactions from, to or creating the address, newest first (value-moving calls, creations and self-destructs below a transaction, from the node's call traces): from the trailing tracer's index, inside transactions the address is not a party to too; above the tracer's last block (or without it) only the address's own transactions are traced. 503 when the node cannot trace",
  z.object({
    hash,
    blockNumber: int,
    timestamp: int,
    from: address,
    to: address.nullable(),
    contractAddress: address.nullable(),
    value: dec,
    type: z.string().meta({ description: "the frame's type in lowercase, as Etherscan writes it (call, create, create2, selfdestruct, …)" }),
    traceId: z.string().meta({ description: "the frame's path below the transaction: its index among its parent's calls at each depth, joined by _" }),
    isError: z.boolean(),
    error: z.string().nullable(),
    parentFrom: address.nullable().meta({ description: "the parent transaction's sender" }),
    parentTo: address.nullable(),
    parentValue: dec.nullable(),
  }),
  { params: addressOnly, errors: [503] },
);

/** GET /address/{address}/approvals. */
export const addressApprovalsRoute = pagedListRoute(
  '/address/{address}/approvals',
  "Token approvals the address has in force, newest grant first: ERC-20 allowances (the last Approval event's, read again on chain with allowance(owner, spender) so that spending through transferFrom counts; rows now zero are left out, so a page may hold fewer than limit (indexPosition shows the gaps); valueSource 'indexed' when the node did not answer within 3 s) and ERC-721 / ERC-1155 operators (ApprovalForAll still true). ERC-721 single-token approvals are not listed. unlimited: value >= 2^255",
  z.object({
    indexPosition: int.meta({ description: "the row's place in the owner's list (offset + its row in the page); rows left out leave gaps" }),
    owner: address,
    tokenAddress: address,
    tokenName: z.string().nullable(),
    tokenSymbol: z.string().nullable(),
    tokenDecimals: int.nullable().meta({ description: 'allowances only' }),
    tokenType: tokenStandard.nullable(),
    kind: z.enum(['allowance', 'operator']),
    spender: address,
    spenderName: z.string().nullable().meta({ description: "the spender's verified contract name, else its name as indexed (a token's)" }),
    value: dec.nullable().meta({ description: 'null for an operator' }),
    valueFormatted: z.string().nullable().meta({ description: "in whole units, or 'Unlimited'" }),
    unlimited: z.boolean(),
    valueSource: z.enum(['chain', 'indexed', 'event']),
    blockNumber: int,
    logIndex: int,
    transactionHash: hash,
    timestamp: int,
  }),
  { params: addressOnly },
);

/** The address routes. */
export const addressContracts = [
  addressSummaryRoute,
  addressTypeRoute,
  addressTransactionsRoute,
  addressInternalTransactionsRoute,
  addressApprovalsRoute,
  addressTokensRoute,
  addressTokenTransfersRoute,
  addressNftTransfersRoute,
  addressContractsRoute,
  accountBalancesRoute,
];
