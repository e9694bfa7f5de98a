// Texts of the typed-transaction parts of the transaction page.
import { txTypeLabel } from '../../../common/tx-types.ts';

/** 'EIP-1559 (type 2)'; null when the type is unknown (the chain operator's indexer does not say). */
export function txTypeText(type: number | null | undefined): string | null {
  const label = txTypeLabel(type);
  return label === null ? null : `${label} (type ${type})`;
}

/** Status text and colour of an EIP-7702 authorization: applied, skipped, or unknown (the node no longer has the state). */
export function authorizationStatus(applied: boolean | null): { text: string; tone: string } {
  if (applied === true) return { text: 'Applied', tone: 'text-green-700' };
  if (applied === false) return { text: 'Skipped', tone: 'text-red-800' };
  return { text: 'Unknown', tone: 'text-slate-700' };
}
