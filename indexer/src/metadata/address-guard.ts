import { isIP } from 'node:net';
import { ipv4Number, ipv6Groups } from '../../../common/ip.ts';

/**
 * What an IP address is, as far as metadata fetching cares. Everything but 'public' is refused unless
 * METADATA_ALLOW_PRIVATE=1: a token URI is chosen by whoever deploys the contract, so without this check the
 * indexer would fetch from its own machine, the operator's network or the cloud metadata service for them.
 */
export type IpAddressKind =
  | 'public'
  | 'loopback'
  | 'unspecified'
  | 'private'
  | 'link-local'
  | 'metadata-service'
  | 'shared'
  | 'multicast'
  | 'reserved'
  | 'invalid';

const DESCRIPTIONS: Record<IpAddressKind, string> = {
  public: 'a public address',
  loopback: 'a loopback address',
  unspecified: 'an unspecified address',
  private: 'a private address',
  'link-local': 'a link-local address',
  'metadata-service': 'the cloud metadata service',
  shared: 'a carrier-grade NAT address',
  multicast: 'a multicast address',
  reserved: 'a reserved address',
  invalid: 'not an IP address',
};

/** 'a private address', 'the cloud metadata service', … for error messages. */
export function describeKind(kind: IpAddressKind): string {
  return DESCRIPTIONS[kind];
}

/** [prefix, bits, kind] of IPv4: the first match wins, so the metadata service comes before link-local. */
const V4_RANGES: ReadonlyArray<readonly [string, number, IpAddressKind]> = [
  ['169.254.169.254', 32, 'metadata-service'],
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  // IETF protocol assignments (also where some clouds put their metadata service, 192.0.0.192).
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

const V4_TABLE = V4_RANGES.map(([prefix, bits, kind]) => {
  // Arithmetic instead of bit operators: they would turn addresses from 128.0.0.0 up negative.
  const size = 2 ** (32 - bits);
  return { start: ipv4Number(prefix), size, kind };
});

function classifyV4Number(n: number): IpAddressKind {
  for (const r of V4_TABLE) if (n >= r.start && n < r.start + r.size) return r.kind;
  return 'public';
}

/** The kind of the IPv4 address two groups of an IPv6 form carry. */
const embedded = (hi: number, lo: number): IpAddressKind => classifyV4Number(hi * 65536 + lo);

function classifyV6(g: number[]): IpAddressKind {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const zeroTo = (k: number): boolean => g.slice(0, k).every((x) => x === 0);
  if (zeroTo(8)) return 'unspecified';
  if (zeroTo(7) && g7 === 1) return 'loopback';
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (translated) reach the IPv4 address on dual-stack sockets.
  if (zeroTo(5) && g5 === 0xffff) return embedded(g6, g7);
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return embedded(g6, g7);
  // ::a.b.c.d (IPv4-compatible) is deprecated: its own IPv4 kind when that is refused, else reserved.
  if (zeroTo(6)) {
    const kind = embedded(g6, g7);
    return kind === 'public' ? 'reserved' : kind;
  }
  // NAT64 (64:ff9b::/96) translates to the IPv4 address in the last 32 bits; 64:ff9b:1::/48 is for local use.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return embedded(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return 'private';
  // 6to4 (2002::/16) carries the IPv4 address of the relay's end in bits 16-47.
  if (g0 === 0x2002) return embedded(g1, g2);
  // Teredo (2001::/32) carries the client's IPv4 address inverted in the last 32 bits.
  if (g0 === 0x2001 && g1 === 0) return embedded(0xffff - g6, 0xffff - g7);
  // AWS's metadata service on IPv6 (fd00:ec2::254); inside fc00::/7, named for a clearer message.
  if (g0 === 0xfd00 && g1 === 0xec2 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0 && g6 === 0 && g7 === 0x254) return 'metadata-service';
  if ((g0 & 0xfe00) === 0xfc00) return 'private';
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  // Site-local (fec0::/10), deprecated but still routed inside some networks.
  if ((g0 & 0xffc0) === 0xfec0) return 'private';
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  if (g0 === 0x2001 && g1 === 0xdb8) return 'reserved';
  // Only 2000::/3 is global unicast; the rest is unassigned or special-purpose.
  if ((g0 & 0xe000) !== 0x2000) return 'reserved';
  return 'public';
}

/**
 * Classifies an IP address (dotted-quad IPv4, or IPv6 with or without brackets and zone). Anything else, including
 * odd IPv4 spellings such as '127.1' or '0x7f.0.0.1', is 'invalid' and so refused: the WHATWG URL parser and DNS
 * answers always give the canonical form, so only a caller's mistake would pass another one.
 */
export function classifyIp(address: string): IpAddressKind {
  const ip = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const family = isIP(ip);
  if (family === 4) return classifyV4Number(ipv4Number(ip));
  if (family === 6) return classifyV6(ipv6Groups(ip));
  return 'invalid';
}

// Names that only mean something inside a network (RFC 6761, 6762, 8375, ICANN's .internal), and the metadata
// service's well-known names. Checked before DNS, which may not even be asked: a resolver with search domains or
// /etc/hosts could answer them with anything.
const INTERNAL_SUFFIXES = ['.localhost', '.internal', '.local', '.home.arpa', '.localdomain'];
const INTERNAL_NAMES = new Set(['localhost', 'metadata', 'instance-data', 'localhost.localdomain']);

/** Why a host name (not an IP address) is refused before resolving it, or null when it may be resolved. */
export function hostnameRefusal(hostname: string): string | null {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (INTERNAL_NAMES.has(name) || INTERNAL_SUFFIXES.some((s) => name.endsWith(s))) return 'an internal host name';
  // A name without a dot resolves through search domains, i.e. inside the operator's network.
  if (!name.includes('.')) return 'a single-label host name';
  return null;
}
