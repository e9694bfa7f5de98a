// NFT detail page (/nfts/{address}/{id}): how its price, details, properties and history rows are shown.
import { formatUsd } from '../format/index.ts';
import type { NftTransfer } from '../model/types.ts';
import { priceValue, ZERO_ADDRESS } from './order.ts';

/** Dollars per STO of the detail page's estimate (the specification's fixed rate: price × 3000). */
export const USD_PER_STO_ESTIMATE = 3000;
/** The Blockchain row of the details. */
export const BLOCKCHAIN_NAME = 'STO Chain';
/** The currency label. */
const CURRENCY = 'STO';

/** Price in STO as shown ('0.00 STO'). */
export function formatNftPrice(price: string): string {
  return `${price} ${CURRENCY}`;
}

/** The dollar estimate of a price: price × 3000 ('$0.00' for a price that is not a number). */
export function usdEstimate(price: string): string {
  return formatUsd(priceValue(price) * USD_PER_STO_ESTIMATE);
}

/** The standard named by the indexer's token type ('ERC-721', 'ERC-1155'); null for anything else. */
export function knownStandard(tokenType: string | null | undefined): string | null {
  const type = tokenType?.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return type === 'ERC721' ? 'ERC-721' : type === 'ERC1155' ? 'ERC-1155' : null;
}

/** Token standard of the details: the real one when known, else 'ERC-721' (the spec's fixed value). */
export function standardLabel(tokenType: string | null | undefined): string {
  return knownStandard(tokenType) ?? 'ERC-721';
}

/** A trait's rarity line: '{rarity} rarity' ('12.5% rarity' from a bare number), 'Unknown rarity' without one. */
export function rarityText(rarity: string | null | undefined): string {
  const text = rarity?.trim() ?? '';
  if (text === '') return 'Unknown rarity';
  return `${/^\d+(\.\d+)?$/.test(text) ? `${text}%` : text} rarity`;
}

/** Whether an address is the zero address (a transfer from it is a mint). */
function isZeroAddress(address: string | null | undefined): boolean {
  return address?.toLowerCase() === ZERO_ADDRESS;
}

/** One History row as shown. */
export interface HistoryRow {
  /** 'Minted' when the sender is the zero address, else 'Transferred'. */
  event: 'Minted' | 'Transferred';
  timestamp: number | null;
  /** 'Mint' when the price is '0', else the price in STO. */
  price: string;
  /** The sender, or null for a mint (shown as 'Mint'). */
  from: string | null;
  to: string;
  transactionHash: string | null;
  /** Units moved (ERC-1155). */
  amount: bigint;
}

/** History rows. */
export function historyRow(transfer: NftTransfer): HistoryRow {
  const minted = isZeroAddress(transfer.from);
  return {
    event: minted ? 'Minted' : 'Transferred',
    timestamp: transfer.timestamp,
    price: transfer.price.trim() === '0' ? 'Mint' : formatNftPrice(transfer.price),
    from: minted ? null : transfer.from,
    to: transfer.to,
    transactionHash: transfer.transactionHash,
    amount: transfer.value,
  };
}
