// Token holdings of the address page: value, search and order (prices come from src/lib/tokens/prices.ts, the
// server's current book from src/lib/server/prices.ts).
import { formatTokenAmount, formatUsd } from '../format/index.ts';
import { amountUsd, tokenPrice, type PriceBook } from '../tokens/prices.ts';
import type { TokenBalance } from '../model/types.ts';

/** Holdings listed before 'View All Holdings' is followed. */
export const HOLDINGS_PREVIEW = 10;

/** USD value of a raw amount at a price; null when the price is unknown. */
export function holdingValue(rawBalance: bigint, decimals: number, price: number | null): number | null {
  return amountUsd(rawBalance, decimals, price);
}

/** USD text of a value ('$1,234.50'); '—' when unknown. */
export function formatValue(value: number | null): string {
  return value === null ? '—' : formatUsd(value);
}

/** Balance of a holding with up to 4 decimals; a non-zero amount under 0.0001 shows '< 0.0001'. */
export function formatHoldingBalance(holding: Pick<TokenBalance, 'rawBalance' | 'decimals'>): string {
  return formatTokenAmount(holding.rawBalance, holding.decimals, 4);
}

/** Whether a holding matches a search: name, symbol or contract address contain the query, case-insensitively. */
export function matchesHolding(holding: Pick<TokenBalance, 'name' | 'symbol' | 'contractAddress'>, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (q === '') return true;
  return [holding.name, holding.symbol, holding.contractAddress].some((field) => field.toLowerCase().includes(q));
}

/** The text the live filter searches, lowercased (kept in a data attribute so the script needs no data of its own). */
export function holdingSearchText(holding: Pick<TokenBalance, 'name' | 'symbol' | 'contractAddress'>): string {
  return `${holding.name}\n${holding.symbol}\n${holding.contractAddress}`.toLowerCase();
}

/** Compares whole-unit balances of tokens with different decimals exactly: a positive result sorts `a` after `b`. */
function byBalanceDesc(a: TokenBalance, b: TokenBalance): number {
  const places = Math.max(a.decimals, b.decimals);
  const left = a.rawBalance * 10n ** BigInt(places - a.decimals);
  const right = b.rawBalance * 10n ** BigInt(places - b.decimals);
  if (left !== right) return left > right ? -1 : 1;
  return a.symbol.localeCompare(b.symbol) || a.contractAddress.localeCompare(b.contractAddress);
}

/** Holdings sorted by balance, largest first (ties by symbol), without changing the input. */
export function sortHoldings(holdings: readonly TokenBalance[]): TokenBalance[] {
  return [...holdings].sort(byBalanceDesc);
}

/** Holdings matching a search, sorted by balance descending. */
export function filterHoldings(holdings: readonly TokenBalance[], query: string): TokenBalance[] {
  return sortHoldings(holdings.filter((holding) => matchesHolding(holding, query)));
}

/** Sum of the known USD values of holdings (tokens without a price count as nothing). */
export function totalHoldingsValue(holdings: readonly TokenBalance[], book: PriceBook): number {
  return holdings.reduce((sum, h) => sum + (holdingValue(h.rawBalance, h.decimals, tokenPrice(h.symbol, book)) ?? 0), 0);
}
