// The one rule for NFT images, shared by every card and the detail page. Chain data decides only a URL that the
// browser loads into an <img> (which never runs scripts, not even inside SVG); it never reaches an attribute that
// executes, and SVG documents are never inlined or framed.

import { DEFAULT_IPFS_GATEWAY } from '../../../common/ipfs.ts';

export { DEFAULT_IPFS_GATEWAY };

/**
 * Longest data: image URL put into a page (64 KB). On-chain SVGs are usually a few hundred bytes; anything larger
 * would be inlined into every page that shows the item (a list page shows up to 48), so it is treated as missing
 * and the item gets its placeholder.
 */
export const MAX_INLINE_IMAGE_CHARS = 64 * 1024;

/** Number of placeholder images (public/nft-placeholders/1.svg … 5.svg). */
const PLACEHOLDER_COUNT = 5;

/** Placeholder shown when an image fails to load (placeholder 1). */
export const FAILED_IMAGE_PLACEHOLDER = 1;

/** Path of placeholder `n` (1-based). */
export function placeholderSrc(n: number): string {
  return `/nft-placeholders/${n}.svg`;
}

/**
 * An NFT image URL safe to put in src: http(s) as given (normalized), ipfs:// (and ipfs://ipfs/) through the gateway,
 * data:image/* up to MAX_INLINE_IMAGE_CHARS; null for anything else (javascript:, other data: types, relative or
 * protocol-relative paths, whitespace inside an http(s) or ipfs URL, oversized data).
 */
export function nftImageSrc(url: string | null | undefined, gateway: string = DEFAULT_IPFS_GATEWAY): string | null {
  const text = url?.trim() ?? '';
  if (text === '') return null;
  if (/^data:/i.test(text)) {
    return /^data:image\/[a-z0-9.+-]+[;,]/i.test(text) && text.length <= MAX_INLINE_IMAGE_CHARS ? text : null;
  }
  const ipfs = /^ipfs:\/\/(?:ipfs\/)?(\S+)$/i.exec(text);
  if (ipfs) return httpUrl(`${gateway.endsWith('/') ? gateway : `${gateway}/`}${ipfs[1]}`);
  return httpUrl(text);
}

function httpUrl(text: string): string | null {
  if (!/^https?:\/\/\S+$/i.test(text)) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Placeholder number of an item without a usable image: (tokenId mod 5) + 1; 1 for an id that is not a whole number. */
export function placeholderIndex(tokenId: string | number | bigint | null | undefined): number {
  let id: bigint;
  try {
    id = typeof tokenId === 'bigint' ? tokenId : BigInt(String(tokenId ?? '').trim() || 'x');
  } catch {
    return 1;
  }
  const mod = id % BigInt(PLACEHOLDER_COUNT);
  return Number(mod < 0n ? -mod : mod) + 1;
}

/** What an NFT <img> shows: the safe image, or the item's placeholder. */
export interface NftImageChoice {
  src: string;
  /** Placeholder number when the item has no usable image, else null. */
  placeholder: number | null;
}

/** The image of an item: its safe URL, else placeholder (tokenId mod 5) + 1. */
export function chooseNftImage(url: string | null | undefined, tokenId: string | number | bigint | null | undefined, gateway?: string): NftImageChoice {
  const src = nftImageSrc(url, gateway);
  if (src !== null) return { src, placeholder: null };
  const n = placeholderIndex(tokenId);
  return { src: placeholderSrc(n), placeholder: n };
}
