// Token holdings of the address page: fallback prices, value, search and order.
import { formatUnits } from 'ethers';
import { formatTokenAmount, formatUsd } from '../format.ts';
import type { TokenBalance } from '../types.ts';

/** Built-in USD prices by symbol (spec tokens §9); other tokens have no known price. */
export const FALLBACK_PRICES: Readonly<Record<string, number>> = { STO: 0.1, USDT: 1, USDC: 1, '3DC': 0.00129 };

/** Holdings listed before 'View All Holdings' is followed. */
export const HOLDINGS_PREVIEW = 10;

/** USD price of a token by symbol (case-insensitive); null when unknown. */
export function tokenPrice(symbol: string): number | null {
  return FALLBACK_PRICES[symbol.trim().toUpperCase()] ?? null;
}

/** USD value of a raw amount at a price; null when the price is unknown. */
export function holdingValue(rawBalance: bigint, decimals: number, price: number | null): number | null {
  if (price === null) return null;
  return Number(formatUnits(rawBalance, decimals)) * price;
}

/** USD text of a value ('$1,234.50'); '—' when unknown. */
export function formatValue(value: number | null): string {
  return value === null ? '—' : formatUsd(value);
}

/** Price text: 2 decimals, or up to 5 significant decimals for sub-cent prices ('$0.00129'); '—' when unknown. */
export function formatPrice(price: number | null): string {
  if (price === null) return '—';
  if (price >= 0.01 || price === 0) return formatUsd(price);
  return `$${price.toLocaleString('en-US', { maximumSignificantDigits: 5, maximumFractionDigits: 10 })}`;
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
export function totalHoldingsValue(holdings: readonly TokenBalance[]): number {
  return holdings.reduce((sum, h) => sum + (holdingValue(h.rawBalance, h.decimals, tokenPrice(h.symbol)) ?? 0), 0);
}
