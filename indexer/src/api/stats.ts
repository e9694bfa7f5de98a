import type { Router } from '../http/router.ts';
import { unpadBigInt } from '../chain/num.ts';
import { formatUnits } from '../../../common/units.ts';
import { positiveBalanceCount } from '../store/queries/addresses.ts';
import { newestBlock, recentBlockCounts } from '../store/queries/blocks.ts';
import { contractCount, contractCountOfType } from '../store/queries/contracts.ts';
import { counterValue } from '../store/queries/counters.ts';
import { validatorsWithBalances, type ValidatorRow } from '../store/queries/validators.ts';
import type { ApiContext } from './context.ts';
import type { AnswerOf } from './contract/route.ts';
import {
  contractCountRoute,
  erc20CountRoute,
  holderCountRoute,
  nftCountRoute,
  tpsRoute,
  transactionCountRoute,
  validatorCountRoute,
  validatorPayoutRoute,
} from './contract/stats.ts';

/** Block producers (distinct miners of every block but genesis) with their tallies and native balances. */
export async function validators(ctx: ApiContext): Promise<ValidatorRow[]> {
  return await validatorsWithBalances(ctx.db);
}

/** Statistics routes: TPS, holders, counts, validators and their payout. */
export function statsRoutes(router: Router, ctx: ApiContext): void {
  router.get(tpsRoute.path, async (): Promise<AnswerOf<typeof tpsRoute>> => {
    const rows = await recentBlockCounts(ctx.db);
    const newest = rows[0];
    const oldest = rows[rows.length - 1];
    if (!newest || !oldest) {
      return { tps: 0, timeSpan: 0, totalTransactions: 0, fromBlock: null, toBlock: null, fromTimestamp: null, toTimestamp: null, blocks: 0 };
    }
    // Transactions of the oldest block happened before the span starts, so they are left out.
    const total = rows.reduce((s, r) => s + r.tx_count, 0) - (rows.length > 1 ? oldest.tx_count : 0);
    const span = newest.timestamp - oldest.timestamp;
    return {
      tps: span > 0 ? Math.round((total / span) * 10_000) / 10_000 : 0,
      timeSpan: span,
      totalTransactions: total,
      fromBlock: oldest.number,
      toBlock: newest.number,
      fromTimestamp: oldest.timestamp,
      toTimestamp: newest.timestamp,
      blocks: rows.length,
    };
  });

  router.get(holderCountRoute.path, async (): Promise<AnswerOf<typeof holderCountRoute>> => ({
    holders: await positiveBalanceCount(ctx.db),
  }));

  router.get(transactionCountRoute.path, async (): Promise<AnswerOf<typeof transactionCountRoute>> => ({
    totalTransactions: await counterValue(ctx.db, 'transactions'),
    latestBlock: ctx.sync().lastBlock,
    timestamp: new Date().toISOString(),
  }));

  router.get(contractCountRoute.path, async (): Promise<AnswerOf<typeof contractCountRoute>> => {
    const total = await contractCount(ctx.db);
    const erc20 = await contractCountOfType(ctx.db, 'ERC20');
    const erc721 = await contractCountOfType(ctx.db, 'ERC721');
    const erc1155 = await contractCountOfType(ctx.db, 'ERC1155');
    return {
      count: total,
      totalContracts: total,
      erc20Contracts: erc20,
      nftContracts: erc721 + erc1155,
      erc721Contracts: erc721,
      erc1155Contracts: erc1155,
    };
  });

  router.get(erc20CountRoute.path, async (): Promise<AnswerOf<typeof erc20CountRoute>> => ({ count: await contractCountOfType(ctx.db, 'ERC20') }));

  router.get(nftCountRoute.path, async (): Promise<AnswerOf<typeof nftCountRoute>> => {
    const erc721 = await contractCountOfType(ctx.db, 'ERC721');
    const erc1155 = await contractCountOfType(ctx.db, 'ERC1155');
    return { count: erc721 + erc1155, erc721Count: erc721, erc1155Count: erc1155 };
  });

  router.get(validatorCountRoute.path, async (): Promise<AnswerOf<typeof validatorCountRoute>> => {
    const list = await validators(ctx);
    const latest = await newestBlock(ctx.db);
    return {
      count: list.length,
      validatorCount: list.length,
      validators: list.map((v) => v.address),
      activeValidators: list.map((v) => {
        const balance = v.balance === null ? 0n : unpadBigInt(v.balance);
        return {
          address: v.address,
          balance: balance.toString(),
          formattedBalance: formatUnits(balance, 18),
          blocksMined: v.blocks_mined,
          firstBlock: v.first_block,
          lastBlock: v.last_block,
        };
      }),
      latestBlock: latest?.number ?? null,
      blockTimestamp: latest?.timestamp ?? null,
    };
  });

  router.get(validatorPayoutRoute.path, async (): Promise<AnswerOf<typeof validatorPayoutRoute>> => {
    const list = await validators(ctx);
    let total = 0n;
    const out = list.map((v) => {
      const balance = v.balance === null ? 0n : unpadBigInt(v.balance);
      const payout = BigInt(v.rewards);
      total += payout;
      return {
        address: v.address,
        balance: balance.toString(),
        formattedBalance: formatUnits(balance, 18),
        actualBlocksMined: v.blocks_mined,
        payoutWei: payout.toString(),
        payoutEther: formatUnits(payout, 18),
      };
    });
    return {
      totalPayoutWei: total.toString(),
      totalPayoutEther: formatUnits(total, 18),
      validators: out,
      note: 'Payout is the priority fees (gas price above the base fee) of the blocks each producer mined',
    };
  });
}
