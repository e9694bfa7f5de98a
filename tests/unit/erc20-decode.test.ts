import { describe, expect, it } from 'vitest';
import { decodeErc20Call, erc20FunctionName, inputSelector } from '../../src/lib/transactions/erc20-decode.ts';

const WORD = '0'.repeat(64);

describe('decodeErc20Call: the eight standard ERC-20 selectors decoded locally', () => {
  it.each([
    ['095ea7b3', 'approve', 'approve(address,uint256)'],
    ['a9059cbb', 'transfer', 'transfer(address,uint256)'],
    ['23b872dd', 'transferFrom', 'transferFrom(address,address,uint256)'],
    ['70a08231', 'balanceOf', 'balanceOf(address)'],
    ['18160ddd', 'totalSupply', 'totalSupply()'],
    ['40c10f19', 'mint', 'mint(address,uint256)'],
    ['42966c68', 'burn', 'burn(uint256)'],
    ['94562944', 'withdraw', 'withdraw(...)'],
  ])('0x%s → %s', (selector, functionName, functionSignature) => {
    const decoded = decodeErc20Call(`0x${selector}${WORD}${WORD}`);
    expect(decoded).toMatchObject({ functionName, functionSignature });
    expect(decoded?.description).toMatch(/\w/);
    expect(erc20FunctionName(`0x${selector}`)).toBe(functionName);
  });

  it('decodes approve parameters (spender, amount)', () => {
    const input = `0x095ea7b3${'00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8'}${'00000000000000000000000000000000000000000000003635c9adc5dea00000'}`;
    expect(decodeErc20Call(input)?.params).toEqual([
      { name: 'spender', type: 'address', value: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
      { name: 'amount', type: 'uint256', value: '1000000000000000000000' },
    ]);
  });

  it('leaves approve parameters empty when its data is truncated', () => {
    expect(decodeErc20Call('0x095ea7b3')?.params).toEqual([]);
  });

  it('does not decode the parameters of the other functions', () => {
    const input =
      '0xa9059cbb00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c800000000000000000000000000000000000000000000003635c9adc5dea00000';
    expect(decodeErc20Call(input)?.params).toEqual([]);
  });

  it('matches selectors case-insensitively', () => {
    expect(decodeErc20Call('0xA9059CBB')?.functionName).toBe('transfer');
  });

  it.each([['0x'], [''], [null], [undefined], ['0xdeadbeef'], ['0x2e1a7d4d' + WORD], ['0x1234']])('%s → null', (input) => {
    expect(decodeErc20Call(input)).toBeNull();
  });
});

describe('inputSelector', () => {
  it.each([
    ['0xdeadbeef00', '0xdeadbeef'],
    ['0xDEADBEEF', '0xdeadbeef'],
    ['0xa9059cbb', '0xa9059cbb'],
    ['0x', null],
    ['', null],
    [null, null],
    ['0x1234567', null],
    ['0xzzzzzzzz', null],
    ['deadbeef', null],
  ])('%s → %s', (input, expected) => {
    expect(inputSelector(input)).toBe(expected);
  });

  it('gives the unknown selector when decoding fails', () => {
    expect(decodeErc20Call('0xcafebabe00')).toBeNull();
    expect(inputSelector('0xcafebabe00')).toBe('0xcafebabe');
  });
});
