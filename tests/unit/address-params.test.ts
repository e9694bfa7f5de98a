import { describe, expect, it } from 'vitest';
import {
  parseHolderOrder,
  parseHoldingsQuery,
  parseTab,
  resolveTab,
  visibleTabs,
  type AddressTab,
  type TabFacts,
} from '../../src/lib/address/params.ts';
import { isWellFormedAddress } from '../../src/lib/url/params.ts';

describe('isWellFormedAddress (0x + 40 hex, any case)', () => {
  it.each([
    ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', true],
    ['0x70997970c51812dc3a010c7d01b50e0d17dc79c8', true],
    ['0X70997970c51812dc3a010c7d01b50e0d17dc79c8', false],
    ['70997970c51812dc3a010c7d01b50e0d17dc79c8', false],
    ['0x70997970c51812dc3a010c7d01b50e0d17dc79c', false],
    ['0x70997970c51812dc3a010c7d01b50e0d17dc79c80', false],
    ['0x70997970c51812dc3a010c7d01b50e0d17dc79cg', false],
    [' 0x70997970c51812dc3a010c7d01b50e0d17dc79c8', false],
    ['0xnothex', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (input, expected) => {
    expect(isWellFormedAddress(input)).toBe(expected);
  });
});

describe('parseTab', () => {
  it.each([
    [null, 'transactions'],
    ['', 'transactions'],
    ['transactions', 'transactions'],
    ['token-transfers', 'token-transfers'],
    ['internal-transactions', 'internal-transactions'],
    ['approvals', 'approvals'],
    ['nfts', 'nfts'],
    ['contract', 'contract'],
    ['holders', 'holders'],
    ['HOLDERS', 'transactions'],
    ['<script>', 'transactions'],
    ['constructor', 'transactions'],
  ])('%s → %s', (input, expected) => {
    expect(parseTab(input)).toBe(expected);
  });
});

const wallet: TabFacts = { type: 'wallet', contractType: 'none', nftCount: 0 };
const nftWallet: TabFacts = { type: 'wallet', contractType: 'none', nftCount: 6 };
const erc20: TabFacts = { type: 'contract', contractType: 'ERC20', nftCount: 0 };
const erc721: TabFacts = { type: 'contract', contractType: 'ERC721', nftCount: null };
const plain: TabFacts = { type: 'contract', contractType: 'none', nftCount: 0 };
const unknown: TabFacts = { type: 'unknown', contractType: 'none', nftCount: null };

describe('visibleTabs', () => {
  it.each<[string, TabFacts, AddressTab[]]>([
    ['wallet without NFTs', wallet, ['transactions', 'internal-transactions', 'token-transfers', 'approvals']],
    ['wallet with NFTs', nftWallet, ['transactions', 'internal-transactions', 'token-transfers', 'nfts', 'approvals']],
    ['ERC-20 contract', erc20, ['transactions', 'internal-transactions', 'token-transfers', 'approvals', 'contract', 'holders']],
    ['ERC-721 contract', erc721, ['transactions', 'internal-transactions', 'token-transfers', 'approvals', 'contract']],
    ['standard contract', plain, ['transactions', 'internal-transactions', 'token-transfers', 'approvals', 'contract']],
    ['unknown type', unknown, ['transactions', 'internal-transactions', 'token-transfers', 'approvals']],
  ])('%s', (_name, facts, expected) => {
    expect(visibleTabs(facts)).toEqual(expected);
  });
});

describe('resolveTab', () => {
  it.each<[AddressTab, TabFacts, AddressTab]>([
    ['contract', wallet, 'transactions'],
    ['contract', unknown, 'transactions'],
    ['contract', plain, 'contract'],
    ['holders', plain, 'holders'],
    ['holders', wallet, 'holders'],
    ['nfts', wallet, 'nfts'],
    ['token-transfers', erc20, 'token-transfers'],
  ])('%s on %j → %s', (requested, facts, expected) => {
    expect(resolveTab(requested, facts)).toBe(expected);
  });
});

describe('parseHolderOrder', () => {
  it.each([
    ['asc', 'asc'],
    ['desc', 'desc'],
    [null, 'desc'],
    ['ASC', 'desc'],
    ['garbage', 'desc'],
  ])('%s → %s', (input, expected) => {
    expect(parseHolderOrder(input)).toBe(expected);
  });
});

describe('parseHoldingsQuery', () => {
  it.each([
    [null, ''],
    ['  sgov  ', 'sgov'],
    ['x'.repeat(150), 'x'.repeat(100)],
  ])('%s → %s', (input, expected) => {
    expect(parseHoldingsQuery(input)).toBe(expected);
  });
});
