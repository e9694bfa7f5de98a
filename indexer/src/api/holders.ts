import { HttpError, type Router } from '../http/router.ts';
import { pad, PADDED_ZERO, percentage, unpadBigInt } from '../chain/num.ts';
import { formatUnits } from '../../../common/units.ts';
import { addressCount, contractAddressCount, nativeHolderCount, nativeHoldersPage, positiveBalances } from '../store/queries/addresses.ts';
import { firstBlockSince, latestBlockTimestamp } from '../store/queries/blocks.ts';
import { contractCount } from '../store/queries/contracts.ts';
import { heldTokenCount, tokenHolderCount, topTokensByHolders } from '../store/queries/tokens.ts';
import { sendersSince } from '../store/queries/transactions.ts';
import { AsyncMemo, type ApiContext } from './context.ts';
import { allHoldersRoute, holderStatsRoute, nativeHoldersRoute, tokenHoldersRoute } from './contract/holders.ts';
import { readParams, readQuery, type AnswerOf } from './contract/route.ts';
import { findToken, tokenHolders } from './tokens.ts';


/** Holder routes: native, per token, all (by minimum balance) and summary statistics. */
export function holderRoutes(router: Router, ctx: ApiContext): void {
  const nativeTotal = new AsyncMemo(10_000, async () => {
    let sum = 0n;
    let count = 0;
    for (const balance of await positiveBalances(ctx.db)) {
      sum += unpadBigInt(balance);
      count++;
    }
    return { sum, count };
  });

  const nativeList = async (minWei: bigint, limit: number, offset: number) => {
    const floor = minWei > 0n ? pad(minWei) : PADDED_ZERO;
    const inclusive = minWei > 0n;
    const total = await nativeTotal.get();
    const rows = await nativeHoldersPage(ctx.db, floor, inclusive, limit, offset);
    const totalHolders = await nativeHolderCount(ctx.db, floor, inclusive);
    return {
      holders: rows.map((r) => {
        const wei = unpadBigInt(r.balance);
        return {
          address: r.address,
          balance: wei.toString(),
          balanceFormatted: formatUnits(wei, 18),
          percentage: percentage(wei, total.sum),
          isContract: r.is_contract === 1,
        };
      }),
      totalHolders,
      totalBalance: total.sum.toString(),
    };
  };

  router.get(nativeHoldersRoute.path, ({ query }): Promise<AnswerOf<typeof nativeHoldersRoute>> => {
    const { limit, offset } = readQuery(nativeHoldersRoute, query);
    return nativeList(0n, limit, offset);
  });

  router.get(allHoldersRoute.path, async ({ query }): Promise<AnswerOf<typeof allHoldersRoute>> => {
    const { limit, offset, minBalance: min } = readQuery(allHoldersRoute, query);
    const list = await nativeList(min, limit, offset);
    const holders = [];
    for (const h of list.holders) {
      holders.push({ ...h, tokenCount: (await heldTokenCount(ctx.db, h.address)) ?? 0 });
    }
    return { ...list, holders, minBalance: min.toString() };
  });

  router.get(tokenHoldersRoute.path, async ({ params, query }): Promise<AnswerOf<typeof tokenHoldersRoute>> => {
    const { address } = readParams(tokenHoldersRoute, params);
    const { limit, offset, order } = readQuery(tokenHoldersRoute, query);
    const asc = order === 'asc';
    const t = await findToken(ctx, address);
    if (!t) throw new HttpError(404, 'Token not found');
    const { holders, supply } = await tokenHolders(ctx, t, { limit, offset, asc });
    return {
      holders,
      totalHolders: t.holder_count,
      tokenInfo: {
        address: t.address,
        name: t.name,
        symbol: t.symbol,
        decimals: t.contract_type === 'ERC20' ? t.decimals : 0,
        totalSupply: supply,
        type: t.contract_type,
      },
    };
  });

  const stats = new AsyncMemo(10_000, async () => {
    const holderCount = await tokenHolderCount(ctx.db);
    const top = await topTokensByHolders(ctx.db);
    const latest = await latestBlockTimestamp(ctx.db);
    const firstRecent = await firstBlockSince(ctx.db, latest - 86_400);
    const active = await sendersSince(ctx.db, firstRecent);
    const totalAddresses = await addressCount(ctx.db);
    const contracts = await contractCount(ctx.db);
    return {
      tokenHolders: holderCount,
      topTokensByHolders: top.map((t) => ({ address: t.address, name: t.name, symbol: t.symbol, type: t.contract_type, holders: t.holder_count })),
      addressActivity: {
        totalAddresses,
        withBalance: (await nativeTotal.get()).count,
        contracts,
        wallets: Math.max(0, totalAddresses - (await contractAddressCount(ctx.db))),
        activeLast24h: active,
      },
    };
  });

  router.get(holderStatsRoute.path, (): Promise<AnswerOf<typeof holderStatsRoute>> => stats.get());
}
