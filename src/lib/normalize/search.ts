import type { SearchResult } from '../model/wire.ts';
import { toBigInt, toCount, toTimestamp } from './bignum.ts';
import { isRecord, pick, toAddress, toHash, toImageUrl, toText } from './fields.ts';
import { toAddressType, toContractType } from './kinds.ts';

type SearchType = SearchResult['type'];

function searchType(value: unknown): SearchType | null {
  const text = toText(value)?.toLowerCase();
  if (text === 'block' || text === 'transaction' || text === 'address' || text === 'token' || text === 'nft' || text === 'multiple') {
    return text;
  }
  if (text === 'tx') return 'transaction';
  if (text === 'contract' || text === 'wallet' || text === 'account') return 'address';
  return null;
}

/** The result type a data object implies, for items of a 'multiple' result that carry no type. */
function inferType(data: Record<string, unknown>): SearchType | null {
  if ('tokenId' in data) return 'nft';
  if ('symbol' in data || 'totalSupply' in data) return 'token';
  if ('number' in data && 'hash' in data) return 'block';
  if ('hash' in data) return 'transaction';
  if ('address' in data) return 'address';
  return null;
}

function transactionCountOf(data: Record<string, unknown>): number {
  const listed = data['transactions'];
  if (Array.isArray(listed)) return listed.length;
  return toCount(pick(data, 'transactions', 'transactions_count', 'transactionCount')) ?? 0;
}

function build(type: SearchType, data: unknown, envelope: Record<string, unknown>): SearchResult | null {
  if (type === 'multiple') {
    const items = Array.isArray(data) ? data : [];
    const results = items.map((item) => normalizeSearchResult(item)).filter((r): r is SearchResult => r !== null);
    return results.length > 0 ? { type, data: results } : null;
  }
  if (!isRecord(data)) return null;
  switch (type) {
    case 'block': {
      const number = toCount(pick(data, 'number', 'blockNumber'));
      if (number === null) return null;
      return {
        type,
        data: { number, hash: toHash(data['hash']), timestamp: toTimestamp(data['timestamp']), transactionCount: transactionCountOf(data) },
      };
    }
    case 'transaction': {
      const hash = toHash(pick(data, 'hash', 'transactionHash'));
      if (hash === null) return null;
      return { type, data: { hash, blockNumber: toCount(data['blockNumber']), timestamp: toTimestamp(data['timestamp']) } };
    }
    case 'address': {
      const address = toAddress(pick(data, 'address', 'contractAddress'));
      if (address === null) return null;
      const contractType = toContractType(pick(envelope, 'contractType') ?? data['contractType']);
      let addressType = toAddressType(pick(envelope, 'addressType') ?? data['type']);
      if (addressType === 'unknown' && contractType !== 'none') addressType = 'contract';
      return { type, data: { address, balance: toBigInt(data['balance']) }, addressType, contractType };
    }
    case 'token': {
      const address = toAddress(pick(data, 'address', 'tokenAddress', 'contractAddress'));
      if (address === null) return null;
      return {
        type,
        data: {
          address,
          symbol: toText(data['symbol']) ?? 'TOKEN',
          name: toText(data['name']) ?? 'Unknown Token',
          totalSupply: toBigInt(data['totalSupply']),
        },
      };
    }
    case 'nft': {
      const address = toAddress(pick(data, 'address', 'tokenAddress', 'contractAddress'));
      const tokenId = toText(toBigInt(data['tokenId']) ?? data['tokenId']);
      if (address === null || tokenId === null) return null;
      const collection = toText(pick(data, 'collection', 'collectionName'));
      return {
        type,
        data: { address, tokenId, name: toText(data['name']) ?? `${collection ?? 'Unknown'} #${tokenId}`, collection, image: toImageUrl(data['image']) },
      };
    }
  }
}

/** /search answer {type, data, addressType?, contractType?} (block, transaction, address, token, nft, multiple); null when empty. */
export function normalizeSearchResult(raw: unknown): SearchResult | null {
  if (!isRecord(raw)) return null;
  const data = raw['data'] ?? raw['result'] ?? raw['results'];
  const type = searchType(raw['type']) ?? (Array.isArray(data) ? 'multiple' : isRecord(data) ? inferType(data) : null) ?? inferType(raw);
  if (type === null) return null;
  // Untyped items of a 'multiple' result are the data object itself.
  return build(type, data === undefined ? raw : data, raw);
}
