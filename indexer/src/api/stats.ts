import type { Router } from '../http/router.ts';
import { PADDED_ZERO, unpadBigInt } from '../chain/num.ts';
import { formatUnits } from '../../../common/units.ts';
import type { ApiContext } from './context.ts';

interface ValidatorRow {
  address: string;
  blocks_mined: number;
  rewards: string;
  first_block: number;
  last_block: number;
  balance: string | null;
}

async function counter(ctx: ApiContext, name: string): Promise<number> {
  return (await ctx.db.one<{ value: number }>('SELECT value FROM counters WHERE name = ?', name))?.value ?? 0;
}

async function contractCount(ctx: ApiContext, where: string): Promise<number> {
  return (await ctx.db.one<{ n: number }>(`SELECT count(*) AS n FROM contracts ${where}`))?.n ?? 0;
}

/** Block producers (distinct miners of every block but genesis) with their tallies and native balances. */
export async function validators(ctx: ApiContext): Promise<ValidatorRow[]> {
  return await ctx.db.all<ValidatorRow>(
    `SELECT v.address, v.blocks_mined, v.rewards, v.first_block, v.last_block, a.balance
     FROM validators v LEFT JOIN addresses a ON a.address = v.address ORDER BY v.blocks_mined DESC, v.address`,
  );
}

/** Statistics routes: TPS, holders, counts, validators and their payout. */
export function statsRoutes(router: Router, ctx: ApiContext): void {
  router.get('/stats/tps', async () => {
    const rows = await ctx.db.all<{ number: number; timestamp: number; tx_count: number }>(
      'SELECT number, timestamp, tx_count FROM blocks ORDER BY number DESC LIMIT 100',
    );
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
    holders: (await ctx.db.one<{ n: number }>('SELECT count(*) AS n FROM addresses WHERE balance > ?', PADDED_ZERO))?.n ?? 0,
  }));

  router.get('/stats/transactions/count', async () => ({
    totalTransactions: await counter(ctx, 'transactions'),
    latestBlock: ctx.sync().lastBlock,
    timestamp: new Date().toISOString(),
  }));

  router.get('/stats/contracts/count', async () => {
    const total = await contractCount(ctx, '');
    const erc20 = await contractCount(ctx, "WHERE contract_type = 'ERC20'");
    const erc721 = await contractCount(ctx, "WHERE contract_type = 'ERC721'");
    const erc1155 = await contractCount(ctx, "WHERE contract_type = 'ERC1155'");
    return {
      count: total,
      totalContracts: total,
      erc20Contracts: erc20,
      nftContracts: erc721 + erc1155,
      erc721Contracts: erc721,
      erc1155Contracts: erc1155,
    };
  });

  router.get('/stats/contracts/erc20/count', async () => ({ count: await contractCount(ctx, "WHERE contract_type = 'ERC20'") }));

  router.get('/stats/contracts/nft/count', async () => {
    const erc721 = await contractCount(ctx, "WHERE contract_type = 'ERC721'");
    const erc1155 = await contractCount(ctx, "WHERE contract_type = 'ERC1155'");
    return { count: erc721 + erc1155, erc721Count: erc721, erc1155Count: erc1155 };
  });

  router.get('/stats/validators/count', async () => {
    const list = await validators(ctx);
    const latest = await ctx.db.one<{ number: number; timestamp: number }>('SELECT number, timestamp FROM blocks ORDER BY number DESC LIMIT 1');
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
