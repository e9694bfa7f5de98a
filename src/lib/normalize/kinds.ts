import type { AddressType, ContractType } from '../model/types.ts';
import { toText } from './fields.ts';

/** 'ERC20' | 'ERC721' | 'ERC1155' from any spelling (erc-20, ERC20, 20…); 'none' for anything else. */
export function toContractType(value: unknown): ContractType {
  const text = toText(value)?.toUpperCase().replace(/[^A-Z0-9]/g, '') ?? '';
  if (text === 'ERC20') return 'ERC20';
  if (text === 'ERC721') return 'ERC721';
  if (text === 'ERC1155') return 'ERC1155';
  return 'none';
}

/** 'contract' | 'wallet' | 'unknown' from the indexer's type field (eoa/account/wallet count as wallet). */
export function toAddressType(value: unknown): AddressType {
  const text = toText(value)?.toLowerCase();
  if (text === 'contract') return 'contract';
  if (text === 'wallet' || text === 'eoa' || text === 'account' || text === 'address') return 'wallet';
  return 'unknown';
}
