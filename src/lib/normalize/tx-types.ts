// The typed-transaction fields of a transaction answer: access list (types 1 to 4), EIP-7702 authorization
// list (type 4), EIP-4844 blob fields (type 3). The bundled indexer serves them on /transactions/{hash}; a node's
// transaction object has the same names; the chain operator's indexer has none, and then nothing is shown.
// Only the detail answer carries them (getTransaction): lists parse the type alone (tx-type.ts), which keeps this out
// of the browser's list code.
import type { AccessListEntry, SetCodeAuthorization, Transaction, TxTypedFields } from '../model/types.ts';
import { toBigInt } from './bignum.ts';
import { isRecord, toAddress, toHash } from './fields.ts';
import { normalizeTransaction } from './transaction.ts';

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

/** A transaction detail (GET /transactions/{hash}): the transaction with its typed fields, when the answer has any. */
export function normalizeTransactionDetail(raw: unknown): Transaction | null {
  const tx = normalizeTransaction(raw);
  if (tx === null || !isRecord(raw)) return tx;
  const typed = normalizeTypedFields(raw);
  return Object.keys(typed).length > 0 ? { ...tx, typed } : tx;
}
