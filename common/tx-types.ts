// Transaction envelope types and EIP-7702 delegation designators: shared by the indexer (which must not take a
// delegated account for a contract) and the site (labels, "Delegated to").

/** Label of each transaction type (EIP-2718 envelope). */
export const TX_TYPE_LABELS: Readonly<Record<number, string>> = {
  0: 'Legacy',
  1: 'EIP-2930',
  2: 'EIP-1559',
  3: 'EIP-4844',
  4: 'EIP-7702',
};

/** The label of a transaction type: 'Legacy', 'EIP-2930', 'EIP-1559', 'EIP-4844', 'EIP-7702', 'Type N' for others; null when unknown. */
export function txTypeLabel(type: number | null | undefined): string | null {
  if (type === null || type === undefined || !Number.isSafeInteger(type) || type < 0) return null;
  return TX_TYPE_LABELS[type] ?? `Type ${type}`;
}

/** Code of an account delegated by EIP-7702: 0xef0100 followed by the delegate's 20-byte address, nothing else. */
const DESIGNATOR = /^0xef0100([0-9a-f]{40})$/i;

/** The delegate (lowercase) when `code` is a delegation designator; null for any other code (contracts, empty, malformed). */
export function delegationTarget(code: string | null | undefined): string | null {
  if (typeof code !== 'string') return null;
  const m = DESIGNATOR.exec(code.trim());
  return m ? `0x${(m[1] as string).toLowerCase()}` : null;
}
