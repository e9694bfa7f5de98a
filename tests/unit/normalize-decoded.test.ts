import { describe, expect, it } from 'vitest';
import { normalizeCallGuess, normalizeDecodeSource, normalizeLogDecodings } from '../../src/lib/normalize/decoded.ts';
import { normalizeDecodedTransaction, normalizeTransaction } from '../../src/lib/normalize/transaction.ts';
import { normalizeBytecodeFunctions } from '../../src/lib/normalize/bytecode-functions.ts';

const EVENT = { eventName: 'RoleGranted', eventSignature: 'RoleGranted(bytes32,address,address)', params: [{ name: 'role', type: 'bytes32', value: '0x01', indexed: true }], source: 'signature' };

describe('what the bundled indexer adds to decodings, read at the edge', () => {
  it.each<[unknown, string | null]>([
    ['verified', 'verified'],
    ['signature', 'signature'],
    ['Verified', null],
    [1, null],
    [undefined, null],
  ])('source %j → %j', (raw, expected) => {
    expect(normalizeDecodeSource(raw)).toBe(expected);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['candidates', { candidates: [EVENT, { ...EVENT, eventName: 'Other' }], decoded: EVENT }, ['RoleGranted', 'Other']],
    ['one decoding', { decoded: EVENT }, ['RoleGranted']],
    ['an unreadable one is dropped', { candidates: [{ eventName: 'NoSignature' }, EVENT] }, ['RoleGranted']],
    ['none (another indexer)', {}, []],
  ])('log decodings: %s', (_what, raw, names) => {
    expect(normalizeLogDecodings(raw).map((e) => e.eventName)).toEqual(names);
  });

  it.each<[string, unknown, unknown]>([
    ['a guess', { selector: '0x94BB1E8E', words: ['0x01', 'zz'], types: ['uint256'], params: [{ type: 'uint256', value: '1' }] },
      { selector: '0x94bb1e8e', words: ['0x01'], types: ['uint256'], params: [{ name: '', type: 'uint256', value: '1' }] }],
    ['no types guessed', { selector: '0x12345678', words: [], types: null, params: null }, { selector: '0x12345678', words: [], types: null, params: null }],
    ['a bad selector', { selector: '0x1234', words: [] }, null],
    ['absent', undefined, null],
  ])('call guess: %s', (_what, raw, expected) => {
    expect(normalizeCallGuess(raw)).toEqual(expected);
  });

  it('candidates carry their source; the method name is taken only when it is an identifier', () => {
    const d = normalizeDecodedTransaction({
      decoded: { functionName: 'burn', functionSignature: 'burn(uint256)', params: [], source: 'signature' },
      candidates: [
        { functionName: 'burn', functionSignature: 'burn(uint256)', params: [], source: 'signature' },
        { functionName: 'collate_propagate_storage', functionSignature: 'collate_propagate_storage(bytes16)', params: [], source: 'signature' },
      ],
    });
    expect(d?.decoded?.source).toBe('signature');
    expect(d?.candidates.map((c) => c.functionSignature)).toEqual(['burn(uint256)', 'collate_propagate_storage(bytes16)']);
    const tx = (method: unknown) => normalizeTransaction({ hash: `0x${'ab'.repeat(32)}`, from: `0x${'cd'.repeat(20)}`, method });
    expect(tx('grantRole')?.method).toBe('grantRole');
    expect(tx('<b>x</b>')).not.toHaveProperty('method');
    expect(tx(null)).not.toHaveProperty('method');
  });

  it.each<[string, unknown, unknown]>([
    ['functions and events', { implementation: null, functions: [{ selector: '0x2F2FF15D', signatures: [{ signature: 'grantRole(bytes32,address)', source: 'bundled' }] }, { selector: 'bad', signatures: [] }], events: [{ topic: `0x${'ab'.repeat(32)}`, signatures: [] }] },
      { implementation: null, functions: [{ hash: '0x2f2ff15d', signatures: ['grantRole(bytes32,address)'] }], events: [{ hash: `0x${'ab'.repeat(32)}`, signatures: [] }] }],
    ['another indexer\'s 404 body', { error: 'Not found' }, null],
  ])('functions from bytecode: %s', (_what, raw, expected) => {
    expect(normalizeBytecodeFunctions(raw)).toEqual(expected);
  });
});
