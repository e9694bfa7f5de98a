// The optional market-data provider (a price quote call made only when an API key is configured).
// CoinMarketCap's quotes endpoint; the response is parsed defensively and anything unreadable is left out.
import type { PriceQuote } from '../tokens/prices.ts';

/** Fetches quotes for some symbols (uppercase keys); rejects on any failure. */
export type MarketDataProvider = (symbols: readonly string[], signal: AbortSignal) => Promise<Record<string, PriceQuote>>;

/** The provider's quotes endpoint. */
export const MARKET_DATA_URL = 'https://pro-api.coinmarketcap.com/v2/cryptocurrency/quotes/latest';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function finite(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function quoteOf(entry: unknown): PriceQuote | null {
  // v2 answers a list of coins per symbol, v1 a single coin.
  const coin: unknown = Array.isArray(entry) ? (entry as unknown[])[0] : entry;
  if (!isRecord(coin) || !isRecord(coin['quote'])) return null;
  const usd = coin['quote']['USD'];
  if (!isRecord(usd)) return null;
  const price = finite(usd['price']);
  if (price === null || price < 0) return null;
  return { price, change24h: finite(usd['percent_change_24h']), volume24h: finite(usd['volume_24h']) };
}

/** Quotes by uppercase symbol from a quotes response ({data: {SYM: coin | [coin]}}); unreadable entries are dropped. */
export function parseMarketQuotes(body: unknown): Record<string, PriceQuote> {
  const quotes: Record<string, PriceQuote> = {};
  if (!isRecord(body) || !isRecord(body['data'])) return quotes;
  for (const [symbol, entry] of Object.entries(body['data'])) {
    const quote = quoteOf(entry);
    if (quote) quotes[symbol.toUpperCase()] = quote;
  }
  return quotes;
}

/** The provider for an API key: one GET for all symbols, the key in a header (never in the URL). */
export function marketDataProvider(apiKey: string, fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init)): MarketDataProvider {
  return async (symbols, signal) => {
    const url = `${MARKET_DATA_URL}?symbol=${encodeURIComponent(symbols.join(','))}&convert=USD`;
    const response = await fetchImpl(url, { signal, headers: { accept: 'application/json', 'X-CMC_PRO_API_KEY': apiKey } });
    if (!response.ok) throw new Error(`market data: HTTP ${response.status}`);
    const quotes = parseMarketQuotes(await response.json());
    if (Object.keys(quotes).length === 0) throw new Error('market data: no quotes in the response');
    return quotes;
  };
}
