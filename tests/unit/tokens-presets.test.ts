import { getCreateAddress } from 'ethers';
import { describe, expect, it } from 'vitest';
import { devWallets } from '../../devnet/accounts.ts';
import { MAIN_TOKENS } from '../../devnet/scenario/deployments.ts';
import { PRESET_TOKENS, TOKEN_PRIORITY, presetByAddress, tokenPriority } from '../../src/lib/tokens/presets.ts';

// The devnet deploys its tokens deterministically: anvil's first account sends the main ERC-20s first, in MAIN_TOKENS
// order, so their addresses follow from the deployer and its nonces 0, 1, 2. Worked out here from the devnet's own
// source rather than read from data/scenario.json, which only exists after a devnet has run (and is not committed).
const deployer = devWallets()[0]?.address ?? '';
const devnetTokens = MAIN_TOKENS.map((t, nonce) => ({ symbol: t.symbol, name: t.name, address: getCreateAddress({ from: deployer, nonce }) }));

describe('preset tokens', () => {
  it("include the spec's named tokens and the devnet's tokens", () => {
    expect(PRESET_TOKENS.map((t) => t.symbol)).toEqual(expect.arrayContaining(['STO', 'USDT', 'USDC', '3DC', 'SGOV', 'SUSD', 'LPT']));
  });
  it.each(devnetTokens.map((t) => [t.symbol, t.address, t.name]))('%s is listed at its devnet address %s', (symbol, address, name) => {
    expect(presetByAddress(address)).toMatchObject({ symbol, name });
    expect(presetByAddress(address.toLowerCase())?.symbol).toBe(symbol);
  });
  it('each has a bundled logo design with valid colours', () => {
    for (const t of PRESET_TOKENS) {
      expect(t.logo.background).toMatch(/^#[0-9a-f]{6}$/i);
      expect(t.logo.foreground).toMatch(/^#[0-9a-f]{6}$/i);
    }
  });
  it('addresses are well formed and unique', () => {
    const addresses = PRESET_TOKENS.flatMap((t) => (t.address ? [t.address.toLowerCase()] : []));
    for (const a of addresses) expect(a).toMatch(/^0x[0-9a-f]{40}$/);
    expect(new Set(addresses).size).toBe(addresses.length);
  });
});

describe('priorities: presets 1, scanned 2, searched 3', () => {
  it('are the spec numbers', () => {
    expect(TOKEN_PRIORITY).toEqual({ preset: 1, scanned: 2, searched: 3 });
  });
  it.each<[string, 'scanned' | 'searched', number]>([
    ['0x5FbDB2315678afecb367f032d93F642f64180aa3', 'scanned', 1],
    ['0x5fbdb2315678afecb367f032d93f642f64180aa3', 'searched', 1],
    ['0x0000000000000000000000000000000000000001', 'scanned', 2],
    ['0x0000000000000000000000000000000000000001', 'searched', 3],
  ])('%s found by %s → %s', (address, source, expected) => {
    expect(tokenPriority(address, source)).toBe(expected);
  });
});
