// Which tokens have a logo and at which URL: the presets' bundled logos and the logos admins uploaded (stored by the
// indexer, listed by its GET /token-logos). Pure and small, so server pages and the search box share it.
import type { UploadedLogo } from '../model/types.ts';
import { presetByAddress } from './presets.ts';

/** Hex characters of the content hash put in a logo URL: a new upload is a new URL, so caches never show the old one. */
export const LOGO_VERSION_LENGTH = 16;

/**
 * The logo URL of a token: its uploaded logo (versioned by content), else its bundled preset logo, else null (the
 * initials show). The .png name serves the logo whatever its type.
 */
export function tokenLogoUrl(address: string | null | undefined, uploaded: UploadedLogo | undefined): string | null {
  if (!address) return null;
  const base = `/token-logos/${address.toLowerCase()}.png`;
  if (uploaded) return `${base}?v=${uploaded.hash.slice(0, LOGO_VERSION_LENGTH)}`;
  return presetByAddress(address)?.logo ? base : null;
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
