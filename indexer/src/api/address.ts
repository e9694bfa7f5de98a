import { HttpError, type Router } from '../http/router.ts';
import { internalByAddress, type InternalRow } from './etherscan/account-internal.ts';
import { Refusal } from './etherscan/core.ts';
import { formatUnits } from '../../../common/units.ts';
import { addressKind, delegationOf, holdings, nativeBalance } from './accounts.ts';
import { ResponseCache } from './cache.ts';
import type { ApiContext } from './context.ts';
import {
  accountBalancesRoute,
  addressContractsRoute,
  addressInternalTransactionsRoute,
  addressNftTransfersRoute,
  addressSummaryRoute,
  addressTokensRoute,
  addressTokenTransfersRoute,
  addressTransactionsRoute,
  addressTypeRoute,
} from './contract/address.ts';
import { addressNftsRoute } from './contract/nfts.ts';
import { readParams, readQuery, type AnswerOf } from './contract/route.ts';
import { nftJson } from './nft-json.ts';
import { contractsCreatedBy, contractSummary } from '../store/queries/contracts.ts';
import { heldNfts, ownedErc721Count } from '../store/queries/nfts.ts';
import { heldIdCount, heldTokenCount } from '../store/queries/tokens.ts';
import {
  addressTransactionCount,
  addressTransactions as addressTransactionsNewest,
  transactionsParties,
  type TransactionParties,
} from '../store/queries/transactions.ts';
import { addressTransferCount as transferCountOf, addressTransfersPage, type TransferWithToken } from '../store/queries/transfers.ts';
import type { TxRow } from '../store/rows.ts';
import { methodNames } from '../signatures/store.ts';
import { transferJson, txJson } from './shapes.ts';

/** Transactions sent by, received by or creating an address, newest first. */
export async function addressTransactions(ctx: ApiContext, address: string, limit: number, offset: number): Promise<TxRow[]> {
  return await addressTransactionsNewest(ctx.db, address, limit, offset);
}

/** Number of token transfers (ERC-20, ERC-721, ERC-1155) from or to an address: the Token Transfers tab's total. */
export async function addressTransferCount(ctx: ApiContext, address: string): Promise<number> {
  return await transferCountOf(ctx.db, address);
}

/** Number of transactions involving an address. */
export async function addressTxCount(ctx: ApiContext, address: string): Promise<number> {
  return await addressTransactionCount(ctx.db, address);
}

const NFT_TYPES = ['ERC721', 'ERC1155'] as const;
const TOKEN_TYPES = ['ERC20', 'ERC721', 'ERC1155'] as const;

/** Token transfers from or to an address, newest first, optionally filtered by token and type. */
export async function addressTransfers(
  ctx: ApiContext,
  address: string,
  opts: { limit: number; offset: number; token: string | null; types: readonly string[] },
): Promise<TransferWithToken[]> {
  return await addressTransfersPage(ctx.db, address, opts);
}

/** NFTs an address holds: ERC-721 tokens it owns and ERC-1155 ids with a positive balance. */
export async function addressNfts(ctx: ApiContext, address: string, limit: number, offset: number, token: string | null) {
  const rows = await heldNfts(ctx.db, address, limit, offset, token);
  return rows.map((r) => nftJson(r));
}

