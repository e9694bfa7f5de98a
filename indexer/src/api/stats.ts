import type { Router } from '../http/router.ts';
import { unpadBigInt } from '../chain/num.ts';
import { formatUnits } from '../../../common/units.ts';
import { positiveBalanceCount } from '../store/queries/addresses.ts';
import { newestBlock, recentBlockCounts } from '../store/queries/blocks.ts';
import { contractCount, contractCountOfType } from '../store/queries/contracts.ts';
import { counterValue } from '../store/queries/counters.ts';
import { validatorsWithBalances, type ValidatorRow } from '../store/queries/validators.ts';
import type { ApiContext } from './context.ts';

/** Block producers (distinct miners of every block but genesis) with their tallies and native balances. */
export async function validators(ctx: ApiContext): Promise<ValidatorRow[]> {
  return await validatorsWithBalances(ctx.db);
}

/** Statistics routes: TPS, holders, counts, validators and their payout. */
export function statsRoutes(router: Router, ctx: ApiContext): void {
  router.get('/stats/tps', async () => {
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

  router.get('/stats/holders', async () => ({
    holders: await positiveBalanceCount(ctx.db),
  }));

  router.get('/stats/transactions/count', async () => ({
    totalTransactions: await counterValue(ctx.db, 'transactions'),
    latestBlock: ctx.sync().lastBlock,
    timestamp: new Date().toISOString(),
  }));

  router.get('/stats/contracts/count', async () => {
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

  router.get('/stats/contracts/erc20/count', async () => ({ count: await contractCountOfType(ctx.db, 'ERC20') }));

  router.get('/stats/contracts/nft/count', async () => {
    const erc721 = await contractCountOfType(ctx.db, 'ERC721');
    const erc1155 = await contractCountOfType(ctx.db, 'ERC1155');
    return { count: erc721 + erc1155, erc721Count: erc721, erc1155Count: erc1155 };
  });

  router.get('/stats/validators/count', async () => {
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

  router.get('/stats/validators/payout', async () => {
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
