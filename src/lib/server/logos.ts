// Token logos: served at /token-logos/{address}.png: a logo an admin uploaded (stored by the
// indexer), else a preset's bundled logo, drawn here. Which tokens have one is decided in logo-url.ts.
import { uploadedLogo } from '../tokens/logo-index.ts';
import { drawLogo, LOGO_PIXELS } from '../tokens/logo-art.ts';
import { tokenLogoUrl } from '../tokens/logo-url.ts';
import { encodePng } from './png.ts';
import { presetByAddress } from '../tokens/presets.ts';

/** Headers of every answer of the logo route: nothing in it may run, and browsers must not guess another type. */
export const LOGO_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'X-Content-Type-Options': 'nosniff',
};

/** Bundled logos change only with a deployment: browsers may keep them a day. */
export const LOGO_CACHE_CONTROL = 'public, max-age=86400';
/** An uploaded logo asked for by its content version never changes. */
export const VERSIONED_LOGO_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** An uploaded logo asked for without its version may be replaced: browsers revalidate it after 5 minutes. */
export const UPLOADED_LOGO_CACHE_CONTROL = 'public, max-age=300';

/** The logo URL of a token that has one (uploaded or bundled), else null: pages only ask for logos that exist. */
export function tokenLogoPath(address: string): string | null {
  return tokenLogoUrl(address, uploadedLogo(address));
}

/** The address and form ('png' or 'svg') named by a logo file name ('0xabc….png', any case); null for anything else. */
export function parseLogoFileName(file: string | undefined): { address: string; form: 'png' | 'svg' } | null {
  const m = /^(0x[0-9a-fA-F]{40})\.(png|svg)$/.exec(file ?? '');
  return m ? { address: (m[1] as string).toLowerCase(), form: m[2] as 'png' | 'svg' } : null;
}

/** Whether a token has a logo to show. */
export function hasTokenLogo(address: string | null | undefined): boolean {
  return address ? tokenLogoPath(address) !== null : false;
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
