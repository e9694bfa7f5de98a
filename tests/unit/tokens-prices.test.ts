import { describe, expect, it, vi } from 'vitest';
import { FALLBACK_PRICES, PRICE_FETCH_FAILED, PRICE_REFRESH_FAILED, builtInPriceBook, formatPrice, formatPriceChange, formatUsdOrDash, marketCap, quoteOf, tokenPrice, type PriceQuote } from '../../src/lib/tokens/prices.ts';
import { MARKET_SYMBOLS, PRICE_REFRESH_MS, createPriceService, priceService } from '../../src/lib/server/prices.ts';
import { siteSettingsFrom } from '../../src/lib/server/settings.ts';
import { MARKET_DATA_URL, marketDataProvider, parseMarketQuotes } from '../../src/lib/server/market-data.ts';

const BUILT_IN = builtInPriceBook();

describe('built-in prices', () => {
  it('are USDT 1, USDC 1, STO 0.1, 3DC 0.00129, refreshed every 300000 ms', () => {
    expect(FALLBACK_PRICES).toEqual({ USDT: 1, USDC: 1, STO: 0.1, '3DC': 0.00129 });
    expect(PRICE_REFRESH_MS).toBe(300_000);
    expect(MARKET_SYMBOLS).toEqual(['STO', 'USDT', 'USDC', '3DC']);
  });
  it.each([
    ['USDT', 1],
    [' usdc ', 1],
    ['sto', 0.1],
    ['3DC', 0.00129],
    ['SGOV', null],
    ['\u202eDSU', null],
    ['<img src=x onerror=alert(1)>', null],
  ])('tokenPrice(%j) = %s', (symbol, expected) => {
    expect(tokenPrice(symbol, BUILT_IN)).toBe(expected);
  });
  it('have no 24h change or volume', () => {
    expect(quoteOf('USDT', BUILT_IN)).toEqual({ price: 1, change24h: null, volume24h: null });
  });
  it('are what the server uses without MARKET_DATA_API_KEY', async () => {
    const book = await priceService(siteSettingsFrom({})).get();
    expect(book.source).toBe('built-in');
    expect(book.error).toBeNull();
    expect(tokenPrice('STO', book)).toBe(0.1);
  });
});

describe('price texts', () => {
  it.each([
    [1, '$1.00'],
    [0.1, '$0.10'],
    [0.00129, '$0.00129'],
    [1234567.891, '$1,234,567.89'],
    [0, '$0.00'],
    [null, '—'],
  ])('formatPrice(%s) = %s', (price, expected) => {
    expect(formatPrice(price)).toBe(expected);
  });
  it.each([
    [1.2345, '+1.23%'],
    [-0.4, '-0.40%'],
    [0, '0.00%'],
    [-0.001, '0.00%'],
    [1234.5, '+1,234.50%'],
    [null, '—'],
    [Number.NaN, '—'],
  ])('formatPriceChange(%s) = %s', (change, expected) => {
    expect(formatPriceChange(change)).toBe(expected);
  });
  it.each([
    [1234.5, '$1,234.50'],
    [null, '—'],
  ])('formatUsdOrDash(%s) = %s', (amount, expected) => {
    expect(formatUsdOrDash(amount)).toBe(expected);
  });
});

describe('marketCap: price × supply in whole units', () => {
  it.each([
    [1, 1_000_000_000_000n, 6, 1_000_000],
    [0.1, 10n ** 25n, 18, 1_000_000],
    [0.00129, 1000n, 0, 1.29],
    [null, 10n ** 18n, 18, null],
    [1, null, 18, null],
  ])('marketCap(%s, %s, %s) = %s', (price, supply, decimals, expected) => {
    const cap = marketCap(price, supply, decimals);
    if (expected === null) expect(cap).toBeNull();
    else expect(cap).toBeCloseTo(expected, 6);
  });
});

const QUOTES: Record<string, PriceQuote> = { STO: { price: 0.12, change24h: 3.5, volume24h: 1_000_000 } };

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => { t += ms; } };
}