/** Address routes: type, summary, transactions, token holdings, token and NFT transfers, NFTs, created contracts. */
export function addressRoutes(router: Router, ctx: ApiContext): void {
  // Address pages change only when a block is indexed: serve repeated requests from memory until then.
  const cache = new ResponseCache({ mutable: true, maxBytes: 16 * 1024 * 1024 });

  // One call for the site's address page: the overview, the first 100 token holdings and whether a contract is
  // verified. Verifying needs no new block, so the verification is looked up per request and part of the cache key.
  router.get(addressSummaryRoute.path, async ({ params }) => {
    const { address } = readParams(addressSummaryRoute, params);
    const verified = ctx.verifier ? (await ctx.verifier.lookup(address)) !== null : null;
    return cache.serveAsync(ctx, `s:${address}:${verified}`, () => summary(address, verified));
  });

  const summary = async (address: string, verified: boolean | null): Promise<AnswerOf<typeof addressSummaryRoute>> => {
    const [kind, balance] = await Promise.all([addressKind(ctx, address), nativeBalance(ctx, address)]);
    const c = await contractSummary(ctx.db, address);
    const tokenCount = await heldTokenCount(ctx.db, address);
    const nftCount = (await ownedErc721Count(ctx.db, address)) + (await heldIdCount(ctx.db, address));
    return {
      address,
      type: kind.type,
      contractType: kind.contractType ?? null,
      balance: balance.toString(),
      balanceFormatted: formatUnits(balance, 18),
      transactionCount: await addressTxCount(ctx, address),
      tokenTransferCount: await addressTransferCount(ctx, address),
      tokenCount: tokenCount ?? 0,
      tokens: await holdings(ctx, address, 100, 0),
      nftCount,
      creatorAddress: c?.creator ?? null,
      ownerAddress: c?.owner ?? null,
      verified: kind.type === 'contract' ? verified : null,
      delegatedTo: kind.type === 'wallet' ? await delegationOf(ctx, address) : null,
      tokenInfo:
        c && kind.contractType && kind.contractType !== 'none'
          ? { name: c.name, symbol: c.symbol, decimals: c.decimals, totalSupply: c.total_supply, holders: c.holder_count }
          : null,
    };
  };

  router.get(addressTypeRoute.path, async ({ params }): Promise<AnswerOf<typeof addressTypeRoute>> => {
    const { address } = readParams(addressTypeRoute, params);
    return { address, ...(await addressKind(ctx, address)) };
  });

  router.get(addressTransactionsRoute.path, ({ params, query }) => {
    const { address } = readParams(addressTransactionsRoute, params);
    const { limit, offset } = readQuery(addressTransactionsRoute, query);
    return cache.serveAsync(ctx, `t:${address}:${limit}:${offset}`, async () => {
      const rows = await addressTransactions(ctx, address, limit, offset);
      const names = await methodNames(ctx.db, rows.map((t) => t.input));
      return rows.map((t): AnswerOf<typeof addressTransactionsRoute>[number] => txJson(t, names));
    });
  });

  router.get(addressInternalTransactionsRoute.path, async ({ params, query }): Promise<AnswerOf<typeof addressInternalTransactionsRoute>> => {
    const { address } = readParams(addressInternalTransactionsRoute, params);
    const { limit, offset } = readQuery(addressInternalTransactionsRoute, query);
    try {
      const rows = await internalByAddress(ctx, address, { page: 1, offset: limit, skip: offset, sort: 'desc', startBlock: 0, endBlock: Number.MAX_SAFE_INTEGER });
      // The parent transactions' sender, recipient and value, which Etherscan's export prints beside each row.
      const hashes = [...new Set(rows.map((r) => r.hash).filter((h): h is string => typeof h === 'string' && h !== ''))];
      const found = await transactionsParties(ctx.db, hashes);
      const parents = new Map(found.map((p) => [p.hash, p]));
      return rows.map((r) => internalJson(r, parents.get(r.hash ?? '')));
    } catch (err) {
      // A node without the call tracer, or a page that per-request tracing cannot reach within its bounds.
      if (err instanceof Refusal) throw new HttpError(503, err.message.replace(/^Error! /, ''));
      throw err;
    }
  });

  router.get(addressTokensRoute.path, ({ params, query }): Promise<AnswerOf<typeof addressTokensRoute>> => {
    const { address } = readParams(addressTokensRoute, params);
    const { limit, offset } = readQuery(addressTokensRoute, query);
    return holdings(ctx, address, limit, offset);
  });

  router.get(addressTokenTransfersRoute.path, async ({ params, query }): Promise<AnswerOf<typeof addressTokenTransfersRoute>> => {
    const { address } = readParams(addressTokenTransfersRoute, params);
    const { limit, offset, tokenType: type, tokenAddress: token } = readQuery(addressTokenTransfersRoute, query);
    return (await addressTransfers(ctx, address, { limit, offset, token, types: type ? [type] : TOKEN_TYPES })).map((row) => transferJson('address', row));
  });

  router.get(addressNftTransfersRoute.path, async ({ params, query }): Promise<AnswerOf<typeof addressNftTransfersRoute>> => {
    const { address } = readParams(addressNftTransfersRoute, params);
    const { limit, offset, tokenType: type, tokenAddress: token } = readQuery(addressNftTransfersRoute, query);
    return (await addressTransfers(ctx, address, { limit, offset, token, types: type ? [type] : NFT_TYPES })).map((row) => transferJson('list', row));
  });

  router.get(addressNftsRoute.path, ({ params, query }): Promise<AnswerOf<typeof addressNftsRoute>> => {
    const { address } = readParams(addressNftsRoute, params);
    const { limit, offset, tokenAddress } = readQuery(addressNftsRoute, query);
    return addressNfts(ctx, address, limit, offset, tokenAddress);
  });

  router.get(addressContractsRoute.path, async ({ params, query }): Promise<AnswerOf<typeof addressContractsRoute>> => {
    const { address } = readParams(addressContractsRoute, params);
    const { limit, offset } = readQuery(addressContractsRoute, query);
    return (await contractsCreatedBy(ctx.db, address, limit, offset))
      .map((c) => ({
        address: c.address,
        creatorAddress: address,
        contractType: c.contract_type,
        name: c.name,
        symbol: c.symbol,
        blockNumber: c.block_number,
        timestamp: c.timestamp,
        transactionHash: c.creation_tx,
      }));
  });

  router.get(accountBalancesRoute.path, ({ params }) => {
    const { address } = readParams(accountBalancesRoute, params);
    return cache.serveAsync(ctx, `b:${address}`, async (): Promise<AnswerOf<typeof accountBalancesRoute>> => {
      const wei = await nativeBalance(ctx, address);
      return { native: formatUnits(wei, 18), nativeWei: wei.toString(), tokens: await holdings(ctx, address, 100, 0) };
    });
  });
}

/** An internal transaction as the REST API lists it (txlistinternal's row, typed). */
/** The parent transaction of internal rows. */
type ParentRow = TransactionParties;

function internalJson(r: InternalRow, parent: ParentRow | undefined) {
  return {
    hash: r.hash ?? '',
    blockNumber: Number(r.blockNumber),
    timestamp: Number(r.timeStamp),
    from: r.from,
    to: r.to === '' ? null : r.to,
    contractAddress: r.contractAddress === '' ? null : r.contractAddress,
    value: r.value,
    type: r.type,
    traceId: r.traceId,
    isError: r.isError === '1',
    error: r.errCode === '' ? null : r.errCode,
    parentFrom: parent?.from_addr ?? null,
    parentTo: parent?.to_addr ?? null,
    parentValue: parent?.value ?? null,
  };
}
