// The holder routes' contract: native holders (all, or from a minimum balance), a token's holders, holder statistics.
import * as z from 'zod';
import { HttpError } from '../../http/router.ts';
import { parseEther } from '../../http/params.ts';
import { address, addressParam, dec, enumQuery, int, readWith, tokenStandard } from './fields.ts';
import { pagedListRoute } from './lists.ts';
import { defineRoute } from './route.ts';

/** A holder of the native coin or of a token, with its share of the supply (per cent). */
export const holder = z.object({ address, balance: dec, balanceFormatted: z.string(), percentage: z.number() }).meta({ id: 'Holder' });

const nativeHolder = holder.extend({ isContract: z.boolean() });

const nativeList = { totalHolders: int, totalBalance: dec.meta({ description: 'every positive native balance, summed (wei)' }) };

/** GET /holders/native. */
export const nativeHoldersRoute = pagedListRoute('/holders/native', 'Native holders by balance (default limit 100)', nativeHolder, {
  paging: { defaultLimit: 100 },
  answer: (holders) => z.object({ holders, ...nativeList }),
});

/** The minimum balance of /holders/all in wei: a decimal amount of STO, 0 when absent. */
const minBalance = readWith(
  (raw) => {
    const wei = raw === undefined || raw === '' ? 0n : parseEther(raw);
    if (wei === null) throw new HttpError(400, 'Invalid minBalance: must be a non-negative decimal amount of STO');
    return wei;
  },
  { type: 'string', pattern: '^\\d{1,40}(\\.\\d{1,18})?$', description: 'minimum native balance in STO, e.g. 0.5' },
);

/** GET /holders/all. */
export const allHoldersRoute = pagedListRoute('/holders/all', 'Native holders with at least minBalance STO (default limit 100)', nativeHolder.extend({ tokenCount: int }), {
  paging: { defaultLimit: 100 },
  query: { minBalance },
  answer: (holders) => z.object({ holders, ...nativeList, minBalance: dec.meta({ description: 'in wei' }) }),
});

/** GET /holders/token/{address}. */
export const tokenHoldersRoute = pagedListRoute('/holders/token/{address}', 'Holders of a token with tokenInfo (default limit 100)', holder, {
  params: z.object({ address: addressParam }),
  paging: { defaultLimit: 100 },
  query: { order: enumQuery('order', ['asc', 'desc'] as const) },
  answer: (holders) =>
    z.object({
      holders,
      totalHolders: int,
      tokenInfo: z.object({
        address,
        name: z.string().nullable(),
        symbol: z.string().nullable(),
        decimals: int.nullable(),
        totalSupply: dec.nullable(),
        type: tokenStandard,
      }),
    }),
});

/** GET /holders/stats. */
export const holderStatsRoute = defineRoute({
  method: 'GET',
  path: '/holders/stats',
  summary: 'Token holders, top tokens by holders, address activity',
  answer: z.object({
    tokenHolders: int,
    topTokensByHolders: z.array(
      z.object({ address, name: z.string().nullable(), symbol: z.string().nullable(), type: tokenStandard, holders: int }),
    ),
    addressActivity: z.object({ totalAddresses: int, withBalance: int, contracts: int, wallets: int, activeLast24h: int }),
  }),
});

/** The holder routes. */
export const holderContracts = [nativeHoldersRoute, allHoldersRoute, tokenHoldersRoute, holderStatsRoute];
