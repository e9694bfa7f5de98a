import { formatDay, MAX_SERIES_DAYS, parseDay } from '../../../../common/stats-series.ts';
import { formatUnits } from '../../../../common/units.ts';
import { unpadBigInt } from '../../chain/num.ts';
import { positiveBalances } from '../../store/queries/addresses.ts';
import { dailyRows, keptDays, type DailyRow } from '../../stats/read.ts';
import { AsyncMemo, type ApiContext } from '../context.ts';
import { list, MESSAGES, ok, Refusal, type EtherscanAction, type EtherscanModule, type EtherscanParams } from './core.ts';
import { supplyOf, tokenParam } from './token.ts';

// module=stats of the Etherscan-compatible API: ethsupply, ethprice, tokensupply, and the daily actions of Etherscan's
// API PRO read from the folded daily series (stats/fold.ts): dailytx, dailynewaddress, dailygasused, dailyavggasprice,
// dailytxnfee, dailyavgblocktime, dailyavgblocksize, dailyblkcount, dailyblockrewards. Not served: ethsupply2 (its
// burnt fees would sum base fee × gas over every block, a scan of the whole chain), chainsize (the node's database
// size, which the indexer cannot see), nodecount, and the daily actions the index has no figures for
// (dailyavggaslimit, dailynetutilization, dailyavghashrate, dailyavgnetdifficulty, dailyuncleblkcount, ethdailyprice,
// ethdailymarketcap).

/** Etherscan's refusals of the daily actions' parameters. */
export const DAILY_MESSAGES = {
  date: (name: 'startdate' | 'enddate') => `Error! Invalid ${name} format, expected yyyy-MM-dd`,
  reversed: 'Error! startdate is after enddate',
  tooLong: `Error! At most ${MAX_SERIES_DAYS.toLocaleString('en-US')} days at once`,
} as const;

/** The days of a daily action (startdate, enddate, sort), within the days kept; an empty list when none is kept. */
async function dailyRange(p: EtherscanParams, ctx: ApiContext): Promise<{ days: number[]; rows: Map<number, DailyRow> }> {
  const day = (name: 'startdate' | 'enddate'): number => {
    const d = parseDay(p.text(name));
    if (d === null) throw new Refusal(DAILY_MESSAGES.date(name));
    return d;
  };
  const start = day('startdate');
  const end = day('enddate');
  if (start > end) throw new Refusal(DAILY_MESSAGES.reversed);
  if (end - start + 1 > MAX_SERIES_DAYS) throw new Refusal(DAILY_MESSAGES.tooLong);
  const sort = p.choice('sort', ['asc', 'desc'] as const, 'asc');
  const kept = await keptDays(ctx.db);
  if (kept === null) return { days: [], rows: new Map<number, DailyRow>() };
  const from = Math.max(start, kept.first);
  const to = Math.min(end, kept.last);
  const days: number[] = [];
  for (let d = from; d <= to; d++) days.push(d);
  if (sort === 'desc') days.reverse();
  return { days, rows: from <= to ? await dailyRows(ctx.db, from, to) : new Map<number, DailyRow>() };
}

const DAILY_PARAMS = {
  startdate: 'the first UTC day, yyyy-MM-dd',
  enddate: 'the last UTC day, yyyy-MM-dd',
  sort: 'asc (default) or desc',
};

/** A daily action: one row per day of the range (days without blocks included), its fields from the day's figures. */
function daily(summary: string, fields: (row: DailyRow | undefined) => Record<string, string | number>): EtherscanAction {
  return {
    summary: `${summary}, per UTC day from startdate to enddate within the days indexed`,
    params: DAILY_PARAMS,
    async run(p, ctx) {
      const { days, rows } = await dailyRange(p, ctx);
      return list(
        days.map((d) => ({ UTCDate: formatDay(d), unixTimeStamp: String(d * 86_400), ...fields(rows.get(d)) })),
        MESSAGES.noRecords,
      );
    },
  };
}

const int = (row: DailyRow | undefined, column: string): number => Number(row?.[column] ?? 0);
const text = (row: DailyRow | undefined, column: string): string => String(row?.[column] ?? '0');
const sto = (row: DailyRow | undefined, column: string): string => formatUnits(BigInt(text(row, column)), 18);

