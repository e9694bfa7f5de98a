// Who a request comes from, for rate limits: the socket's peer, or the address a trusted proxy forwards; sets of
// addresses written as keywords, addresses and CIDR ranges; and the key a client's requests are counted under.
import { BlockList, isIP } from 'node:net';
import { ipv6Groups } from './ip.ts';

/** A set of addresses: `loopback`, `private`, single addresses and CIDR ranges, IPv4 and IPv6. */
export interface AddressSet {
  /** Whether a normalized address (see normalizeAddress) is in the set. */
  has(address: string): boolean;
}

const LOOPBACK: readonly [string, number][] = [
  ['127.0.0.0', 8],
  ['::1', 128],
];
// The ranges the site's TRUST_PROXY=private accepts (src/lib/server/request-checks.ts), loopback included.
const PRIVATE: readonly [string, number][] = [
  ...LOOPBACK,
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['fc00::', 7],
];

/**
 * An address as written by a socket or a proxy, normalized: brackets, ports and IPv6 zones dropped, an IPv4-mapped
 * IPv6 address as IPv4 ('::ffff:1.2.3.4' → '1.2.3.4'), lowercase; null when it is not an IP address.
 */
export function normalizeAddress(raw: string): string | null {
  let a = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(a);
  if (bracketed) a = bracketed[1] as string;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d{1,5}$/.test(a)) a = a.slice(0, a.lastIndexOf(':'));
  const zone = a.indexOf('%');
  if (zone !== -1) a = a.slice(0, zone);
  a = a.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/.exec(a);
  if (mapped) a = mapped[1] as string;
  return isIP(a) === 0 ? null : a;
}

/**
 * Parses a comma-separated list of `loopback`, `private`, addresses and CIDR ranges ('' or `none`: the empty set);
 * throws a RangeError naming the first item it cannot read.
 */
export function parseAddressSet(spec: string): AddressSet {
  const list = new BlockList();
  let empty = true;
  const add = (net: string, prefix: number) => {
    list.addSubnet(net, prefix, isIP(net) === 6 ? 'ipv6' : 'ipv4');
    empty = false;
  };
  for (const item of spec.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean)) {
    if (item === 'none') continue;
    if (item === 'loopback' || item === 'private') {
      for (const [net, prefix] of item === 'loopback' ? LOOPBACK : PRIVATE) add(net, prefix);
      continue;
    }
    const [net = '', bits, ...rest] = item.split('/');
    const address = normalizeAddress(net);
    const max = address !== null && isIP(address) === 6 ? 128 : 32;
    const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
    if (address === null || rest.length > 0 || !(prefix >= 0 && prefix <= max)) {
      throw new RangeError(`'${item}' is not loopback, private, an IP address or a CIDR range such as 10.0.0.0/8`);
    }
    add(address, prefix);
  }
  return { has: (address) => !empty && list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4') };
}

/**
 * The client's address: the socket's peer, or, when that peer is a trusted proxy, the last address of
 * X-Forwarded-For (the one that proxy added; earlier ones are whatever the client sent). Only one proxy hop is
 * believed, as on the site (TRUST_PROXY). Null when the peer is unknown (a socket already closed).
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined, trusted: AddressSet): string | null {
  const direct = peer === undefined ? null : normalizeAddress(peer);
  if (direct === null || !trusted.has(direct)) return direct;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
  const last = header.split(',').map((s) => s.trim()).filter(Boolean).at(-1);
  return (last === undefined ? null : normalizeAddress(last)) ?? direct;
}

/**
 * The key a client's requests are counted under: an IPv4 address as it is, an IPv6 address by its /64 prefix (one
 * host gets a whole /64 and can use any address in it), 'unknown' when there is none.
 */
export function clientKey(address: string | null): string {
  if (address === null) return 'unknown';
  if (isIP(address) !== 6) return address;
  return `${ipv6Groups(address).slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}
