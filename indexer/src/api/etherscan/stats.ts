import { PADDED_ZERO, unpadBigInt } from '../../chain/num.ts';
import { AsyncMemo, type ApiContext } from '../context.ts';
import { ok, type EtherscanModule } from './core.ts';
import { supplyOf, tokenParam } from './token.ts';

// module=stats of the Etherscan-compatible API: ethsupply, ethprice, tokensupply. Not served: ethsupply2 (its burnt
// fees would sum base fee × gas over every block, a scan of the whole chain), chainsize (the node's database size, which
// the indexer cannot see) and nodecount.

/** STO in circulation as the indexer knows it: the sum of the native balances it holds (10 s memo). */
const supplies = new WeakMap<ApiContext, AsyncMemo<bigint>>();

async function sumOfBalances(ctx: ApiContext): Promise<bigint> {
  let sum = 0n;
  for (const r of await ctx.db.all<{ balance: string }>('SELECT balance FROM addresses WHERE balance > ?', PADDED_ZERO)) sum += unpadBigInt(r.balance);
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

/** A price from the environment: a plain non-negative decimal, else the fallback. */
function priceFromEnv(name: string, fallback: string): string {
  const raw = process.env[name]?.trim() ?? '';
  return /^\d{1,20}(\.\d{1,18})?$/.test(raw) ? raw : fallback;
}

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
      run() {
        return Promise.resolve(
          ok({
            ethbtc: priceFromEnv('STO_PRICE_BTC', '0'),
            ethbtc_timestamp: PRICES_READ_AT,
            ethusd: priceFromEnv('STO_PRICE_USD', BUILT_IN_STO_USD),
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
  },
};
