/** Label of a transaction status badge. */
export type StatusLabel = 'Success' | 'Failed' | 'Pending';

/** Colour token of a status badge; components map it to their classes. */
export type StatusTone = 'green' | 'red' | 'yellow';

/** What a status badge shows. */
export interface StatusBadge {
  readonly label: StatusLabel;
  readonly tone: StatusTone;
}

const SUCCESS: StatusBadge = { label: 'Success', tone: 'green' };
const FAILED: StatusBadge = { label: 'Failed', tone: 'red' };
const PENDING: StatusBadge = { label: 'Pending', tone: 'yellow' };

/** Reads a status in any of its forms: 0x1, 1, '1', true → true; 0x0, 0, '0', false → false; anything else → null (unknown). */
export function parseTxStatus(status: unknown): boolean | null {
  if (status === true || status === 1 || status === 1n || status === '1' || status === '0x1') return true;
  if (status === false || status === 0 || status === 0n || status === '0' || status === '0x0') return false;
  return null;
}

/**
 * Badge for lists and cards: Success (green) for true or 0x1, Failed (red) for false or 0x0, Pending (yellow) otherwise.
 * Every form parseTxStatus knows counts, so a receipt's numeric 1 is a success too.
 */
export function statusBadge(status: unknown): StatusBadge {
  const parsed = parseTxStatus(status);
  return parsed === null ? PENDING : parsed ? SUCCESS : FAILED;
}

/** Badge for the transaction detail page: the transaction's own status decides, then the receipt's, else Success. */
export function detailStatusBadge(txStatus: unknown, receiptStatus?: unknown): StatusBadge {
  const parsed = parseTxStatus(txStatus) ?? parseTxStatus(receiptStatus);
  return parsed === false ? FAILED : SUCCESS;
}

/** Status and gas used taken from a receipt. */
export interface ReceiptOutcome<G> {
  readonly status: boolean | null;
  readonly gasUsed: G | null;
}

/** Status and gas used of a receipt; a missing receipt counts as a success with no gas used (gasUsed null). */
export function receiptOutcome<G>(receipt: { readonly status?: unknown; readonly gasUsed?: G | null | undefined } | null | undefined): ReceiptOutcome<G> {
  if (!receipt) return { status: true, gasUsed: null };
  return { status: parseTxStatus(receipt.status), gasUsed: receipt.gasUsed ?? null };
}
