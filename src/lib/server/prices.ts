// Token prices (spec tokens §4, §7, §8, §9): the built-in USD prices, replaced by a market-data provider's quotes only
// when MARKET_DATA_API_KEY is set. Without a key no request is ever made. The book is refreshed every 5 minutes; a
// failed fetch keeps the built-in prices and carries the spec's message for the pages to show.
import { formatUsd } from '../format.ts';
import { formatUnits } from '../../../common/units.ts';
import { marketDataProvider, type MarketDataProvider, type PriceQuote } from './market-data.ts';

export type { PriceQuote } from './market-data.ts';

/** Built-in USD prices by symbol (spec tokens §9). */
export const FALLBACK_PRICES: Readonly<Record<string, number>> = { STO: 0.1, USDT: 1, USDC: 1, '3DC': 0.00129 };

/** Prices are refreshed this often (5 minutes). */
export const PRICE_REFRESH_MS = 300_000;

/** Time-out of one provider call. */
const MARKET_DATA_TIMEOUT_MS = 5_000;

/** Message when the first fetch fails. */
export const PRICE_FETCH_FAILED = 'Failed to fetch token prices';

/** Message when a later refresh fails. */
export const PRICE_REFRESH_FAILED = 'Failed to refresh token prices';

/** Environment variable holding the provider's key. */
const MARKET_DATA_KEY_ENV = 'MARKET_DATA_API_KEY';

/** The symbols asked of the provider: only the built-in ones, so a chain token's symbol never picks up a namesake's quote. */
export const MARKET_SYMBOLS: readonly string[] = Object.keys(FALLBACK_PRICES);

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

/** Options of createPriceService (tests inject the clock and the provider). */
export interface PriceServiceOptions {
  apiKey?: string | undefined;
  provider?: MarketDataProvider;
  now?: () => number;
  refreshMs?: number;
  timeoutMs?: number;
}

/** A self-refreshing price book. */
export interface PriceService {
  /** The current book; refreshes it when older than the refresh interval (the first call waits, later ones do not). */
  get(): Promise<PriceBook>;
  /** The last book, without refreshing. */
  latest(): PriceBook;
}

/** Creates a price service; with no API key it only ever serves the built-in prices. */
export function createPriceService(options: PriceServiceOptions = {}): PriceService {
  const now = options.now ?? Date.now;
  const refreshMs = options.refreshMs ?? PRICE_REFRESH_MS;
  const timeoutMs = options.timeoutMs ?? MARKET_DATA_TIMEOUT_MS;
  const apiKey = options.apiKey?.trim() ?? '';
  const provider = apiKey === '' ? null : (options.provider ?? marketDataProvider(apiKey));
  let book: PriceBook | null = null;
  let pending: Promise<PriceBook> | null = null;

  async function refresh(): Promise<PriceBook> {
    const first = book === null;
    const at = now();
    try {
      if (!provider) throw new Error('no provider');
      const quotes = await provider(MARKET_SYMBOLS, AbortSignal.timeout(timeoutMs));
      // Symbols the provider left out keep their built-in price.
      book = { quotes: { ...builtInPriceBook().quotes, ...quotes }, source: 'market', error: null, updatedAt: at };
    } catch {
      book = builtInPriceBook(at, first ? PRICE_FETCH_FAILED : PRICE_REFRESH_FAILED);
    }
    return book;
  }

  return {
    get(): Promise<PriceBook> {
      if (!provider) return Promise.resolve((book ??= builtInPriceBook(now())));
      if (book && now() - book.updatedAt < refreshMs) return Promise.resolve(book);
      pending ??= refresh().finally(() => {
        pending = null;
      });
      return book ? Promise.resolve(book) : pending;
    },
    latest(): PriceBook {
      return book ?? builtInPriceBook();
    },
  };
}

let service: { key: string; service: PriceService } | undefined;

/** The server's price service for the configured MARKET_DATA_API_KEY (rebuilt if the setting changes). */
export function priceService(env: Record<string, string | undefined> = process.env): PriceService {
  const key = env[MARKET_DATA_KEY_ENV]?.trim() ?? '';
  if (service?.key !== key) service = { key, service: createPriceService({ apiKey: key }) };
  return service.service;
}

/** The server's current price book, refreshed when due. */
export function currentPriceBook(): Promise<PriceBook> {
  return priceService().get();
}

/** The server's last price book, without waiting (built-in prices until a refresh has happened). */
export function latestPriceBook(): PriceBook {
  return priceService().latest();
}

/** The quote of a symbol (case-insensitive, trimmed); null when the book has none. */
export function quoteOf(symbol: string, book: PriceBook = latestPriceBook()): PriceQuote | null {
  return book.quotes[symbol.trim().toUpperCase()] ?? null;
}

/** USD price of a token by symbol; null when unknown. */
export function tokenPrice(symbol: string, book: PriceBook = latestPriceBook()): number | null {
  return quoteOf(symbol, book)?.price ?? null;
}

/** Market capitalisation: price × total supply in whole units; null when either is unknown. */
export function marketCap(price: number | null, totalSupply: bigint | null, decimals: number): number | null {
  if (price === null || totalSupply === null) return null;
  return Number(formatUnits(totalSupply, decimals)) * price;
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
