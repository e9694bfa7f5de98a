import { describe, expect, it } from 'vitest';
import { normalizeToken, normalizeTokens } from '../../src/lib/normalize/token.ts';
import { fixtureJson as fixture } from '../upstream-fixtures.ts';

describe('token records', () => {
  it('tokens_0x9fE46736.json: token detail', () => {
    expect(normalizeToken(fixture('tokens_0x9fE46736.json'))).toEqual({
      address: '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0',
      name: 'Seed Token',
      symbol: 'SEED',
      decimals: 18,
      totalSupply: 1_000_000n * 10n ** 18n,
      type: 'ERC20',
      price: null,
      priceChange: null,
      volume: null,
      marketCap: null,
      holders: 6,
      transfers: 6,
      logoUrl: null,
      creatorAddress: null,
      ownerAddress: null,
      verified: null,
    });
  });

  it.each([
    [{ verified: true }, true],
    [{ isVerified: false }, false],
    [{ verified: 'yes' }, null],
    [{}, null],
  ])('verified flag of %j is %s', (extra, verified) => {
    expect(normalizeToken({ address: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0', ...extra })?.verified).toBe(verified);
  });

  it('tokens.json: the list, NFTs with null decimals default to 18', () => {
    const tokens = normalizeTokens(fixture('tokens.json'));
    expect(tokens).toHaveLength(4);
    expect(tokens[0]).toMatchObject({ symbol: 'SITEM', type: 'ERC1155', decimals: 18, totalSupply: null, holders: null });
    expect(tokens[0]?.creatorAddress).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
  });

  it('tokens__type=ERC20.json: decimals and supply', () => {
    const tokens = normalizeTokens(fixture('tokens__type=ERC20.json'));
    expect(tokens.map((t) => [t.symbol, t.decimals])).toContainEqual(['TUSD', 6]);
  });

  it('tokens_0x00000000.json ({error}) is no token', () => {
    expect(normalizeToken(fixture('tokens_0x00000000.json'))).toBeNull();
  });

  it('market figures, logo and defaults (bundled indexer)', () => {
    expect(
      normalizeToken({
        address: '0x71C95911E9a5D330f4D621842EC243EE1343292e',
        decimals: '6',
        price: '1.00',
        priceChange: -2.5,
        volume: '1200',
        marketCap: 5000000,
        holderCount: '3',
        logoUrl: '/token-logos/0x71C95911E9a5D330f4D621842EC243EE1343292e.png',
      }),
    ).toMatchObject({
      name: 'Unknown Token',
      symbol: 'TOKEN',
      decimals: 6,
      price: 1,
      priceChange: -2.5,
      volume: 1200,
      marketCap: 5_000_000,
      holders: 3,
      logoUrl: '/token-logos/0x71C95911E9a5D330f4D621842EC243EE1343292e.png',
    });
  });

  it('an unsafe logo URL is dropped', () => {
    expect(normalizeToken({ address: '0x71C95911E9a5D330f4D621842EC243EE1343292e', logoUrl: 'javascript:alert(1)' })?.logoUrl).toBeNull();
  });
});
