// A rate limit as an operator writes it (INDEXER_RATE_LIMIT and its classes, read by indexer/src/config/settings.ts):
// one rule per class, such as `50/s,100` (50 a second, bursts of 100) or `1/10s,5`, `off` or `0` to turn a class off.
import type { RateRule } from './rate-limit.ts';

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
