// Bytes of uploaded logos, read from the indexer once per content hash and kept in memory (a few hundred KB at most
// per logo, the most recently used 64), so a token list of 25 logos does not ask the indexer 25 times per visitor.
import { LRUCache } from 'lru-cache';
import type { UploadedLogo } from '../model/types.ts';
import { indexerClient } from './indexer-client.ts';

const kept = new LRUCache<string, Uint8Array<ArrayBuffer>>({ max: 64 });

/** The stored bytes of an uploaded logo, or null when the indexer no longer has it; throws when it cannot answer. */
export async function uploadedLogoBytes(logo: UploadedLogo): Promise<Uint8Array<ArrayBuffer> | null> {
  const hit = kept.get(logo.hash);
  if (hit) return hit;
  const res = await indexerClient().getTokenLogoBytes(`${logo.address}.${logo.type}`);
  if (!res || res.status !== 200) return null;
  const bytes = new Uint8Array(res.bytes);
  kept.set(logo.hash, bytes);
  return bytes;
}
