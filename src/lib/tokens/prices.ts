// Token prices as the pages show them: the built-in USD prices, the price book a page reads
// and the price texts. Where the book comes from (the built-in prices or a market-data provider, refreshed) is the
// server's: src/lib/server/prices.ts.
import { formatUsd } from '../format/index.ts';
import { formatUnits } from '../../../common/units.ts';

/** One token's market figures in US dollars. */
export interface PriceQuote {
  price: number;
  /** 24 h change in percent; null when unknown. */
  change24h: number | null;
  /** 24 h traded volume in dollars; null when unknown. */
  volume24h: number | null;
}

/** Built-in USD prices by symbol (the spec's fallback prices). */
export const FALLBACK_PRICES: Readonly<Record<string, number>> = { STO: 0.1, USDT: 1, USDC: 1, '3DC': 0.00129 };

/** Message when the first fetch fails. */
export const PRICE_FETCH_FAILED = 'Failed to fetch token prices';

/** Message when a later refresh fails. */
export const PRICE_REFRESH_FAILED = 'Failed to refresh token prices';

/** The prices in use. */
export interface PriceBook {
  /** Quotes by uppercase symbol. */
  readonly quotes: Readonly<Record<string, PriceQuote>>;
  readonly source: 'built-in' | 'market';
  /** PRICE_FETCH_FAILED or PRICE_REFRESH_FAILED after a failed provider call, else null. */
  readonly error: string | null;
  /** Epoch ms of the last (attempted) refresh. */
  readonly updatedAt: number;
}

/** The built-in prices as a book (no 24 h change or volume: they are unknown). */
export function builtInPriceBook(updatedAt = 0, error: string | null = null): PriceBook {
  const quotes: Record<string, PriceQuote> = {};
  for (const [symbol, price] of Object.entries(FALLBACK_PRICES)) quotes[symbol] = { price, change24h: null, volume24h: null };
  return { quotes, source: 'built-in', error, updatedAt };
}

/** The quote of a symbol (case-insensitive, trimmed); null when the book has none. */
export function quoteOf(symbol: string, book: PriceBook): PriceQuote | null {
  return book.quotes[symbol.trim().toUpperCase()] ?? null;
}

/** USD price of a token by symbol; null when unknown. */
export function tokenPrice(symbol: string, book: PriceBook): number | null {
  return quoteOf(symbol, book)?.price ?? null;
}

/** US dollars of a raw amount (in units of 10^-decimals) at a price per whole unit; null when the price is unknown. */
export function amountUsd(raw: bigint, decimals: number, price: number | null): number | null {
  if (price === null) return null;
  return Number(formatUnits(raw, decimals)) * price;
}

/** Market capitalisation: price × total supply in whole units; null when either is unknown. */
export function marketCap(price: number | null, totalSupply: bigint | null, decimals: number): number | null {
  return totalSupply === null ? null : amountUsd(totalSupply, decimals, price);
}

/** Price text: 2 decimals, or up to 5 significant decimals for sub-cent prices ('$0.00129'); '—' when unknown. */
export function formatPrice(price: number | null): string {
  if (price === null) return '—';
  if (price >= 0.01 || price === 0) return formatUsd(price);
  return `$${price.toLocaleString('en-US', { maximumSignificantDigits: 5, maximumFractionDigits: 10 })}`;
}

/** 24 h change with sign and 2 decimals ('+1.25%', '-0.40%', '0.00%'); '—' when unknown. */
export function formatPriceChange(change: number | null): string {
  if (change === null || !Number.isFinite(change)) return '—';
  const text = `${Math.abs(change).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;
  if (text === '0.00%') return text;
  return change > 0 ? `+${text}` : `-${text}`;
}

/** Dollar amount with 2 decimals and thousands separators; '—' when unknown. */
export function formatUsdOrDash(amount: number | null): string {
  return amount === null ? '—' : formatUsd(amount);
}
