// IP address arithmetic shared by the rate limiter's client keys (client-address.ts) and the metadata fetcher's
// address guard (indexer/src/metadata/address-guard.ts). Inputs are addresses node:net accepts (isIP() !== 0).

/** Dotted-quad IPv4 to its 32-bit number. */
export function ipv4Number(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

/**
 * The eight 16-bit groups of an IPv6 address: a zone ('%eth0') is dropped, '::' expanded, and a trailing dotted
 * IPv4 part ('::ffff:1.2.3.4') becomes the last two groups.
 */
export function ipv6Groups(address: string): number[] {
  let text = address.replace(/%.*$/, '').toLowerCase();
  const v4 = /(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.exec(text);
  if (v4?.[1]) {
    const n = ipv4Number(v4[1]);
    text = `${text.slice(0, v4.index)}${Math.floor(n / 65536).toString(16)}:${(n % 65536).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((g) => parseInt(g, 16));
}
