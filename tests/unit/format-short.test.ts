import { describe, expect, it } from 'vitest';
import { ELLIPSIS, shorten, shortenAddress, shortenContractAddress, shortenHash, type HashSide } from '../../src/lib/format/index.ts';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const HASH = '0xb4b6686df104fc22b7d744bfb4b59a7a96672f8695bbb728c647db1e13acd742';

describe('shortening', () => {
  it('uses one ellipsis character', () => {
    expect(ELLIPSIS).toBe('\u2026');
  });

  it('keeps the first 6 and last 4 characters of an address', () => {
    expect(shortenAddress(ADDRESS)).toBe('0xf39F…2266');
  });

  it.each<[HashSide, string]>([
    [4, '0xb4…d742'],
    [6, '0xb4b6…acd742'],
    [8, '0xb4b668…13acd742'],
    [12, '0xb4b6686df1…db1e13acd742'],
  ])('keeps %s characters each side of a hash', (side, expected) => {
    expect(shortenHash(HASH, side)).toBe(expected);
  });

  it('defaults to 8 characters each side of a hash', () => {
    expect(shortenHash(HASH)).toBe('0xb4b668…13acd742');
  });

  it('keeps 12 characters each side of a contract address', () => {
    expect(shortenContractAddress(ADDRESS)).toBe('0xf39Fd6e51a…79cffFb92266');
  });

  it.each([
    ['0x1234', 6, 4, '0x1234'],
    ['0x123456789', 6, 4, '0x123456789'],
    ['0x1234567890', 6, 4, '0x1234…7890'],
    ['0x123456789012', 6, 4, '0x1234…9012'],
    ['', 6, 4, ''],
  ])('shorten(%s, %s, %s) → %s', (value, head, tail, expected) => {
    expect(shorten(value, head, tail)).toBe(expected);
  });
});
