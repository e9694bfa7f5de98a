// Display rules of the address page that are worth a name and a test.
import type { AddressType, ContractType } from '../model/types.ts';
import type { HolderOrder } from './params.ts';
/** Contract tab heading by token standard (Standard Contract for anything else). */
export function contractTypeLabel(contractType: ContractType): string {
  switch (contractType) {
    case 'ERC20':
      return 'ERC20 Token Contract';
    case 'ERC721':
      return 'ERC721 NFT Contract';
    case 'ERC1155':
      return 'ERC1155 Multi-Token Contract';
    default:
      return 'Standard Contract';
  }
}

/** Header badge: 'Contract (ERC20)', 'Contract' for other contracts, 'Wallet', or 'Unknown' when the type call failed. */
export function addressBadge(type: AddressType, contractType: ContractType): string {
  if (type === 'contract') return contractType === 'none' ? 'Contract' : `Contract (${contractType})`;
  return type === 'wallet' ? 'Wallet' : 'Unknown';
}

/** Type as shown in the overview. */
export function addressTypeText(type: AddressType): string {
  return type === 'contract' ? 'Contract' : type === 'wallet' ? 'Wallet' : 'Unknown';
}

/** Whether the creator row is shown: only when the creator is known and differs from the owner. */
export function showCreator(creator: string | null, owner: string | null): creator is string {
  return creator !== null && creator.toLowerCase() !== owner?.toLowerCase();
}

/** Direction of a token transfer seen from the viewed address: IN when it receives, else OUT. */
export function transferDirection(transfer: { readonly to: string }, viewed: string): 'IN' | 'OUT' {
  return transfer.to.toLowerCase() === viewed.toLowerCase() ? 'IN' : 'OUT';
}

/** Rank of a holder row: 1 is the largest holder, also when the page lists them smallest first. */
export function holderRank(index: number, offset: number, order: HolderOrder, totalHolders: number): number {
  return order === 'asc' ? totalHolders - offset - index : offset + index + 1;
}
