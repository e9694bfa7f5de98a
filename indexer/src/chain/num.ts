/** Width of zero-padded amounts: uint256 needs 78 digits, sums of them a little more. */
export const PAD_WIDTH = 80;

/** The padded form of zero, the lower bound of every positive padded amount. */
export const PADDED_ZERO = '0'.repeat(PAD_WIDTH);

/** Parses a JSON-RPC quantity (0x hex) into a bigint; null, undefined and '0x' give 0n. */
export function hexToBigInt(hex: string | null | undefined): bigint {
  if (hex === null || hex === undefined || hex === '0x' || hex === '') return 0n;
  return BigInt(hex);
}

/** Parses a JSON-RPC quantity that fits a JavaScript number (block numbers, indexes). */
export function hexToNumber(hex: string | null | undefined): number {
  return Number(hexToBigInt(hex));
}

/** Decimal string of a JSON-RPC quantity, or null when the field is absent. */
export function hexToDecimal(hex: string | null | undefined): string | null {
  if (hex === null || hex === undefined) return null;
  return hexToBigInt(hex).toString();
}

/** JSON-RPC quantity of a number or bigint. */
export function toHex(n: number | bigint): string {
  return '0x' + n.toString(16);
}

/**
 * Zero-padded decimal text whose string order equals numeric order for non-negative values;
 * negative values (possible only for tokens whose events lie) sort below every non-negative one.
 */
export function pad(value: bigint): string {
  if (value < 0n) return '-' + (-value).toString().padStart(PAD_WIDTH, '0');
  return value.toString().padStart(PAD_WIDTH, '0');
}

/** Inverse of pad(): the amount as a bigint. */
export function unpadBigInt(padded: string): bigint {
  return BigInt(padded);
}

/** Inverse of pad(): the amount as a plain decimal string. */
export function unpad(padded: string): string {
  return BigInt(padded).toString();
}

/** Share of part in total as a percentage number (0 when total is not positive), precise to about 1e-12. */
export function percentage(part: bigint, total: bigint): number {
  if (total <= 0n) return 0;
  const scaled = (part * 10n ** 14n) / total;
  return Number(scaled) / 1e12;
}
