// Token logos (spec tokens §4, §7): served at /token-logos/{address}.png. Today the only logos are the presets' bundled
// ones, drawn here; this module is the one place that knows whether a token has a logo.
import { drawLogo, LOGO_PIXELS } from './logo-art.ts';
import { encodePng } from './png.ts';
import { presetByAddress } from './presets.ts';

/** Headers of every answer of the logo route: nothing in it may run, and browsers must not guess another type. */
export const LOGO_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  'X-Content-Type-Options': 'nosniff',
};

/** Logos change only with a deployment (or, later, an upload): browsers may keep them a day. */
export const LOGO_CACHE_CONTROL = 'public, max-age=86400';

/** The logo URL of a token address. */
export function tokenLogoPath(address: string): string {
  return `/token-logos/${address.toLowerCase()}.png`;
}

/** The address named by a logo file name ('0xabc….png', any case), lowercased; null for anything else. */
export function parseLogoFileName(file: string | undefined): string | null {
  const m = /^(0x[0-9a-fA-F]{40})\.png$/.exec(file ?? '');
  return m?.[1]?.toLowerCase() ?? null;
}

/** Whether a token has a logo to show (so pages only ask for logos that exist). */
export function hasTokenLogo(address: string | null | undefined): boolean {
  return presetByAddress(address)?.logo !== undefined;
}

const drawn = new Map<string, Buffer>();

/** PNG bytes of a token's logo, or null when it has none. */
export function tokenLogoPng(address: string): Buffer | null {
  const preset = presetByAddress(address);
  if (!preset) return null;
  const key = address.toLowerCase();
  let png = drawn.get(key);
  if (!png) {
    png = encodePng(LOGO_PIXELS, LOGO_PIXELS, drawLogo(preset.logo));
    drawn.set(key, png);
  }
  return png;
}

/**
 * Initials of a token without a logo: the first two letters or digits of the symbol, else of the name, uppercased;
 * 'T' when neither has any; '?' when there is no token. Markup and control characters never reach the badge.
 */
export function tokenInitials(symbol: string | null | undefined, name?: string | null): string {
  if (symbol === null && (name === null || name === undefined)) return '?';
  for (const text of [symbol, name]) {
    const letters = (text ?? '').match(/[\p{L}\p{N}]/gu);
    if (letters && letters.length > 0) return letters.slice(0, 2).join('').toUpperCase();
  }
  return 'T';
}