/** The daily actions, one row each: Etherscan's field names and types. */
const DAILY_ACTIONS: Record<string, EtherscanAction> = {
  dailytx: daily('Transactions', (r) => ({ transactionCount: int(r, 'transactions') })),
  dailynewaddress: daily('Addresses seen for the first time', (r) => ({ newAddressCount: int(r, 'new_addresses') })),
  dailygasused: daily('Gas used by all blocks', (r) => ({ gasUsed: text(r, 'gas_used') })),
  dailyavggasprice: daily('Highest, lowest and mean effective gas price of the transactions, in wei', (r) => ({
    maxGasPrice_Wei: text(r, 'max_gas_price'),
    minGasPrice_Wei: text(r, 'min_gas_price'),
    avgGasPrice_Wei: text(r, 'average_gas_price'),
  })),
  dailytxnfee: daily('Fees paid by the transactions, in STO', (r) => ({ transactionFee_Eth: sto(r, 'fees') })),
  dailyavgblocktime: daily('Mean time between consecutive blocks, in seconds', (r) => ({ blockTime_sec: text(r, 'average_block_time') })),
  dailyavgblocksize: daily('Mean block size, in bytes', (r) => ({ blockSize_bytes: int(r, 'average_block_size') })),
  dailyblkcount: daily('Blocks produced and their rewards (the fees paid to the producer), in STO', (r) => ({ blockCount: int(r, 'blocks'), blockRewards_Eth: sto(r, 'block_rewards') })),
  dailyblockrewards: daily('Block rewards (the fees paid to the producers), in STO', (r) => ({ blockRewards_Eth: sto(r, 'block_rewards') })),
};

/** STO in circulation as the indexer knows it: the sum of the native balances it holds (10 s memo). */
const supplies = new WeakMap<ApiContext, AsyncMemo<bigint>>();

async function sumOfBalances(ctx: ApiContext): Promise<bigint> {
  let sum = 0n;
  for (const balance of await positiveBalances(ctx.db)) sum += unpadBigInt(balance);
  return sum;
}

function nativeSupply(ctx: ApiContext): Promise<bigint> {
  if (ctx.cache === false) return sumOfBalances(ctx);
  let memo = supplies.get(ctx);
  if (!memo) {
    memo = new AsyncMemo(10_000, () => sumOfBalances(ctx));
    supplies.set(ctx, memo);
  }
  return memo.get();
}

/**
 * The site's built-in STO price in US dollars (FALLBACK_PRICES.STO of src/lib/tokens/prices.ts), which the indexer
 * answers unless STO_PRICE_USD says otherwise. The indexer has no price feed of its own.
 */
export const BUILT_IN_STO_USD = '0.1';

/** When this process read its prices: the timestamp ethprice gives them. */
const PRICES_READ_AT = String(Math.floor(Date.now() / 1000));

/** module=stats. */
export const statsModule: EtherscanModule = {
  actions: {
    ethsupply: {
      summary:
        'STO in circulation as the indexer knows it, in wei: the sum of the native balances of every address it has seen (senders, ' +
        'recipients, created contracts, block producers), each as of the last block that touched it; accounts funded at genesis and ' +
        'never seen since are not counted',
      params: {},
      async run(_p, ctx) {
        return ok((await nativeSupply(ctx)).toString());
      },
    },
    ethprice: {
      summary:
        'The STO price: ethusd from STO_PRICE_USD (default 0.1, the site\'s built-in price), ethbtc from STO_PRICE_BTC (default 0: unknown); ' +
        'both timestamps are when the indexer started (its prices do not change while it runs)',
      params: {},
      run(_p, ctx) {
        return Promise.resolve(
          ok({
            ethbtc: ctx.stoPrice?.btc ?? '0',
            ethbtc_timestamp: PRICES_READ_AT,
            ethusd: ctx.stoPrice?.usd ?? BUILT_IN_STO_USD,
            ethusd_timestamp: PRICES_READ_AT,
          }),
        );
      },
    },
    tokensupply: {
      summary:
        "A token's total supply in raw units: totalSupply() as of the last block that minted or burnt it (ERC-20), the live items " +
        '(ERC-721) or the sum of every id\'s supply (ERC-1155)',
      params: { contractaddress: 'the token contract' },
      async run(p, ctx) {
        return ok(await supplyOf(ctx, await tokenParam(p, ctx)));
      },
    },
    ...DAILY_ACTIONS,
  },
};
