import { optionalEnum, parseAddress, parsePaging } from '../http/params.ts';
import { HttpError, type Router } from '../http/router.ts';
import { pad, PADDED_ZERO, percentage, unpadBigInt } from '../chain/num.ts';
import { formatUnits } from '../../../common/units.ts';
import { ROW_ID_BLOCK } from '../store/row-ids.ts';
import { AsyncMemo, type ApiContext } from './context.ts';
import { findToken, tokenHolders } from './tokens.ts';

/** Parses a decimal STO amount ("1", "0.5") into wei; null when malformed. */
export function parseEther(s: string): bigint | null {
  const m = /^(\d{1,40})(?:\.(\d{1,18}))?$/.exec(s);
  if (!m) return null;
  return BigInt(m[1] as string) * 10n ** 18n + BigInt((m[2] ?? '').padEnd(18, '0'));
}

/** Holder routes: native, per token, all (by minimum balance) and summary statistics. */
export function holderRoutes(router: Router, ctx: ApiContext): void {
  const nativeTotal = new AsyncMemo(10_000, async () => {
    let sum = 0n;
    let count = 0;
    for (const r of await ctx.db.all<{ balance: string }>('SELECT balance FROM addresses WHERE balance > ?', PADDED_ZERO)) {
      sum += unpadBigInt(r.balance);
      count++;
    }
    return { sum, count };
  });

  const nativeList = async (minWei: bigint, limit: number, offset: number) => {
    const floor = minWei > 0n ? pad(minWei) : PADDED_ZERO;
    const op = minWei > 0n ? '>=' : '>';
    const total = await nativeTotal.get();
    const rows = await ctx.db.all<{ address: string; balance: string; is_contract: number }>(
      `SELECT address, balance, is_contract FROM addresses WHERE balance ${op} ? ORDER BY balance DESC, address LIMIT ? OFFSET ?`,
      floor,
      limit,
      offset,
    );
    const totalHolders = (await ctx.db.one<{ n: number }>(`SELECT count(*) AS n FROM addresses WHERE balance ${op} ?`, floor))?.n ?? 0;
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

  router.get('/holders/native', ({ query }) => {
    const { limit, offset } = parsePaging(query, { defaultLimit: 100 });
    return nativeList(0n, limit, offset);
  });

  router.get('/holders/all', async ({ query }) => {
    const { limit, offset } = parsePaging(query, { defaultLimit: 100 });
    const raw = query.get('minBalance');
    const min = raw === null || raw === '' ? 0n : parseEther(raw);
    if (min === null) throw new HttpError(400, 'Invalid minBalance: must be a non-negative decimal amount of STO');
    const list = await nativeList(min, limit, offset);
    const holders = [];
    for (const h of list.holders) {
      const n = await ctx.db.one<{ n: number }>("SELECT count(*) AS n FROM token_balances WHERE holder = ? AND token_id = '' AND balance > ?", h.address, PADDED_ZERO);
      holders.push({ ...h, tokenCount: n?.n ?? 0 });
    }
    return { ...list, holders, minBalance: min.toString() };
  });

  router.get('/holders/token/{address}', async ({ params, query }) => {
    const address = parseAddress(params['address']);
    const { limit, offset } = parsePaging(query, { defaultLimit: 100 });
    const asc = optionalEnum(query, 'order', ['asc', 'desc'] as const) === 'asc';
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
    const tokenHolderCount =
      (await ctx.db.one<{ n: number }>("SELECT count(DISTINCT holder) AS n FROM token_balances WHERE token_id = '' AND balance > ?", PADDED_ZERO))?.n ?? 0;
    const top = await ctx.db.all<{ address: string; name: string | null; symbol: string | null; contract_type: string; holder_count: number }>(
      `SELECT address, name, symbol, contract_type, holder_count FROM contracts WHERE contract_type != 'none'
       ORDER BY holder_count DESC, address LIMIT 10`,
    );
    const latest = (await ctx.db.one<{ t: number | null }>('SELECT max(timestamp) AS t FROM blocks'))?.t ?? 0;
    const firstRecent = (await ctx.db.one<{ n: number | null }>('SELECT min(number) AS n FROM blocks WHERE timestamp >= ?', latest - 86_400))?.n ?? 0;
    const active =
      (await ctx.db.one<{ n: number }>('SELECT count(DISTINCT from_addr) AS n FROM transactions WHERE id >= ?', firstRecent * ROW_ID_BLOCK))?.n ?? 0;
    const totalAddresses = (await ctx.db.one<{ n: number }>('SELECT count(*) AS n FROM addresses'))?.n ?? 0;
    const contracts = (await ctx.db.one<{ n: number }>('SELECT count(*) AS n FROM contracts'))?.n ?? 0;
    return {
      tokenHolders: tokenHolderCount,
      topTokensByHolders: top.map((t) => ({ address: t.address, name: t.name, symbol: t.symbol, type: t.contract_type, holders: t.holder_count })),
      addressActivity: {
        totalAddresses,
        withBalance: (await nativeTotal.get()).count,
        contracts,
        wallets: Math.max(0, totalAddresses - ((await ctx.db.one<{ n: number }>('SELECT count(*) AS n FROM addresses WHERE is_contract = 1'))?.n ?? 0)),
        activeLast24h: active,
      },
    };
  });

  router.get('/holders/stats', () => stats.get());
}
