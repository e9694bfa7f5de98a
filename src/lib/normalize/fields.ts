// Field readers shared by the normalizers: each takes an unknown JSON value and returns a typed value or null.

/** A JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first of `keys` whose value is neither undefined nor null. */
export function pick(record: Record<string, unknown>, ...keys: string[]): unknown {
  for (const key of keys) {
    const value = record[key];
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

/** A trimmed non-empty string (numbers become their text); null otherwise. */
export function toText(value: unknown): string | null {
  if (typeof value === 'string') {
    const text = value.trim();
    return text === '' ? null : text;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return value.toString();
  return null;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;

/** A 0x address, checksum kept as given; null for anything else. */
export function toAddress(value: unknown): string | null {
  return typeof value === 'string' && ADDRESS.test(value.trim()) ? value.trim() : null;
}

/** A 32-byte 0x hash; null for anything else. */
export function toHash(value: unknown): string | null {
  return typeof value === 'string' && HASH.test(value.trim()) ? value.trim() : null;
}

/** 0x hex data; '0x' for missing or malformed data. */
export function toHexData(value: unknown): string {
  return typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value.trim()) ? value.trim() : '0x';
}

/** A boolean from true/false, 'true'/'false', 1/0 or '1'/'0'; null otherwise. */
export function toBool(value: unknown): boolean | null {
  if (value === true || value === 1 || value === 'true' || value === '1') return true;
  if (value === false || value === 0 || value === 'false' || value === '0') return false;
  return null;
}

/** The list inside a response: a bare array, or the first array under one of `keys`; null when there is none. */
export function unwrapList(value: unknown, ...keys: string[]): unknown[] | null {
  if (Array.isArray(value)) return value as unknown[];
  if (!isRecord(value)) return null;
  for (const key of [...keys, 'items', 'data', 'results']) {
    const inner = value[key];
    if (Array.isArray(inner)) return inner as unknown[];
  }
  return null;
}

/** Every item of a list response that normalizes; an unreadable response is an empty list. */
export function normalizeList<T>(value: unknown, normalizeItem: (item: unknown) => T | null, ...keys: string[]): T[] {
  const list = unwrapList(value, ...keys) ?? [];
  const result: T[] = [];
  for (const item of list) {
    const normalized = normalizeItem(item);
    if (normalized !== null) result.push(normalized);
  }
  return result;
}

/** A JSON value that may arrive as JSON text (metadata, libraries, ABI); the parsed value, or the input unchanged. */
export function parseJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return value;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return value;
  }
}

/**
 * An image URL that is safe to put in src: http(s), ipfs, data:image or a same-origin path. Chain data is
 * attacker-controlled, so javascript:, protocol-relative and other schemes give null.
 */
export function toImageUrl(value: unknown): string | null {
  const text = toText(value);
  if (text === null) return null;
  if (/^(https?|ipfs):\/\//i.test(text) || /^data:image\//i.test(text)) return text;
  if (text.startsWith('/') && !text.startsWith('//')) return text;
  return null;
}
