import { id, toBeHex } from 'ethers';
import { describe, expect, it } from 'vitest';
import { addressInWord, EIP1822_SLOT, EIP1967_BEACON_SLOT, EIP1967_IMPLEMENTATION_SLOT, minimalProxyTarget } from '../../indexer/src/verify/proxy.ts';

describe('proxy slots are the standards’ own', () => {
  it.each([
    ['EIP-1967 implementation', EIP1967_IMPLEMENTATION_SLOT, toBeHex(BigInt(id('eip1967.proxy.implementation')) - 1n, 32)],
    ['EIP-1967 beacon', EIP1967_BEACON_SLOT, toBeHex(BigInt(id('eip1967.proxy.beacon')) - 1n, 32)],
    ['EIP-1822 PROXIABLE', EIP1822_SLOT, id('PROXIABLE')],
  ])('%s', (_name, slot, expected) => expect(slot).toBe(expected));
});

describe('reading proxies', () => {
  const impl = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
  it.each([
    [`0x363d3d373d3d3d363d73${impl.slice(2)}5af43d82803e903d91602b57fd5bf3`, impl],
    [`363d3d373d3d3d363d73${impl.slice(2).toUpperCase()}5af43d82803e903d91602b57fd5bf3`, impl],
    [`0x363d3d373d3d3d363d73${impl.slice(2)}5af43d82803e903d91602b57fd5bf300`, null],
    ['0x6080604052', null],
  ])('minimal proxy %s → %s', (code, target) => expect(minimalProxyTarget(code)).toBe(target));

  it.each([
    [`0x000000000000000000000000${impl.slice(2)}`, impl],
    ['0x0000000000000000000000000000000000000000000000000000000000000000', null],
    ['0x', null],
    [null, null],
  ])('storage word %s → %s', (word, address) => expect(addressInWord(word)).toBe(address));
});
