/** Why some bytes are not an acceptable logo: thrown by the checkers, turned into a result by checkLogo. */
export class NotImage extends Error {
  override name = 'NotImage';
}

/** Stops a check with a short English detail (for logs and tests, never shown raw to users). */
export function notImage(detail: string): never {
  throw new NotImage(detail);
}
