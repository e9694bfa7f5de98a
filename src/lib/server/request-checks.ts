// Checks of state-changing requests (logins, uploads, theme changes): they must come from this site's own pages.
import { clientAddress as forwardedClient, normalizeAddress, parseAddressSet, type AddressSet } from '../../../common/client-address.ts';
import { errorMessage } from '../../../common/errors.ts';
import { siteSettings } from './settings.ts';

/**
 * Whether a POST comes from a page of this origin: its Origin header names this origin or, when a browser sent none,
 * Sec-Fetch-Site says same-origin. Anything else (another site, a missing header from a non-browser client) is refused.
 */
export function isSameOrigin(request: Request, origin: string): boolean {
  const given = request.headers.get('origin');
  if (given !== null) return given === origin;
  return request.headers.get('sec-fetch-site') === 'same-origin';
}

const trustedSets = new Map<string, AddressSet | null>();

/**
 * Whether the socket's peer is a trusted proxy in front of the site: TRUST_PROXY is `loopback`, `private`, addresses
 * or CIDR ranges, read as the indexer reads its INDEXER_TRUST_PROXY (one parser, common/client-address.ts).
 * A setting that does not parse trusts no one (and says so once).
 */
export function trustedProxy(address: string, setting: string): boolean {
  let set = trustedSets.get(setting);
  if (set === undefined) {
    try {
      set = parseAddressSet(setting);
    } catch (error) {
      console.error(`TRUST_PROXY: ${errorMessage(error)}; no proxy is trusted`);
      set = null;
    }
    trustedSets.set(setting, set);
  }
  const peer = normalizeAddress(address);
  return set !== null && peer !== null && set.has(peer);
}

/**
 * The site's origin as the browser sees it: the request URL's, or, behind a trusted proxy (TRUST_PROXY) that ends
 * TLS, the scheme and host it forwards (X-Forwarded-Proto, X-Forwarded-Host). Used for the Origin check and to mark
 * cookies Secure.
 */
export function siteOrigin(request: Request, url: URL, peer: string, setting: string = siteSettings().TRUST_PROXY ?? ''): string {
  if (!trustedProxy(peer, setting)) return url.origin;
  const proto = (request.headers.get('x-forwarded-proto') ?? '').split(',')[0]?.trim().toLowerCase();
  const host = (request.headers.get('x-forwarded-host') ?? '').split(',')[0]?.trim();
  const scheme = proto === 'https' || proto === 'http' ? proto : url.protocol.replace(':', '');
  return `${scheme}://${host && /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host) ? host : url.host}`;
}

/**
 * The client's address: the socket's peer, or, when that peer is a trusted proxy (TRUST_PROXY), the last address in
 * X-Forwarded-For that the proxy added (the indexer's rule). Used to throttle logins per client.
 */
export function clientAddress(request: Request, peer: string, setting: string = siteSettings().TRUST_PROXY ?? ''): string {
  if (!trustedProxy(peer, setting)) return peer;
  return forwardedClient(peer, request.headers.get('x-forwarded-for') ?? undefined, { has: () => true }) ?? peer;
}
