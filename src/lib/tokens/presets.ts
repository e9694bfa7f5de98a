// The one list of preset tokens (priority 1, with bundled logos). Scanned tokens have priority 2 and
// tokens found by a search priority 3; lists ordered by priority show presets first.
//
// A preset's address is the contract on this network; the devnet's tokens are deterministic (anvil's first account
// deploys them in a fixed order, see data/scenario.json). The spec's named tokens whose contract on this network is not
// known yet have no address: their price still applies by symbol, and their logo is served once an address is set.

/** Geometric mark drawn on a logo's disc. */
export type LogoMark = 'hexagon' | 'tee' | 'ring' | 'triangle' | 'diamond' | 'cross' | 'square';

/** How a bundled logo is drawn: a disc in one colour with a mark in another (hex colours). */
export interface LogoDesign {
  readonly background: string;
  readonly foreground: string;
  readonly mark: LogoMark;
}

/** A token listed before all others, with its bundled logo. */
export interface PresetToken {
  /** Contract address on this network, or null when not deployed here / not known. */
  readonly address: string | null;
  readonly symbol: string;
  readonly name: string;
  readonly logo: LogoDesign;
}

/** Where a token came from, which decides its place in lists. */
export type TokenSource = 'preset' | 'scanned' | 'searched';

/** Priority by source: presets 1, scanned 2, searched 3 (lower first). */
export const TOKEN_PRIORITY: Readonly<Record<TokenSource, 1 | 2 | 3>> = { preset: 1, scanned: 2, searched: 3 };

/** The preset tokens, in display order. */
export const PRESET_TOKENS: readonly PresetToken[] = [
  { address: null, symbol: 'STO', name: 'STO', logo: { background: '#4f46e5', foreground: '#ffffff', mark: 'hexagon' } },
  { address: null, symbol: 'USDT', name: 'Tether USD', logo: { background: '#1a8f6d', foreground: '#ffffff', mark: 'tee' } },
  { address: null, symbol: 'USDC', name: 'USD Coin', logo: { background: '#2369b8', foreground: '#ffffff', mark: 'ring' } },
  { address: null, symbol: '3DC', name: '3DC', logo: { background: '#0f172a', foreground: '#22d3ee', mark: 'triangle' } },
  { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', symbol: 'SGOV', name: 'Sto Governance', logo: { background: '#6d28d9', foreground: '#ffffff', mark: 'diamond' } },
  { address: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512', symbol: 'SUSD', name: 'Sto Dollar', logo: { background: '#047857', foreground: '#ffffff', mark: 'square' } },
  { address: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0', symbol: 'LPT', name: 'Loyalty Points', logo: { background: '#c2410c', foreground: '#ffffff', mark: 'cross' } },
];

const byAddress = new Map(PRESET_TOKENS.flatMap((t) => (t.address ? [[t.address.toLowerCase(), t] as const] : [])));

/** The preset with this contract address (any case), or null. */
export function presetByAddress(address: string | null | undefined): PresetToken | null {
  return address ? (byAddress.get(address.toLowerCase()) ?? null) : null;
}

/** Priority of a token: 1 when it is a preset, else 2 when scanned from the chain or 3 when found by a search. */
export function tokenPriority(address: string, source: Exclude<TokenSource, 'preset'>): 1 | 2 | 3 {
  return presetByAddress(address) ? TOKEN_PRIORITY.preset : TOKEN_PRIORITY[source];
}
