// The block detail route accepts a block number or a block hash; anything else is 'Invalid block number' (400).

/** What a /blocks/{n} segment asks for. */
export type BlockParam = { kind: 'number'; number: number } | { kind: 'hash'; hash: string } | { kind: 'invalid' };

/** Longest decimal block number accepted: 16 digits covers every safe integer, longer input is rejected before any lookup. */
export const MAX_BLOCK_DIGITS = 16;

const HASH = /^0x[0-9a-fA-F]{64}$/;

/** Classifies a route segment: digits give a block number, a 66-character 0x hash a lowercased hash, anything else invalid. */
export function parseBlockParam(raw: string | null | undefined): BlockParam {
  const value = (raw ?? '').trim();
  if (HASH.test(value)) return { kind: 'hash', hash: value.toLowerCase() };
  if (!/^\d+$/.test(value) || value.length > MAX_BLOCK_DIGITS) return { kind: 'invalid' };
  const number = Number(value);
  return Number.isSafeInteger(number) ? { kind: 'number', number } : { kind: 'invalid' };
}
