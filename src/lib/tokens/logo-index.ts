// The uploaded logos this server knows of, as last read from the indexer (src/lib/server/logo-index.ts keeps it
// fresh). Components read it synchronously while rendering; its version goes into the render cache's keys.
import type { UploadedLogo } from '../model/types.ts';

let byAddress: ReadonlyMap<string, UploadedLogo> = new Map();
let version = '';

/** Replaces the known uploaded logos. */
export function setUploadedLogos(logos: readonly UploadedLogo[]): void {
  byAddress = new Map(logos.map((l) => [l.address.toLowerCase(), l]));
  version = logos.map((l) => `${l.address}:${l.hash.slice(0, 8)}`).join(',');
}

/** The uploaded logo of a token address (any case), if any. */
export function uploadedLogo(address: string | null | undefined): UploadedLogo | undefined {
  return address ? byAddress.get(address.toLowerCase()) : undefined;
}

/** Changes whenever any uploaded logo does (empty when there are none). */
export function logoIndexVersion(): string {
  return version;
}
