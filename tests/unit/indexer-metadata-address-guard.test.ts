import { describe, expect, it } from 'vitest';
import { classifyIp, describeKind, hostnameRefusal, type IpAddressKind } from '../../indexer/src/metadata/address-guard.ts';

describe('classifyIp', () => {
  it.each<[string, IpAddressKind]>([
    // Public addresses metadata may come from.
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['93.184.215.14', 'public'],
    ['172.15.255.255', 'public'],
    ['172.32.0.0', 'public'],
    ['100.63.255.255', 'public'],
    ['100.128.0.0', 'public'],
    ['169.253.255.255', 'public'],
    ['192.169.0.1', 'public'],
    ['223.255.255.255', 'public'],
    ['11.0.0.1', 'public'],
    ['2606:4700::1111', 'public'],
    ['2001:4860:4860::8888', 'public'],
    ['[2606:4700:4700::1001]', 'public'],
    ['2a00:1450:4001:82b::200e', 'public'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::808:808', 'public'],
    ['2002:808:808::1', 'public'],
    // IPv4 loopback, unspecified, private, link-local, metadata service, CGNAT, multicast, reserved.
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.5', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.0.1', 'link-local'],
    ['169.254.169.254', 'metadata-service'],
    ['169.254.169.253', 'link-local'],
    ['100.64.0.1', 'shared'],
    ['100.100.100.200', 'shared'],
    ['100.127.255.255', 'shared'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['192.0.0.192', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['203.0.113.7', 'reserved'],
    // IPv6 loopback, unspecified, unique local, link-local, multicast and special ranges.
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fd00:ec2::254', 'metadata-service'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['ff05::1:3', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['100::1', 'reserved'],
    ['4000::1', 'reserved'],
    // IPv4-mapped, -translated and -compatible forms, in both spellings.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
    ['::FFFF:A00:5', 'private'],
    ['::ffff:169.254.169.254', 'metadata-service'],
    ['::ffff:a9fe:a9fe', 'metadata-service'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['::ffff:0:10.0.0.1', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'loopback'],
    ['::192.168.0.1', 'private'],
    ['::8.8.8.8', 'reserved'],
    // NAT64, 6to4 and Teredo carrying a private IPv4 address.
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'metadata-service'],
    ['64:ff9b:1::1', 'private'],
    ['2002:7f00:1::1', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['2002:a9fe:a9fe::', 'metadata-service'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'],
    // Not canonical addresses at all: refused rather than guessed at.
    ['127.1', 'invalid'],
    ['0x7f.0.0.1', 'invalid'],
    ['2130706433', 'invalid'],
    ['0177.0.0.1', 'invalid'],
    ['localhost', 'invalid'],
    ['', 'invalid'],
    ['1.2.3.4.5', 'invalid'],
  ])('%s is %s', (address, kind) => {
    expect(classifyIp(address)).toBe(kind);
  });

  it('describes kinds for error messages', () => {
    expect(describeKind('private')).toBe('a private address');
    expect(describeKind('metadata-service')).toBe('the cloud metadata service');
  });
});

describe('odd IPv4 spellings in URLs', () => {
  // The WHATWG URL parser normalizes them; the fetcher classifies the normalized host, so each must come out refused.
  it.each([
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://017700000001/', '127.0.0.1'],
    ['http://127.0.0.1./', '127.0.0.1'],
    ['http://0/', '0.0.0.0'],
    ['http://3232235777/', '192.168.1.1'],
    ['http://0xa9.0xfe.0xa9.0xfe/', '169.254.169.254'],
    ['http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
    ['http://[0:0:0:0:0:ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
    ['http://[::127.0.0.1]/', '[::7f00:1]'],
  ])('%s is host %s, refused', (url, host) => {
    const hostname = new URL(url).hostname;
    expect(hostname).toBe(host);
    expect(classifyIp(hostname)).not.toBe('public');
  });
});

describe('hostnameRefusal', () => {
  it.each([
    ['localhost', 'an internal host name'],
    ['LOCALHOST.', 'an internal host name'],
    ['api.localhost', 'an internal host name'],
    ['metadata.google.internal', 'an internal host name'],
    ['metadata.google.internal.', 'an internal host name'],
    ['ip-10-0-0-1.ec2.internal', 'an internal host name'],
    ['printer.local', 'an internal host name'],
    ['nas.home.arpa', 'an internal host name'],
    ['metadata', 'an internal host name'],
    ['intranet', 'a single-label host name'],
  ])('%s is %s', (host, why) => {
    expect(hostnameRefusal(host)).toBe(why);
  });

  it.each(['nft.example.com', 'ipfs.io', 'gateway.pinata.cloud', 'internal.example.org', 'localhost.example.net'])('%s may be resolved', (host) => {
    expect(hostnameRefusal(host)).toBeNull();
  });
});
