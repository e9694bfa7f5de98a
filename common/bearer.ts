import { createHash, timingSafeEqual } from 'node:crypto';

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * Whether an Authorization header carries `Bearer {secret}`, compared in constant time (both sides hashed first, so
 * neither the secret's content nor its length shows in the time taken). A missing or empty secret matches nothing.
 */
export function bearerMatches(header: string | string[] | undefined, secret: string | undefined): boolean {
  if (!secret) return false;
  const given = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : '';
  return timingSafeEqual(digest(given), digest(secret));
}
