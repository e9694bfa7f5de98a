/** The one character that marks the cut in every shortened address or hash. */
export const ELLIPSIS = '…';

/** Keeps the first `head` and last `tail` characters around an ellipsis; strings that would not get shorter are returned as is. */
export function shorten(value: string, head: number, tail: number = head): string {
  if (value.length <= head + tail + ELLIPSIS.length) return value;
  return `${value.slice(0, head)}${ELLIPSIS}${value.slice(value.length - tail)}`;
}

/** Address as first 6 and last 4 characters, '0x' included: '0x1234…abcd'. */
export function shortenAddress(address: string): string {
  return shorten(address, 6, 4);
}

/** Characters kept on each side of a shortened hash; 8 is the default, 4, 6 and 12 are used by some screens. */
export type HashSide = 4 | 6 | 8 | 12;

/** Hash as its first and last `side` characters ('0x' counts): shortenHash(h) → '0xfaeb17…1d2e3f4a'. */
export function shortenHash(hash: string, side: HashSide = 8): string {
  return shorten(hash, side, side);
}

/** Contract address with 12 characters kept on each side. */
export function shortenContractAddress(address: string): string {
  return shorten(address, 12, 12);
}
