// The typed-transaction fields of a transaction answer (issue 29): access list (types 1 to 4), EIP-7702 authorization
// list (type 4), EIP-4844 blob fields (type 3). The bundled indexer serves them on /transactions/{hash}; a node's
// transaction object has the same names; the chain operator's indexer has none, and then nothing is shown.
import type { AccessListEntry, SetCodeAuthorization, TxTypedFields } from '../model/types.ts';
import { toBigInt, toCount } from './bignum.ts';
import { isRecord, toAddress, toHash } from './fields.ts';

/** The transaction type (EIP-2718: 0 legacy … 4 set-code) from a number or a quantity; null when absent or unreadable. */
export function normalizeTxType(raw: unknown): number | null {
  const type = toCount(raw);
  return type !== null && type <= 0x7f ? type : null;
}

function accessList(raw: unknown): AccessListEntry[] | null {
  if (!Array.isArray(raw)) return null;
  return raw.flatMap((item) => {
    if (!isRecord(item)) return [];
    const address = toAddress(item['address']);
    if (address === null) return [];
    const keys = Array.isArray(item['storageKeys']) ? item['storageKeys'].flatMap((k) => toHash(k) ?? []) : [];
    return [{ address, storageKeys: keys }];
  });
}

function authorization(item: unknown): SetCodeAuthorization | null {
  if (!isRecord(item)) return null;
  const address = toAddress(item['address']);
  const chainId = toBigInt(item['chainId']);
  const nonce = toBigInt(item['nonce']);
  if (address === null || chainId === null || nonce === null) return null;
  const applied = item['applied'];
  return {
    chainId,
    address,
    nonce,
    authority: toAddress(item['authority']),
    applied: typeof applied === 'boolean' ? applied : null,
  };
}

/** The typed fields present in `raw` (an empty object when it has none, as from the chain operator's indexer). */
export function normalizeTypedFields(raw: Record<string, unknown>): TxTypedFields {
  const out: TxTypedFields = {};
  const access = accessList(raw['accessList']);
  if (access !== null) out.accessList = access;
  if (Array.isArray(raw['authorizationList'])) out.authorizations = raw['authorizationList'].flatMap((a) => authorization(a) ?? []);
  if (Array.isArray(raw['blobVersionedHashes'])) {
    out.blob = {
      versionedHashes: raw['blobVersionedHashes'].flatMap((h) => toHash(h) ?? []),
      maxFeePerBlobGas: toBigInt(raw['maxFeePerBlobGas']),
      blobGasUsed: toBigInt(raw['blobGasUsed']),
      blobGasPrice: toBigInt(raw['blobGasPrice']),
    };
  }
  return out;
}
