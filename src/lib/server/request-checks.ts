// Checks of state-changing requests (logins, uploads, theme changes): they must come from this site's own pages.

/**
 * Whether a POST comes from a page of this origin: its Origin header names this origin or, when a browser sent none,
 * Sec-Fetch-Site says same-origin. Anything else (another site, a missing header from a non-browser client) is refused.
 */
export function isSameOrigin(request: Request, origin: string): boolean {
  const given = request.headers.get('origin');
  if (given !== null) return given === origin;
  return request.headers.get('sec-fetch-site') === 'same-origin';
}

/** The loopback and private ranges a trusted proxy in front of the site may use (TRUST_PROXY=loopback|private). */
export function trustedProxy(address: string, setting: string): boolean {
  const a = address.replace(/^::ffff:/, '');
  const loopback = a === '::1' || /^127\./.test(a);
  if (setting === 'loopback') return loopback;
  if (setting === 'private') return loopback || /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(a) || /^f[cd][0-9a-f]{2}:/i.test(a);
  return false;
}

/**
 * The site's origin as the browser sees it: the request URL's, or, behind a trusted proxy (TRUST_PROXY) that ends
 * TLS, the scheme and host it forwards (X-Forwarded-Proto, X-Forwarded-Host). Used for the Origin check and to mark
 * cookies Secure.
 */
export function siteOrigin(request: Request, url: URL, peer: string, setting: string = process.env['TRUST_PROXY'] ?? ''): string {
  if (!trustedProxy(peer, setting)) return url.origin;
  const proto = (request.headers.get('x-forwarded-proto') ?? '').split(',')[0]?.trim().toLowerCase();
  const host = (request.headers.get('x-forwarded-host') ?? '').split(',')[0]?.trim();
  const scheme = proto === 'https' || proto === 'http' ? proto : url.protocol.replace(':', '');
  return `${scheme}://${host && /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host) ? host : url.host}`;
}

/**
 * The client's address: the socket's peer, or, when that peer is a trusted proxy (TRUST_PROXY=loopback or private),
 * the last address in X-Forwarded-For that the proxy added. Used to throttle logins per client.
 */
export function clientAddress(request: Request, peer: string, setting: string = process.env['TRUST_PROXY'] ?? ''): string {
  if (!trustedProxy(peer, setting)) return peer;
  const forwarded = (request.headers.get('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const last = forwarded.at(-1);
  return last !== undefined && last.length <= 100 ? last : peer;
}
