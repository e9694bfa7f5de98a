import { describe, expect, it } from 'vitest';
import { addressBadge, addressTypeText, contractTypeLabel, holderRank, showCreator, transferDirection } from '../../src/lib/address/view.ts';
import { tokenInitials } from '../../src/lib/tokens/logo-url.ts';
import { DEFAULT_IPFS_GATEWAY as IPFS_GATEWAY, nftImageSrc } from '../../src/lib/nfts/image.ts';
import type { AddressType, ContractType } from '../../src/lib/model/types.ts';

const ME = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const OTHER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('contractTypeLabel', () => {
  it.each<[ContractType, string]>([
    ['ERC20', 'ERC20 Token Contract'],
    ['ERC721', 'ERC721 NFT Contract'],
    ['ERC1155', 'ERC1155 Multi-Token Contract'],
    ['none', 'Standard Contract'],
  ])('%s → %s', (type, expected) => {
    expect(contractTypeLabel(type)).toBe(expected);
  });
});

describe('addressBadge and type text', () => {
  it.each<[AddressType, ContractType, string, string]>([
    ['contract', 'ERC20', 'Contract (ERC20)', 'Contract'],
    ['contract', 'ERC721', 'Contract (ERC721)', 'Contract'],
    ['contract', 'ERC1155', 'Contract (ERC1155)', 'Contract'],
    ['contract', 'none', 'Contract', 'Contract'],
    ['wallet', 'none', 'Wallet', 'Wallet'],
    ['unknown', 'none', 'Unknown', 'Unknown'],
  ])('%s/%s → %s', (type, contractType, badge, text) => {
    expect(addressBadge(type, contractType)).toBe(badge);
    expect(addressTypeText(type)).toBe(text);
  });
});

describe('showCreator: only when it differs from the owner', () => {
  it.each([
    [OTHER, ME, true],
    [OTHER, OTHER.toLowerCase(), false],
    [OTHER, null, true],
    [null, ME, false],
    [null, null, false],
  ])('creator %s, owner %s → %s', (creator, owner, expected) => {
    expect(showCreator(creator, owner)).toBe(expected);
  });
});

describe('transferDirection relative to the viewed address', () => {
  it.each([
    [{ from: OTHER, to: ME }, ME, 'IN'],
    [{ from: OTHER, to: ME.toLowerCase() }, ME, 'IN'],
    [{ from: ME, to: OTHER }, ME, 'OUT'],
    [{ from: ME.toLowerCase(), to: OTHER }, ME, 'OUT'],
  ])('%j seen from %s → %s', (transfer, viewed, expected) => {
    expect(transferDirection(transfer, viewed)).toBe(expected);
  });
});

describe('holderRank', () => {
  it.each([
    [0, 0, 'desc', 93, 1],
    [49, 0, 'desc', 93, 50],
    [0, 50, 'desc', 93, 51],
    [0, 0, 'asc', 93, 93],
    [49, 0, 'asc', 93, 44],
    [0, 50, 'asc', 93, 43],
    [42, 50, 'asc', 93, 1],
  ] as const)('index %i offset %i %s of %i → %i', (index, offset, order, total, expected) => {
    expect(holderRank(index, offset, order, total)).toBe(expected);
  });
});

describe('tokenInitials: first two letters of symbol or name, else T; ? without a token', () => {
  it.each([
    ['SGOV', 'Sto Governance', 'SG'],
    ['lpt', 'Loyalty Points', 'LP'],
    ['<img src=x onerror=alert(1)>', '<script>', 'IM'],
    ['\u202eDSU', 'Tether USD', 'DS'],
    ['$', 'Sto Dollar', 'ST'],
    ['$', '!!', 'T'],
    ['', '', 'T'],
    [null, null, '?'],
    ['3DC', null, '3D'],
  ])('%j / %j → %s', (symbol, name, expected) => {
    expect(tokenInitials(symbol, name)).toBe(expected);
  });
});

describe('nftImageSrc: only http(s), ipfs via the gateway, data:image', () => {
  it.each([
    ['https://example.com/a.png', 'https://example.com/a.png'],
    ['http://example.com/a.png', 'http://example.com/a.png'],
    ['ipfs://QmHash/1.png', `${IPFS_GATEWAY}QmHash/1.png`],
    ['ipfs://ipfs/QmHash', `${IPFS_GATEWAY}QmHash`],
    ['data:image/svg+xml;base64,PHN2Zz4=', 'data:image/svg+xml;base64,PHN2Zz4='],
    ['data:image/png,abc', 'data:image/png,abc'],
    ['javascript:alert(1)', null],
    ['JaVaScRiPt:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['//evil.example/x.png', null],
    ['/token-logos/x.png', null],
    ['https://a b', null],
    ['', null],
    [null, null],
  ])('%s → %s', (input, expected) => {
    expect(nftImageSrc(input)).toBe(expected);
  });
});
