// NFT detail page (/nfts/{address}/{id}?tab=): route rules, loading and the display rules of spec tokens §2.5.
import { safe, type IndexerClient } from '../indexer-client.ts';
import { failureStatus } from '../address/load.ts';
import { formatUsd } from '../format.ts';
import type { NftCollection, NftToken, NftTransfer } from '../types.ts';
import { priceValue, ZERO_ADDRESS } from './order.ts';

/** Rows of the History tab (spec tokens §9). */
export const NFT_HISTORY_LIMIT = 10;
/** Dollars per STO of the detail page's estimate (spec tokens §9: price × 3000). */
export const USD_PER_STO_ESTIMATE = 3000;
/** The Blockchain row of the details. */
export const BLOCKCHAIN_NAME = 'STO Chain';
/** The currency label (spec tokens §9). */
export const CURRENCY = 'STO';

/** Largest token id (uint256). */
const MAX_TOKEN_ID = (1n << 256n) - 1n;

/** Whether a route parameter is a token id: decimal digits within uint256. */
export function isTokenIdParam(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^\d{1,78}$/.test(value) && BigInt(value) <= MAX_TOKEN_ID;
}

/** The detail tabs, in display order; the first is the default. */
export const NFT_TABS = ['overview', 'properties', 'history'] as const;
/** One detail tab. */
export type NftTab = (typeof NFT_TABS)[number];
/** Tab labels. */
export const NFT_TAB_LABELS: Readonly<Record<NftTab, string>> = { overview: 'Overview', properties: 'Properties', history: 'History' };

/** The tab named by ?tab=; anything else gives 'overview'. */
export function parseNftTab(value: string | null | undefined): NftTab {
  return (NFT_TABS as readonly string[]).includes(value ?? '') ? (value as NftTab) : 'overview';
}

/** Everything the detail page shows. */
export interface NftDetail {
  token: NftToken;
  /** The collection's figures; null when they could not be read. */
  collection: NftCollection | null;
  /** Latest transfers, newest first; null when they could not be read. */
  history: NftTransfer[] | null;
}

/** Outcome of loading an NFT. */
export type NftDetailLoad =
  | { readonly kind: 'ok'; readonly detail: NftDetail }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'error'; readonly status: 502 | 503 };

/** Loads the item, its collection and its latest transfers together; the item decides found or not. */
export async function loadNftDetail(client: IndexerClient, address: string, tokenId: string): Promise<NftDetailLoad> {
  try {
    const [token, collection, history] = await Promise.all([
      client.getNftToken(address, tokenId),
      safe(client.getNftCollection(address), null),
      safe(client.getNftTokenTransfers(address, tokenId, { limit: NFT_HISTORY_LIMIT, offset: 0 }), null),
    ]);
    if (token === null) return { kind: 'not-found' };
    return {
      kind: 'ok',
      detail: {
        token: { ...token, collectionName: token.collectionName ?? collection?.name ?? null, verified: token.verified || (collection?.verified ?? false) },
        collection,
        history: history?.slice(0, NFT_HISTORY_LIMIT) ?? null,
      },
    };
  } catch (error) {
    return { kind: 'error', status: failureStatus(error) };
  }
}

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
export function isZeroAddress(address: string | null | undefined): boolean {
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

/** History rows (spec tokens §2.5). */
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
