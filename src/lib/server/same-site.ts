// Where a form that posts to the site may send the visitor back (the theme toggle without JavaScript): only to one of
// the site's own pages, never an open redirect. That the post came from those pages is checked by request-checks.ts.

/** Backslashes (read as slashes) and control characters. */
const unsafe = (c: string): boolean => c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;

// Any origin would do: it only tells a path from everything else (a path keeps it; anything that leaves it is refused).
const PROBE = 'http://return.invalid';

/**
 * A path of this site to send the visitor back to: the path and query of `value` when it is a path on the same
 * origin, else null. Refused: absolute and protocol-relative URLs (`//x`, `/\x`, which browsers read as another host),
 * other schemes, control characters (URL parsers drop tabs and newlines, `/\t/x` becoming `//x`), paths that normalize
 * to `//x` (`/.//x`), and overlong values. The result is the parser's own serialisation, percent-encoded.
 */
export function localReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//') || [...value].some(unsafe)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE);
  } catch {
    return null;
  }
  if (url.origin !== PROBE || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}`;
}
