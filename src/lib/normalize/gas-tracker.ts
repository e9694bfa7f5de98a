import { FEE_WINDOW, GAS_LEVELS, HOURS, TOP_CONSUMERS } from '../../../common/gas-tracker.ts';
import type { GasBlock, GasConsumer, GasHour, GasLevel, GasLevelKey, GasTracker, GasTrackerLive } from '../model/gas-tracker.ts';
import { toBigInt, toCount, toNumber } from './bignum.ts';
import { isRecord, toAddress, toText } from './fields.ts';

// GET /stats/gas and the `gas` event's `tracker`, read as untrusted: amounts in any encoding become
// canonical decimal strings, ratios are clamped to 0…1, rows that cannot be read are dropped. What the page cannot do
// without (the three levels, the base fee) makes the whole answer unreadable (null) rather than half shown.

/** A non-negative integer amount (wei, gas) as a decimal string; null otherwise. */
function toWei(value: unknown): string | null {
  const big = toBigInt(value);
  return big === null || big < 0n ? null : big.toString();
}

/** A fraction clamped to 0…1; null when it is not a number. */
function toRatio(value: unknown): number | null {
  const n = toNumber(value);
  return n === null ? null : Math.min(1, Math.max(0, n));
}

/** Seconds to wait: a non-negative finite number, else null (unknown). */
function toSeconds(value: unknown): number | null {
  const n = toNumber(value);
  return n === null || n < 0 ? null : n;
}

function toLevel(raw: unknown): GasLevel | null {
  if (!isRecord(raw)) return null;
  const priorityFee = toWei(raw['priorityFee']);
  const price = toWei(raw['price']);
  const transferFee = toWei(raw['transferFee']);
  if (priorityFee === null || price === null || transferFee === null) return null;
  return { priorityFee, price, transferFee, waitSeconds: toSeconds(raw['waitSeconds']) };
}

function toBlock(raw: unknown): GasBlock | null {
  if (!isRecord(raw)) return null;
  const number = toCount(raw['number']);
  const baseFee = toWei(raw['baseFee']);
  const gasUsedRatio = toRatio(raw['gasUsedRatio']);
  return number === null || baseFee === null || gasUsedRatio === null ? null : { number, baseFee, gasUsedRatio };
}

function toHour(raw: unknown): GasHour | null {
  if (!isRecord(raw)) return null;
  const hour = toCount(raw['hour']);
  if (hour === null) return null;
  return { hour, average: toWei(raw['average']), min: toWei(raw['min']), max: toWei(raw['max']), transactions: toCount(raw['transactions']) ?? 0 };
}

function toConsumer(raw: unknown): GasConsumer | null {
  if (!isRecord(raw)) return null;
  const address = toAddress(raw['address']);
  const gasUsed = toWei(raw['gasUsed']);
  if (address === null || gasUsed === null) return null;
  return {
    address,
    name: toText(raw['name']),
    gasUsed,
    fees: toWei(raw['fees']) ?? '0',
    transactions: toCount(raw['transactions']) ?? 0,
    share: toRatio(raw['share']) ?? 0,
  };
}

/** Rows in the order of `at`, the first of each `at` kept. */
function ordered<T>(list: T[], at: (row: T) => number): T[] {
  const seen = new Set<number>();
  return list
    .sort((a, b) => at(a) - at(b))
    .filter((row) => {
      if (seen.has(at(row))) return false;
      seen.add(at(row));
      return true;
    });
}

/** The rows of a list that read, at most `max`. */
function rows<T>(raw: unknown, read: (row: unknown) => T | null, max: number): T[] {
  if (!Array.isArray(raw)) return [];
  return raw.map(read).filter((row): row is T => row !== null).slice(0, max);
}

/** The live part (the `gas` event's `tracker`, and the same fields of /stats/gas); null when it does not read. */
export function normalizeGasTrackerLive(raw: unknown): GasTrackerLive | null {
  if (!isRecord(raw) || !isRecord(raw['levels'])) return null;
  const lastBlock = toCount(raw['lastBlock']);
  const baseFee = toWei(raw['baseFee']);
  const source = raw['levels'];
  const levels: Partial<Record<GasLevelKey, GasLevel>> = {};
  for (const { key } of GAS_LEVELS) {
    const level = toLevel(source[key]);
    if (level === null) return null;
    levels[key] = level;
  }
  if (lastBlock === null || baseFee === null) return null;
  // The newest FEE_WINDOW blocks, oldest first, each once.
  const blocks = ordered(rows(raw['blocks'], toBlock, Number.MAX_SAFE_INTEGER), (b) => b.number).slice(-FEE_WINDOW);
  return { lastBlock, baseFee, levels: levels as Record<GasLevelKey, GasLevel>, blocks };
}

/** GET /stats/gas; null when the body is not a gas tracker answer. */
export function normalizeGasTracker(raw: unknown): GasTracker | null {
  const live = normalizeGasTrackerLive(raw);
  if (live === null || !isRecord(raw)) return null;
  return {
    ...live,
    blockTime: toSeconds(raw['blockTime']),
    hourly: ordered(rows(raw['hourly'], toHour, Number.MAX_SAFE_INTEGER), (h) => h.hour).slice(-HOURS),
    topConsumers: rows(raw['topConsumers'], toConsumer, TOP_CONSUMERS),
    indexedBlock: toCount(raw['indexedBlock']),
  };
}
