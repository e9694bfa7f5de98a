// The server's token prices: the built-in USD prices (src/lib/tokens/prices.ts), replaced
// by a market-data provider's quotes only when MARKET_DATA_API_KEY is set. Without a key no request is ever made. The
// book is refreshed every 5 minutes; a failed fetch keeps the built-in prices and carries the spec's message for the
// pages to show.
import { builtInPriceBook, FALLBACK_PRICES, PRICE_FETCH_FAILED, PRICE_REFRESH_FAILED, type PriceBook } from '../tokens/prices.ts';
import { marketDataProvider, type MarketDataProvider } from './market-data.ts';
import { siteSettings, type SiteSettings } from './settings.ts';

/** Prices are refreshed this often (5 minutes). */
export const PRICE_REFRESH_MS = 300_000;

/** Time-out of one provider call. */
const MARKET_DATA_TIMEOUT_MS = 5_000;

/** The symbols asked of the provider: only the built-in ones, so a chain token's symbol never picks up a namesake's quote. */
export const MARKET_SYMBOLS: readonly string[] = Object.keys(FALLBACK_PRICES);

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
export function priceService(settings: Pick<SiteSettings, 'MARKET_DATA_API_KEY'> = siteSettings()): PriceService {
  const key = settings.MARKET_DATA_API_KEY ?? '';
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
