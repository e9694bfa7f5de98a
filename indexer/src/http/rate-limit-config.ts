// The rate limits' settings as environment variables (the CLI and `npm start` read them): one rule per class, such
// as `50/s,100` (50 a second, bursts of 100) or `1/10s,5`, `off` or `0` to turn a class off.
import { parseAddressSet } from '../../../common/client-address.ts';
import { errorMessage } from '../../../common/errors.ts';
import type { RateClass, RateLimitOptions, RateRule } from './rate-limit.ts';

/** The variable of each class; INDEXER_RATE_LIMIT=off turns every limit off. */
export const RATE_LIMIT_VARIABLES: Readonly<Record<RateClass, string>> = {
  general: 'INDEXER_RATE_LIMIT',
  search: 'INDEXER_RATE_LIMIT_SEARCH',
  rpc: 'INDEXER_RATE_LIMIT_RPC',
  verify: 'INDEXER_RATE_LIMIT_VERIFY',
  api: 'INDEXER_RATE_LIMIT_API',
};

const UNIT_MS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, h: 3_600_000 };

/**
 * Reads `{count}/{period}[,{burst}]`: count requests per period (`s`, `m`, `h`, optionally with a number: `10s`),
 * bursts of burst (default: count, at least 1); `off` or `0` is null (no limit). Throws a RangeError otherwise.
 */
export function parseRateRule(text: string): RateRule | null {
  const t = text.trim().toLowerCase();
  if (t === 'off' || t === '0') return null;
  const m = /^(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)?\s*([smh])\s*(?:,\s*(\d+))?$/.exec(t);
  const count = Number(m?.[1]);
  const periodMs = Number(m?.[2] ?? 1) * (UNIT_MS[m?.[3] ?? ''] ?? NaN);
  const burst = m?.[4] === undefined ? Math.max(1, Math.ceil(count)) : Number(m[4]);
  if (!m || !(count > 0) || !(periodMs > 0) || !(burst >= 1)) {
    throw new RangeError(`'${text}' is not a rate limit: write {count}/{period}[,{burst}] such as 50/s,100 or 1/10s,5, or off`);
  }
  return { rate: (count * 1000) / periodMs, burst };
}

/**
 * The rate-limit settings of an environment: false when INDEXER_RATE_LIMIT is off, else each class's rule
 * (defaults where unset), INDEXER_TRUST_PROXY and INDEXER_RATE_LIMIT_EXEMPT. Throws an Error naming the variable
 * whose value cannot be read.
 */
export function rateLimitFromEnv(env: Readonly<Record<string, string | undefined>>): RateLimitOptions | false {
  const read = <T>(name: string, parse: (value: string) => T): T | undefined => {
    const value = env[name];
    if (value === undefined || value.trim() === '') return undefined;
    try {
      return parse(value);
    } catch (err) {
      throw new Error(`${name}: ${errorMessage(err)}`, { cause: err });
    }
  };
  const limits: Partial<Record<RateClass, RateRule | null>> = {};
  for (const [name, variable] of Object.entries(RATE_LIMIT_VARIABLES) as [RateClass, string][]) {
    const rule = read(variable, parseRateRule);
    if (rule !== undefined) limits[name] = rule;
  }
  if (limits.general === null) return false;
  const trustProxy = read('INDEXER_TRUST_PROXY', (v) => (parseAddressSet(v), v));
  const exempt = read('INDEXER_RATE_LIMIT_EXEMPT', (v) => (parseAddressSet(v), v));
  return { limits, ...(trustProxy !== undefined ? { trustProxy } : {}), ...(exempt !== undefined ? { exempt } : {}) };
}
