import { describe, expect, it } from 'vitest';
import { redirects } from '../../src/lib/url/redirects.ts';

describe('redirect aliases', () => {
  it.each([
    ['/block/[n]', '/blocks/[n]'],
    ['/b/[n]', '/blocks/[n]'],
    ['/tx/[hash]', '/transactions/[hash]'],
    ['/transaction/[hash]', '/transactions/[hash]'],
    ['/a/[address]', '/address/[address]'],
    ['/accounts/[address]', '/address/[address]'],
    ['/token/[address]', '/tokens/[address]'],
    ['/t/[address]', '/tokens/[address]'],
    ['/nft/[address]/[id]', '/nfts/[address]/[id]'],
    ['/contract/[address]', '/contracts/[address]'],
    ['/c/[address]', '/contracts/[address]'],
  ] as const)('%s is a permanent redirect to %s', (from, to) => {
    expect(redirects[from]).toEqual({ status: 301, destination: to });
  });
});
