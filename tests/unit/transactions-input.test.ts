import { describe, expect, it } from 'vitest';
import {
  callPanel,
  hasInputData,
  inputAsUtf8,
  inputByteCount,
  isAddressParam,
  parseInputView,
  showsByteCount,
} from '../../src/lib/transactions/input-data.ts';
import type { DecodedCall } from '../../src/lib/model/types.ts';

const hexOf = (text: string) => `0x${Buffer.from(text, 'utf8').toString('hex')}`;
const CONTRACT = '0x0165878A594ca255338adfa4d48449f69242Eb8F';

describe('parseInputView: ?view=utf8 shows text, anything else hex', () => {
  it.each<[string | null, string]>([
    ['utf8', 'utf8'],
    ['hex', 'hex'],
    [null, 'hex'],
    ['UTF8', 'hex'],
    ['<script>', 'hex'],
  ])('%s → %s', (value, view) => expect(parseInputView(value)).toBe(view));
});

describe('byte count: shown only when the hex is longer than 10 characters', () => {
  it.each<[string, boolean, number, boolean]>([
    ['0x', false, 0, false],
    ['', false, 0, false],
    ['0xa9cc4718', true, 4, false],
    ['0xa9cc471800', true, 5, true],
    [hexOf('gm from the STO devnet'), true, 22, true],
    ['0xabc', true, 1, false],
  ])('%s: input %s, %s bytes, count shown %s', (input, present, bytes, shown) => {
    expect(hasInputData(input)).toBe(present);
    expect(inputByteCount(input)).toBe(bytes);
    expect(showsByteCount(input)).toBe(shown);
  });
});

describe('inputAsUtf8: hostile input is text, invalid bytes replaced', () => {
  it.each<[string, string, string]>([
    ['plain text', hexOf('gm from the STO devnet'), 'gm from the STO devnet'],
    ['markup stays text', hexOf('<script>alert(1)</script>'), '<script>alert(1)</script>'],
    ['invalid bytes become U+FFFD', '0x41ff42c3', 'A\uFFFDB\uFFFD'],
    ['multi-byte characters', hexOf('Grüße ✓'), 'Grüße ✓'],
    ['NUL and controls become Control Pictures', '0x0041011b7f', '\u2400A\u2401\u241B\u2421'],
    ['tab and newlines stay', '0x410a0942', 'A\n\tB'],
    ['odd trailing nibble is dropped', '0x414', 'A'],
    ['empty', '0x', ''],
  ])('%s', (_name, input, text) => expect(inputAsUtf8(input)).toBe(text));
});

describe('callPanel: indexer decoding, local ERC-20 decoding, fallbacks', () => {
  const indexerCall: DecodedCall = { functionName: 'transfer', functionSignature: 'transfer(address,uint256)', description: 'x', params: [] };
  const approve = `0x095ea7b3${'0'.repeat(24)}${'ab'.repeat(20)}${(5n).toString(16).padStart(64, '0')}`;

  it('no input → empty', () => {
    expect(callPanel({ to: CONTRACT, input: '0x' }, null)).toEqual({ kind: 'empty' });
  });
  it('the indexer\'s decoding wins', () => {
    expect(callPanel({ to: CONTRACT, input: '0xa9059cbb' }, indexerCall)).toEqual({ kind: 'decoded', call: indexerCall, source: 'indexer', others: [] });
  });
  it.each<[string, string, string, number]>([
    ['approve with params', approve, 'approve', 2],
    ['withdraw (0x94562944)', '0x94562944', 'withdraw', 0],
    ['totalSupply', '0x18160ddd', 'totalSupply', 0],
  ])('local ERC-20 decoding: %s', (_name, input, name, params) => {
    const panel = callPanel({ to: CONTRACT, input }, null);
    expect(panel.kind).toBe('decoded');
    if (panel.kind !== 'decoded') return;
    expect(panel.source).toBe('local');
    expect(panel.call.functionName).toBe(name);
    expect(panel.call.params).toHaveLength(params);
  });
  it('approve\'s spender is an address parameter', () => {
    const panel = callPanel({ to: CONTRACT, input: approve }, null);
    expect(panel.kind === 'decoded' && panel.call.params[0]).toMatchObject({ name: 'spender', type: 'address', value: '0xABaBaBaBABabABabAbAbABAbABabababaBaBABaB' });
  });
  it('unknown selector → selector and the contract to link', () => {
    expect(callPanel({ to: CONTRACT, input: '0x552410770000' }, null)).toEqual({ kind: 'undecoded', selector: '0x55241077', contract: CONTRACT, guess: null });
  });
  it('deployment → contract creation notice with the first 4 bytes', () => {
    expect(callPanel({ to: null, input: '0x60a0604052348015' }, indexerCall)).toEqual({ kind: 'creation', selector: '0x60a06040' });
  });
  it('input shorter than a selector → no selector', () => {
    expect(callPanel({ to: CONTRACT, input: '0xabcd' }, null)).toEqual({ kind: 'undecoded', selector: null, contract: CONTRACT, guess: null });
  });
});

describe('isAddressParam: only address-typed single addresses link', () => {
  it.each<[string, string, boolean]>([
    ['address', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', true],
    ['address', 'not an address', false],
    ['address[]', '["0x70997970C51812dc3A010C7d01b50e0d17dc79C8"]', false],
    ['uint256', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', false],
  ])('%s %s → %s', (type, value, expected) => expect(isAddressParam({ type, value })).toBe(expected));
});
