import { HttpError, type Router } from '../http/router.ts';
import { percentage, unpadBigInt } from '../chain/num.ts';
import { formatUnits } from '../../../common/units.ts';
import { idSupplies, supplyItemCount } from '../store/queries/nfts.ts';
import { tokenAt, tokenHoldersPage, tokensPage, type TokenRow } from '../store/queries/tokens.ts';
import { tokenTransfers } from '../store/queries/transfers.ts';
import type { ApiContext } from './context.ts';
import { readParams, readQuery, type AnswerOf } from './contract/route.ts';
import { tokenHolderListRoute, tokenRoute, tokensRoute, tokenTransfersRoute } from './contract/tokens.ts';
import { transferJson } from './shapes.ts';

export type { TokenRow };

/** Token as served by /tokens and /tokens/{address}. */
export function tokenJson(t: TokenRow, supply = t.total_supply) {
  const decimals = t.contract_type === 'ERC20' ? t.decimals : 0;
  return {
    address: t.address,
    name: t.name,
    symbol: t.symbol,
    decimals,
    totalSupply: supply,
    totalSupplyFormatted: supply === null || decimals === null ? null : formatUnits(BigInt(supply), decimals),
    holders: t.holder_count,
    transfers: t.transfer_count,
    type: t.contract_type,
    contractType: t.contract_type,
    creatorAddress: t.creator,
    ownerAddress: t.owner,
    blockNumber: t.block_number,
    timestamp: t.timestamp,
    transactionHash: t.creation_tx,
    verified: t.verified === 1,
  };
}

/** The token at an address, or undefined when it is not a token. */
export async function findToken(ctx: ApiContext, address: string): Promise<TokenRow | undefined> {
  return await tokenAt(ctx.db, address);
}

/** Total supply used for percentages: totalSupply() for ERC-20, live items for NFTs. */
export async function effectiveSupply(ctx: ApiContext, t: TokenRow): Promise<string | null> {
  if (t.contract_type === 'ERC20') return t.total_supply;
  const n = await supplyItemCount(ctx.db, t.address, t.contract_type);
  if (t.contract_type === 'ERC721') return String(n ?? 0);
  // For ERC-1155 the holder shares are taken of the sum of all ids' supplies.
  const supplies = await idSupplies(ctx.db, t.address);
  return supplies.reduce((sum, s) => sum + unpadBigInt(s), 0n).toString();
}

/** Holders of a token ordered by balance, with formatted balances and shares of the supply. */
export async function tokenHolders(ctx: ApiContext, t: TokenRow, opts: { limit: number; offset: number; asc: boolean }) {
  const rows = await tokenHoldersPage(ctx.db, t.address, opts.asc, opts.limit, opts.offset);
  const supply = await effectiveSupply(ctx, t);
  const total = supply === null ? 0n : BigInt(supply);
  const decimals = t.contract_type === 'ERC20' ? (t.decimals ?? 18) : 0;
  return {
    supply,
    holders: rows.map((r) => {
      const balance = unpadBigInt(r.balance);
      return {
        address: r.holder,
        balance: balance.toString(),
        balanceFormatted: formatUnits(balance, decimals),
        percentage: percentage(balance, total),
      };
    }),
  };
}

/** Token routes: list, detail, transfers, holders. */
export function tokenRoutes(router: Router, ctx: ApiContext): void {
  router.get(tokensRoute.path, async ({ query }): Promise<AnswerOf<typeof tokensRoute>> => {
    const { limit, offset, type } = readQuery(tokensRoute, query);
    const rows = await tokensPage(ctx.db, type, limit, offset);
    return rows.map((t) => tokenJson(t));
  });

  const token = async (address: string): Promise<TokenRow> => {
    const t = await findToken(ctx, address);
    if (!t) throw new HttpError(404, 'Token not found');
    return t;
  };

  router.get(tokenRoute.path, async ({ params }): Promise<AnswerOf<typeof tokenRoute>> => {
    const t = await token(readParams(tokenRoute, params).address);
    return tokenJson(t, t.contract_type === 'ERC20' ? t.total_supply : await effectiveSupply(ctx, t));
  });

  // Both list routes have always read their query before the path's address: the first problem answered stays so.
  router.get(tokenTransfersRoute.path, async ({ params, query }): Promise<AnswerOf<typeof tokenTransfersRoute>> => {
    const { limit, offset } = readQuery(tokenTransfersRoute, query);
    const t = await token(readParams(tokenTransfersRoute, params).address);
    return (await tokenTransfers(ctx.db, t.address, limit, offset))
      .map((row) => transferJson('list', row));
  });

  router.get(tokenHolderListRoute.path, async ({ params, query }): Promise<AnswerOf<typeof tokenHolderListRoute>> => {
    const { limit, offset, order } = readQuery(tokenHolderListRoute, query);
    const asc = order === 'asc';
    const t = await token(readParams(tokenHolderListRoute, params).address);
    return (await tokenHolders(ctx, t, { limit, offset, asc })).holders;
  });
}