describe('price service', () => {
  it('never calls a provider without an API key', async () => {
    const provider = vi.fn(async () => QUOTES);
    const service = createPriceService({ provider, apiKey: '  ' });
    const book = await service.get();
    expect(provider).not.toHaveBeenCalled();
    expect(book.source).toBe('built-in');
    expect(book.quotes).toEqual(BUILT_IN.quotes);
  });

  it('uses the provider with a key, keeps built-in prices for symbols it lacks, and refreshes after 300000 ms', async () => {
    const c = clock();
    const provider = vi.fn(async (_symbols: readonly string[], _signal: AbortSignal) => QUOTES);
    const service = createPriceService({ provider, apiKey: 'k', now: c.now });
    const book = await service.get();
    expect(provider).toHaveBeenCalledTimes(1);
    expect(provider.mock.calls[0]?.[0]).toEqual(MARKET_SYMBOLS);
    expect(book.source).toBe('market');
    expect(quoteOf('STO', book)).toEqual(QUOTES['STO']);
    expect(tokenPrice('USDT', book)).toBe(1);
    c.advance(PRICE_REFRESH_MS - 1);
    await service.get();
    expect(provider).toHaveBeenCalledTimes(1);
    c.advance(1);
    await service.get();
    expect(provider).toHaveBeenCalledTimes(2);
  });

  it("reports 'Failed to fetch token prices' on a first failure and 'Failed to refresh token prices' later, with built-in prices", async () => {
    const c = clock();
    let fail = true;
    const provider = vi.fn(async () => {
      if (fail) throw new Error('down');
      return QUOTES;
    });
    const service = createPriceService({ provider, apiKey: 'k', now: c.now });
    const first = await service.get();
    expect(first.error).toBe(PRICE_FETCH_FAILED);
    expect(first.error).toBe('Failed to fetch token prices');
    expect(first.quotes).toEqual(BUILT_IN.quotes);

    c.advance(PRICE_REFRESH_MS);
    fail = false;
    await service.get(); // serves the old book while refreshing
    await vi.waitFor(() => expect(service.latest().source).toBe('market'));

    c.advance(PRICE_REFRESH_MS);
    fail = true;
    await service.get();
    await vi.waitFor(() => expect(service.latest().error).toBe(PRICE_REFRESH_FAILED));
    expect(service.latest().error).toBe('Failed to refresh token prices');
    expect(service.latest().quotes).toEqual(BUILT_IN.quotes);
  });

  it('shares one provider call between concurrent first requests', async () => {
    const provider = vi.fn(async () => QUOTES);
    const service = createPriceService({ provider, apiKey: 'k' });
    await Promise.all([service.get(), service.get(), service.get()]);
    expect(provider).toHaveBeenCalledTimes(1);
  });
});

describe('market-data response', () => {
  const coin = (price: unknown, change: unknown = 1.5, volume: unknown = 20) => ({ quote: { USD: { price, percent_change_24h: change, volume_24h: volume } } });
  it.each([
    ['v2 lists', { data: { sto: [coin(0.2)] } }, { STO: { price: 0.2, change24h: 1.5, volume24h: 20 } }],
    ['v1 objects', { data: { USDT: coin(1, null, null) } }, { USDT: { price: 1, change24h: null, volume24h: null } }],
    ['garbage price', { data: { USDT: coin('1') } }, {}],
    ['negative price', { data: { USDT: coin(-1) } }, {}],
    ['no data', { status: { error_code: 1002 } }, {}],
    ['not an object', 'oops', {}],
  ])('%s', (_name, body, expected) => {
    expect(parseMarketQuotes(body)).toEqual(expected);
  });

  it('sends the key in a header, never in the URL, and rejects on HTTP errors', async () => {
    const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
    const ok = marketDataProvider('secret-key', async (input, init) => {
      calls.push({ url: input instanceof Request ? input.url : input.toString(), init });
      return new Response(JSON.stringify({ data: { STO: [coin(0.3)] } }), { status: 200 });
    });
    await expect(ok(['STO', 'USDT'], AbortSignal.timeout(1000))).resolves.toEqual({ STO: { price: 0.3, change24h: 1.5, volume24h: 20 } });
    expect(calls[0]?.url).toBe(`${MARKET_DATA_URL}?symbol=STO%2CUSDT&convert=USD`);
    expect(calls[0]?.url).not.toContain('secret-key');
    expect(new Headers(calls[0]?.init?.headers).get('X-CMC_PRO_API_KEY')).toBe('secret-key');

    const failing = marketDataProvider('k', async () => new Response('{}', { status: 401 }));
    await expect(failing(['STO'], AbortSignal.timeout(1000))).rejects.toThrow('HTTP 401');
  });
});
