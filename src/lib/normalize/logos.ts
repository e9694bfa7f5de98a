// The logos admins uploaded, as the indexer's GET /token-logos lists them (which tokens have one and at which URL is
// src/lib/tokens/logo-url.ts).
import type { UploadedLogo } from '../model/types.ts';

/** The uploaded logos of a GET /token-logos answer ({logos: [...]}); entries that are not well-formed are left out. */
export function normalizeLogoList(raw: unknown): UploadedLogo[] {
  const list = (raw as { logos?: unknown } | null)?.logos;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: unknown) => {
    const e = entry as { address?: unknown; type?: unknown; hash?: unknown } | null;
    const ok =
      typeof e?.address === 'string' && /^0x[0-9a-fA-F]{40}$/.test(e.address) &&
      (e.type === 'png' || e.type === 'svg') &&
      typeof e.hash === 'string' && /^[0-9a-f]{64}$/.test(e.hash);
    return ok ? [{ address: (e.address as string).toLowerCase(), type: e.type as 'png' | 'svg', hash: e.hash as string }] : [];
  });
}
