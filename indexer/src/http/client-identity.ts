// Who a request comes from, as the rate limits and the event stream's per-client limit count it: the socket's peer or
// the address a trusted proxy forwards, keyed per address (IPv6 per /64); exempt addresses and the site server's
// bearer secret are counted under no key at all.
import type { IncomingMessage } from 'node:http';
import { bearerMatches } from '../../../common/bearer.ts';
import { clientAddress, clientKey, parseAddressSet, type AddressSet } from '../../../common/client-address.ts';

/** Settings of ClientIdentity: the rate limits' INDEXER_TRUST_PROXY and INDEXER_RATE_LIMIT_EXEMPT. */
export interface ClientIdentityOptions {
  /** Peers whose X-Forwarded-For names the client; default none. */
  trustProxy?: string | undefined;
  /** Client addresses never limited; default `loopback`. */
  exempt?: string | undefined;
  /** The bearer secret that exempts (the site server's INDEXER_ADMIN_TOKEN). */
  token?: string | undefined;
  /** Where a likely misconfiguration is reported, once. */
  log?: ((line: string) => void) | undefined;
}

/** The key a request is counted under by every per-client limit. */
export class ClientIdentity {
  private readonly trusted: AddressSet;
  private readonly exempt: AddressSet;
  private readonly token: string | undefined;
  private readonly log: ((line: string) => void) | undefined;
  private warned = false;

  /** Throws a RangeError when trustProxy or exempt cannot be read. */
  constructor(opts: ClientIdentityOptions = {}) {
    this.trusted = parseAddressSet(opts.trustProxy ?? '');
    this.exempt = parseAddressSet(opts.exempt ?? 'loopback');
    this.token = opts.token || undefined;
    this.log = opts.log;
  }

  /**
   * The key a request is counted under, or null when it is not limited: it carries the bearer secret (the site
   * server, which fetches for all its visitors), or its client address is exempt.
   */
  keyOf(req: Pick<IncomingMessage, 'headers' | 'socket'>): string | null {
    if (req.headers.authorization !== undefined && bearerMatches(req.headers.authorization, this.token)) return null;
    const address = clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], this.trusted);
    if (address !== null && this.exempt.has(address)) {
      // A proxy on an exempt address that is not trusted: everyone behind it goes unlimited. Say so once.
      if (!this.warned && req.headers['x-forwarded-for'] !== undefined && !this.trusted.has(address)) {
        this.warned = true;
        this.log?.(`rate limits: requests from ${address} carry X-Forwarded-For, which is ignored, and are exempt; behind a proxy there, set INDEXER_TRUST_PROXY`);
      }
      return null;
    }
    return clientKey(address);
  }
}
