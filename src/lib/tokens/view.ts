// Token detail page: its figures and labels.
import { formatTokenAmount } from '../format/index.ts';
import { marketCap, quoteOf, type PriceBook } from './prices.ts';
import type { Token } from '../model/types.ts';

/** The only price range there is: shown, but choosing it changes nothing. */
export const PRICE_RANGE = '24h';

/** Market Information figures; null is unknown. */
export interface MarketFigures {
  price: number | null;
  change: number | null;
  marketCap: number | null;
  volume: number | null;
}

/** Price, 24 h change and volume from the price book; market cap from price and supply. */
export function marketFigures(token: Pick<Token, 'symbol' | 'totalSupply' | 'decimals'>, book: PriceBook): MarketFigures {
  const quote = quoteOf(token.symbol, book);
  const price = quote?.price ?? null;
  return { price, change: quote?.change24h ?? null, marketCap: marketCap(price, token.totalSupply, token.decimals), volume: quote?.volume24h ?? null };
}

/** Total supply in whole units with up to 4 decimals; '—' when unknown. */
export function formatSupply(token: Pick<Token, 'totalSupply' | 'decimals'>): string {
  return token.totalSupply === null ? '—' : formatTokenAmount(token.totalSupply, token.decimals);
}

/** The token standard as written in prose ('ERC-20'); '—' for anything else. */
export function standardLabel(type: Token['type']): string {
  return type === 'ERC20' ? 'ERC-20' : type === 'ERC721' ? 'ERC-721' : type === 'ERC1155' ? 'ERC-1155' : '—';
}
