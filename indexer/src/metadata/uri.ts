import { DEFAULT_IPFS_GATEWAY } from '../../../common/ipfs.ts';

export { DEFAULT_IPFS_GATEWAY };

/** Where metadata lives: inline bytes of a data: URI, or an http(s) URL to fetch. */
export type MetadataSource = { kind: 'inline'; bytes: Buffer; mime: string } | { kind: 'http'; url: string };

/** ERC-1155 {id} substitution: the id as 64 lowercase hex digits, without 0x. */
export function substituteId(uri: string, tokenId: bigint): string {
  return uri.replaceAll('{id}', tokenId.toString(16).padStart(64, '0'));
}

/** Rewrites ipfs://CID/path (and ipfs://ipfs/CID) to an HTTP gateway URL. */
export function ipfsToHttp(uri: string, gateway: string): string {
  const base = gateway.endsWith('/') ? gateway : gateway + '/';
  const path = uri.replace(/^ipfs:\/\//i, '').replace(/^ipfs\//i, '');
  return base + path;
}

/**
 * Decodes a data: URI (base64 or percent-encoded). Returns null when it is not one or is malformed.
 */
export function parseDataUri(uri: string, maxBytes: number): { bytes: Buffer; mime: string } | null {
  const m = /^data:([^,]*?),(.*)$/s.exec(uri);
  if (!m) return null;
  const meta = (m[1] ?? '').split(';').map((s) => s.trim().toLowerCase());
  const mime = meta[0] || 'text/plain';
  const payload = m[2] ?? '';
  let bytes: Buffer;
  if (meta.includes('base64')) {
    if (payload.length > Math.ceil((maxBytes * 4) / 3) + 4) return null;
    bytes = Buffer.from(payload.replace(/\s+/g, ''), 'base64');
  } else {
    if (payload.length > maxBytes * 3) return null;
    try {
      bytes = Buffer.from(decodeURIComponent(payload), 'utf8');
    } catch {
      bytes = Buffer.from(payload, 'utf8');
    }
  }
  if (bytes.length > maxBytes) return null;
  return { bytes, mime };
}

/** Resolves a token URI to something loadable, or null for schemes the indexer does not fetch. */
export function resolveMetadataUri(uri: string, gateway: string, maxBytes: number): MetadataSource | null {
  const trimmed = uri.trim();
  if (/^data:/i.test(trimmed)) {
    const d = parseDataUri(trimmed, maxBytes);
    return d ? { kind: 'inline', ...d } : null;
  }
  if (/^ipfs:\/\//i.test(trimmed)) return { kind: 'http', url: ipfsToHttp(trimmed, gateway) };
  if (/^https?:\/\//i.test(trimmed)) {
    try {
      return { kind: 'http', url: new URL(trimmed).href };
    } catch {
      return null;
    }
  }
  return null;
}

/** An image reference safe to hand to browsers: http(s), ipfs (through the gateway) or data:image, else null. */
export function safeImageUrl(value: unknown, gateway: string): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim();
  if (v.length === 0 || v.length > 100_000) return null;
  if (/^ipfs:\/\//i.test(v)) return ipfsToHttp(v, gateway);
  if (/^data:image\/[a-z0-9.+-]+[;,]/i.test(v)) return v;
  if (/^https?:\/\//i.test(v)) {
    try {
      return new URL(v).href;
    } catch {
      return null;
    }
  }
  return null;
}
