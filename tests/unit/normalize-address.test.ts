import { describe, expect, it } from 'vitest';
import {
  composeAddressData,
  normalizeAccountBalances,
  normalizeAddressSummary,
  normalizeAddressType,
  normalizeTokenBalance,
  normalizeTokenBalances,
  toContractType,
  unknownAddressType,
} from '../../src/lib/normalize/address.ts';
import { normalizeContractDetails } from '../../src/lib/normalize/contract.ts';
import { fixtureJson as fixture } from '../upstream-fixtures.ts';

const A0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('address type', () => {
  it.each([
    ['address_0xf39Fd6e5_type.json', A0, 'wallet', 'none'],
    ['address_0x9fE46736_type.json', '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0', 'contract', 'ERC20'],
    ['address_0x0165878A_type.json', '0x0165878A594ca255338adfa4d48449f69242Eb8F', 'contract', 'ERC721'],
    ['address_0xB7f8BC63_type.json', '0xB7f8BC63BbcaD18155201308C8f3540b07f84F5e', 'contract', 'ERC1155'],
  ])('%s', (name, address, type, contractType) => {
    expect(normalizeAddressType(fixture(name), address)).toEqual({ address, type, contractType });
  });

  it.each([
    ['an error body', { error: 'boom' }],
    ['text', 'nope'],
    ['null', null],
  ])('%s gives unknown', (_name, raw) => {
    expect(normalizeAddressType(raw, A0)).toEqual(unknownAddressType(A0));
    expect(unknownAddressType(A0)).toEqual({ address: A0, type: 'unknown', contractType: 'none' });
  });

  it('a contract type without a type means contract; a wallet never has a contract type', () => {
    expect(normalizeAddressType({ contractType: 'erc-721' }, A0).type).toBe('contract');
    expect(normalizeAddressType({ type: 'eoa', contractType: 'ERC20' }, A0)).toEqual({ address: A0, type: 'wallet', contractType: 'none' });
  });

  it.each([
    ['ERC20', 'ERC20'],
    ['erc-20', 'ERC20'],
    ['ERC721', 'ERC721'],
    ['ERC-1155', 'ERC1155'],
    ['proxy', 'none'],
    [null, 'none'],
  ])('contract type %j → %s', (raw, expected) => {
    expect(toContractType(raw)).toBe(expected);
  });
});

describe('account balances', () => {
  it('account_0xf39Fd6e5_balances.json: native is a float in ether', () => {
    const balances = normalizeAccountBalances(fixture('account_0xf39Fd6e5_balances.json'));
    expect(balances?.native).toBe(9_998_245_320_884_977_000_000n);
    expect(balances?.tokens).toHaveLength(4);
    expect(balances?.tokens[1]).toEqual({
      contractAddress: '0x71c95911e9a5d330f4d621842ec243ee1343292e',
      symbol: 'TUSD',
      name: 'Test USD',
      decimals: 6,
      rawBalance: 1_234_560_000n,
      balance: '1234.56',
      type: 'ERC20',
    });
    expect(balances?.tokens[2]).toMatchObject({ symbol: 'SITEM', rawBalance: 7n, type: 'ERC1155' });
  });

  it('account_0x00000000_balances.json: an unused address', () => {
    expect(normalizeAccountBalances(fixture('account_0x00000000_balances.json'))).toEqual({ native: 0n, tokens: [] });
  });

  it.each([
    ['wei decimal string', '1500000000000000000', 1_500_000_000_000_000_000n],
    ['ether float', 1.5, 1_500_000_000_000_000_000n],
    ['ether string with a fraction', '1.5', 1_500_000_000_000_000_000n],
    ['BigNumber', { type: 'BigNumber', hex: '0x0de0b6b3a7640000' }, 1_000_000_000_000_000_000n],
    ['missing', undefined, 0n],
  ])('native as %s', (_name, native, expected) => {
    expect(normalizeAccountBalances({ native, tokens: [] })?.native).toBe(expected);
  });

  it('bundled indexer: nativeWei wins over the formatted native', () => {
    expect(normalizeAccountBalances({ native: '1000.0', nativeWei: '1000000000000000000000', tokens: [] })?.native).toBe(1_000n * 10n ** 18n);
  });

  it('address_0xf39Fd6e5_tokens.json: holdings use rawBalance', () => {
    const tokens = normalizeTokenBalances(fixture('address_0xf39Fd6e5_tokens.json'));
    expect(tokens.map((t) => t.balance)).toEqual(['998749.5', '1234.56', '0.000000000000000007', '0.000000000000000006']);
  });

  it('a holding without rawBalance reads an integer balance as raw units and a number as whole units', () => {
    expect(normalizeTokenBalance({ contractAddress: A0, balance: '2500000', decimals: 6 })?.balance).toBe('2.5');
    expect(normalizeTokenBalance({ contractAddress: A0, balance: 2.5, decimals: 6 })?.rawBalance).toBe(2_500_000n);
    expect(normalizeTokenBalance({ contractAddress: A0 })).toMatchObject({ symbol: 'TOKEN', name: 'Unknown Token', decimals: 18, rawBalance: 0n });
    expect(normalizeTokenBalance({ symbol: 'X' })).toBeNull();
  });
});

describe('address summary (bundled indexer)', () => {
  it('reads counts, balance, owner, creator and token info', () => {
    expect(
      normalizeAddressSummary(
        {
          address: '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0',
          type: 'contract',
          contractType: 'ERC20',
          balance: '0',
          balanceFormatted: '0.0',
          transactionCount: 7,
          tokenCount: 0,
          nftCount: 0,
          creatorAddress: A0,
          ownerAddress: A0,
          tokenInfo: { name: 'Seed Token', symbol: 'SEED', decimals: 18, totalSupply: '1000', holders: 6 },
        },
        '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0',
      ),
    ).toMatchObject({
      type: 'contract',
      contractType: 'ERC20',
      balance: 0n,
      tokens: [],
      transactionCount: 7,
      tokenCount: 0,
      nftCount: 0,
      creatorAddress: A0,
      ownerAddress: A0,
      tokenInfo: { address: '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0', name: 'Seed Token', symbol: 'SEED', type: 'ERC20', totalSupply: 1000n, holders: 6 },
    });
  });

  it('a wallet has no token info; an error body is no summary', () => {
    expect(normalizeAddressSummary({ address: A0, type: 'wallet', balance: '5', tokenInfo: null }, A0)).toMatchObject({ type: 'wallet', balance: 5n, tokenInfo: null, transactionCount: null });
    expect(normalizeAddressSummary({ error: 'Invalid address' }, A0)).toBeNull();
  });
});

describe('composeAddressData', () => {
  it('joins type, balances and contract details', () => {
    const balances = normalizeAccountBalances(fixture('account_0xf39Fd6e5_balances.json'));
    const contract = normalizeContractDetails(fixture('contracts_0x9fE46736.json'));
    const data = composeAddressData({ address: A0, type: 'contract', contractType: 'ERC20' }, balances, contract, null);
    expect(data.balance).toBe(9_998_245_320_884_977_000_000n);
    expect(data.tokens).toHaveLength(4);
    expect(data.ownerAddress).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
    expect(data.creatorAddress).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
    expect(data.tokenInfo).toBeNull();
  });

  it('missing parts stay empty', () => {
    expect(composeAddressData(unknownAddressType(A0), null, null, null)).toEqual({
      address: A0,
      type: 'unknown',
      contractType: 'none',
      balance: null,
      tokens: [],
      tokenInfo: null,
      ownerAddress: null,
      creatorAddress: null,
    });
  });
});
