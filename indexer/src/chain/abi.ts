// Defensive decoders for eth_call results of contracts we do not trust: every function returns null
// instead of throwing, and every string comes out as safe, bounded, printable text.

/** Function selectors the indexer calls on contracts. */
export const SELECTORS = {
  name: '0x06fdde03',
  symbol: '0x95d89b41',
  decimals: '0x313ce567',
  totalSupply: '0x18160ddd',
  owner: '0x8da5cb5b',
  balanceOf: '0x70a08231',
  supportsInterface: '0x01ffc9a7',
  tokenURI: '0xc87b56dd',
  uri: '0x0e89341c',
} as const;

/** ERC-165 interface ids. */
export const INTERFACE_IDS = {
  erc165: '0x01ffc9a7',
  invalid: '0xffffffff',
  erc721: '0x80ac58cd',
  erc1155: '0xd9b67a26',
} as const;

const MAX_TEXT = 1000;

/** Encodes a call with one 32-byte word argument (address, uint256 or bytes4). */
export function encodeCall(selector: string, arg?: string | bigint): string {
  if (arg === undefined) return selector;
  if (typeof arg === 'bigint') return selector + arg.toString(16).padStart(64, '0');
  const raw = arg.startsWith('0x') ? arg.slice(2) : arg;
  // bytes4 arguments are left-aligned, addresses right-aligned.
  return selector + (raw.length === 8 ? raw.padEnd(64, '0') : raw.padStart(64, '0'));
}

function body(hex: string | null | undefined): string | null {
  if (typeof hex !== 'string' || !/^0x[0-9a-fA-F]*$/.test(hex) || hex.length % 2 !== 0) return null;
  return hex.slice(2);
}

/** First 32-byte word as an unsigned integer, or null when the answer is shorter. */
export function decodeUint(hex: string | null | undefined): bigint | null {
  const b = body(hex);
  if (b === null || b.length < 64) return null;
  return BigInt('0x' + b.slice(0, 64));
}

/** ABI bool: exactly 0 or 1 in the first word, else null. */
export function decodeBool(hex: string | null | undefined): boolean | null {
  const v = decodeUint(hex);
  if (v === 0n) return false;
  if (v === 1n) return true;
  return null;
}

/** ABI address: a word whose upper 12 bytes are zero, lowercased, else null. */
export function decodeAddress(hex: string | null | undefined): string | null {
  const b = body(hex);
  if (b === null || b.length < 64) return null;
  const word = b.slice(0, 64).toLowerCase();
  if (!/^0{24}/.test(word)) return null;
  return '0x' + word.slice(24);
}

/**
 * Bounded text from raw bytes: invalid UTF-8 becomes U+FFFD and C0/C1 control characters are dropped.
 * Bidirectional and zero-width characters are kept: they are data, and the site isolates them when rendering.
 */
export function safeText(bytes: Uint8Array, max = MAX_TEXT): string {
  const decoded = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  // eslint-disable-next-line no-control-regex
  const printable = decoded.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  const chars = Array.from(printable);
  return chars.length > max ? chars.slice(0, max).join('') : printable;
}

/** Bounded printable text from a JavaScript string (metadata fields). */
export function safeString(value: unknown, max = MAX_TEXT): string | null {
  if (typeof value !== 'string') return null;
  return safeText(new TextEncoder().encode(value), max);
}

function hexBytes(hex: string): Uint8Array {
  return Uint8Array.from(Buffer.from(hex, 'hex'));
}

/**
 * ABI string answer (name(), symbol(), tokenURI()), also accepting the bytes32 form of old tokens.
 * Returns null when the data is neither.
 */
export function decodeString(hex: string | null | undefined, max = MAX_TEXT): string | null {
  const b = body(hex);
  if (b === null || b.length < 64) return null;
  if (b.length >= 128) {
    const offset = BigInt('0x' + b.slice(0, 64));
    if (offset <= BigInt(b.length / 2 - 32)) {
      const start = Number(offset) * 2;
      const length = BigInt('0x' + b.slice(start, start + 64));
      const dataStart = start + 64;
      if (length <= BigInt((b.length - dataStart) / 2)) {
        return safeText(hexBytes(b.slice(dataStart, dataStart + Number(length) * 2)), max);
      }
    }
  }
  if (b.length === 64) {
    const trimmed = b.replace(/(00)+$/, '');
    return safeText(hexBytes(trimmed), max);
  }
  return null;
}

/** Lowercased 20-byte address held in a 32-byte topic, or null when the upper bytes are not zero. */
export function topicToAddress(topic: string | null | undefined): string | null {
  return decodeAddress(topic);
}
