import { toCount } from './bignum.ts';

/** The transaction type (EIP-2718: 0 legacy … 4 set-code) from a number or a quantity; null when absent or unreadable. */
export function normalizeTxType(raw: unknown): number | null {
  const type = toCount(raw);
  return type !== null && type <= 0x7f ? type : null;
}
