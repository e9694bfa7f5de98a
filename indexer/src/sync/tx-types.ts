// The transaction_types row of a typed transaction (migrations/012_transaction_types.sql): its access list, its EIP-7702
// authorization tuples (their authorities are recovered on request: api/tx-types.ts), its EIP-4844 blob fields; none
// for a transaction without any.
import { readAuthorizationTuples } from '../chain/authorization.ts';
import type { RawReceipt, RawTransaction } from '../chain/types.ts';
import { hexToDecimal } from '../chain/num.ts';

/** Columns the writer fills (applied is worked out later, on request). */
export const TYPE_DETAIL_COLUMNS = [
  'tx_id', 'access_list', 'authorizations', 'blob_hashes', 'max_fee_per_blob_gas', 'blob_gas_used', 'blob_gas_price',
] as const;

const HEX = /^0x[0-9a-f]*$/i;

function accessList(raw: RawTransaction['accessList']): { address: string; storageKeys: string[] }[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((e) =>
    e && typeof e.address === 'string' && HEX.test(e.address)
      ? [{ address: e.address.toLowerCase(), storageKeys: Array.isArray(e.storageKeys) ? e.storageKeys.filter((k) => typeof k === 'string' && HEX.test(k)).map((k) => k.toLowerCase()) : [] }]
      : [],
  );
}

function quantityText(raw: string | null | undefined): string | null {
  return typeof raw === 'string' && HEX.test(raw) && raw.length > 2 ? hexToDecimal(raw) : null;
}

/** The row for `tx`, or null when it carries nothing beyond the common fields (legacy, or typed with empty lists). */
export function typeDetailsRow(txId: number, tx: RawTransaction, receipt: RawReceipt): (string | number | null)[] | null {
  const access = accessList(tx.accessList);
  const auths = readAuthorizationTuples(tx.authorizationList);
  const blobs = Array.isArray(tx.blobVersionedHashes) ? tx.blobVersionedHashes.filter((h) => typeof h === 'string' && HEX.test(h)).map((h) => h.toLowerCase()) : [];
  const maxFeePerBlobGas = quantityText(tx.maxFeePerBlobGas);
  if (access.length === 0 && auths.length === 0 && blobs.length === 0 && maxFeePerBlobGas === null) return null;
  const blobbed = blobs.length > 0 || maxFeePerBlobGas !== null;
  return [
    txId,
    access.length > 0 ? JSON.stringify(access) : null,
    auths.length > 0 ? JSON.stringify(auths) : null,
    blobbed ? JSON.stringify(blobs) : null,
    maxFeePerBlobGas,
    blobbed ? quantityText(receipt.blobGasUsed) : null,
    blobbed ? quantityText(receipt.blobGasPrice) : null,
  ];
}
