import { safeString } from '../chain/abi.ts';
import { safeImageUrl } from './uri.ts';

/** One NFT trait as served. */
export interface Trait {
  trait_type: string | null;
  value: string | number | boolean | null;
  display_type?: string;
}

/** The fields the indexer extracts from NFT metadata, all sanitised. */
export interface ParsedMetadata {
  raw: Record<string, unknown>;
  name: string | null;
  description: string | null;
  image: string | null;
  attributes: Trait[];
}

const MAX_TRAITS = 100;

/** Sanitised traits from a metadata document's attributes (or traits) array. */
export function extractTraits(raw: Record<string, unknown>): Trait[] {
  const list = Array.isArray(raw['attributes']) ? raw['attributes'] : Array.isArray(raw['traits']) ? raw['traits'] : [];
  const out: Trait[] = [];
  for (const item of list.slice(0, MAX_TRAITS)) {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) continue;
    const rec = item as Record<string, unknown>;
    const rawValue = rec['value'];
    const value =
      typeof rawValue === 'number' && Number.isFinite(rawValue)
        ? rawValue
        : typeof rawValue === 'boolean'
          ? rawValue
          : safeString(rawValue, 200);
    const trait: Trait = { trait_type: safeString(rec['trait_type'] ?? rec['type'], 100), value };
    const display = safeString(rec['display_type'], 50);
    if (display) trait.display_type = display;
    out.push(trait);
  }
  return out;
}

/** Parses metadata bytes as a JSON object and extracts safe fields; throws when it is not a JSON object. */
export function parseMetadata(bytes: Uint8Array, gateway: string): ParsedMetadata {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '');
  const parsed: unknown = JSON.parse(text);
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('metadata is not a JSON object');
  const raw = parsed as Record<string, unknown>;
  return {
    raw,
    name: safeString(raw['name'], 200),
    description: safeString(raw['description'], 5000),
    image: safeImageUrl(raw['image'] ?? raw['image_url'] ?? raw['imageUrl'], gateway),
    attributes: extractTraits(raw),
  };
}
