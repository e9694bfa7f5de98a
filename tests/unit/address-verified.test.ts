import { describe, expect, it } from 'vitest';
import { resolveVerified, storedFlagAction, syncVerified, verifiedStorageKey } from '../../src/lib/stores/address-verified.ts';

const ADDRESS = '0x0165878A594ca255338adfa4d48449f69242Eb8F';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('remembered verification flag', () => {
  it('keys by lowercased address', () => {
    expect(verifiedStorageKey(ADDRESS)).toBe(verifiedStorageKey(ADDRESS.toLowerCase()));
    expect(verifiedStorageKey(ADDRESS)).toContain(ADDRESS.toLowerCase());
  });
  it.each([
    [true, 'set'],
    [false, 'clear'],
    [null, 'keep'],
  ] as const)('server %s → %s', (server, action) => {
    expect(storedFlagAction(server)).toBe(action);
  });
  it.each([
    [true, false, true],
    [false, true, false],
    [null, true, true],
    [null, false, false],
  ] as const)('server %s, stored %s → %s', (server, stored, expected) => {
    expect(resolveVerified(server, stored)).toBe(expected);
  });
  it.each([
    ['verified: stores the flag', {}, true, true, 'true'],
    ['unverified: clears the flag', { [verifiedStorageKey(ADDRESS)]: 'true' }, false, false, undefined],
    ['check failed: the stored flag decides', { [verifiedStorageKey(ADDRESS)]: 'true' }, null, true, 'true'],
    ['check failed, nothing stored: unverified', {}, null, false, undefined],
  ] as const)('%s', (_name, initial, server, shown, stored) => {
    const storage = memoryStorage(initial);
    expect(syncVerified(storage, ADDRESS, server)).toBe(shown);
    expect(storage.data.get(verifiedStorageKey(ADDRESS))).toBe(stored);
  });
  it('a throwing storage falls back to the server answer', () => {
    const broken = { getItem: () => { throw new Error('blocked'); }, setItem: () => { throw new Error('blocked'); }, removeItem: () => {} };
    expect(syncVerified(broken, ADDRESS, true)).toBe(true);
    expect(syncVerified(broken, ADDRESS, null)).toBe(false);
    expect(syncVerified(null, ADDRESS, null)).toBe(false);
  });
});
