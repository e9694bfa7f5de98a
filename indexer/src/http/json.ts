import { getAddress } from 'ethers';
import { LRUCache } from 'lru-cache';

const ADDRESS = /^0x[0-9a-f]{40}$/;
/** Fields that hold raw bytes, where 20 bytes of data must keep their case. */
const RAW_FIELDS = new Set(['data', 'input', 'extraData', 'logsBloom', 'result', 'topics']);
// Every entry is the same size (an address and its checksum form), so a count bounds the memory as well as bytes would.
const memo = new LRUCache<string, string>({ max: 50_000 });

/** EIP-55 checksum of a lowercase address, memoised (the same addresses recur in almost every response). */
function checksum(address: string): string {
  let out = memo.get(address);
  if (out === undefined) {
    out = getAddress(address);
    memo.set(address, out);
  }
  return out;
}

/**
 * JSON text of an API answer with every address in EIP-55 checksum form, as the upstream indexer emits them:
 * the database keeps addresses lowercase for lookups, clients see the form wallets and explorers show.
 */
export function toJson(value: unknown): string {
  let skip: unknown = undefined;
  return JSON.stringify(value, function replacer(this: unknown, key: string, v: unknown) {
    if (RAW_FIELDS.has(key)) {
      skip = v;
      return v;
    }
    if (typeof v === 'string' && ADDRESS.test(v) && !(Array.isArray(this) && this === skip)) return checksum(v);
    return v;
  });
}
