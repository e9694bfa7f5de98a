// The statistics routes' contract: TPS, holder and contract counts, block producers and their payout.
import * as z from 'zod';
import { address, dec, int } from './fields.ts';
import { defineRoute } from './route.ts';

/** GET /stats/tps. */
export const tpsRoute = defineRoute({
  method: 'GET',
  path: '/stats/tps',
  summary: 'Transactions per second over the last 100 blocks',
  answer: z.object({
    tps: z.number(),
    timeSpan: int,
    totalTransactions: int,
    fromBlock: int.nullable(),
    toBlock: int.nullable(),
    fromTimestamp: int.nullable(),
    toTimestamp: int.nullable(),
    blocks: int,
  }),
});

/** GET /stats/holders. */
export const holderCountRoute = defineRoute({
  method: 'GET',
  path: '/stats/holders',
  summary: 'Addresses with a positive native balance',
  answer: z.object({ holders: int }),
});

/** GET /stats/transactions/count. */
export const transactionCountRoute = defineRoute({
  method: 'GET',
  path: '/stats/transactions/count',
  summary: 'Total indexed transactions',
  answer: z.object({ totalTransactions: int, latestBlock: int.nullable(), timestamp: z.iso.datetime() }),
});

/** GET /stats/contracts/count. */
export const contractCountRoute = defineRoute({
  method: 'GET',
  path: '/stats/contracts/count',
  summary: 'Contract counts',
  answer: z.object({ count: int, totalContracts: int, erc20Contracts: int, nftContracts: int, erc721Contracts: int, erc1155Contracts: int }),
});

/** GET /stats/contracts/erc20/count. */
export const erc20CountRoute = defineRoute({
  method: 'GET',
  path: '/stats/contracts/erc20/count',
  summary: 'ERC-20 contract count',
  answer: z.object({ count: int }),
});

/** GET /stats/contracts/nft/count. */
export const nftCountRoute = defineRoute({
  method: 'GET',
  path: '/stats/contracts/nft/count',
  summary: 'NFT contract counts',
  answer: z.object({ count: int, erc721Count: int, erc1155Count: int }),
});

/** GET /stats/validators/count. */
export const validatorCountRoute = defineRoute({
  method: 'GET',
  path: '/stats/validators/count',
  summary: 'Block producers (distinct miners)',
  answer: z.object({
    count: int,
    validatorCount: int,
    validators: z.array(address),
    activeValidators: z.array(
      z.object({ address, balance: dec, formattedBalance: z.string(), blocksMined: int, firstBlock: int, lastBlock: int }),
    ),
    latestBlock: int.nullable(),
    blockTimestamp: int.nullable(),
  }),
});

/** GET /stats/validators/payout. */
export const validatorPayoutRoute = defineRoute({
  method: 'GET',
  path: '/stats/validators/payout',
  summary: 'Block producers with balances and fee rewards',
  answer: z.object({
    totalPayoutWei: dec,
    totalPayoutEther: z.string(),
    validators: z.array(
      z.object({ address, balance: dec, formattedBalance: z.string(), actualBlocksMined: int, payoutWei: dec, payoutEther: z.string() }),
    ),
    note: z.string(),
  }),
});

/** The statistics routes (the daily series and the gas tracker have modules of their own: series.ts, gas.ts). */
export const statsContracts = [
  tpsRoute,
  holderCountRoute,
  transactionCountRoute,
  contractCountRoute,
  erc20CountRoute,
  nftCountRoute,
  validatorCountRoute,
  validatorPayoutRoute,
];
