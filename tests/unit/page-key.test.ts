import { afterEach, describe, expect, it, vi } from 'vitest';
import { HEAD_KEY_WAIT_MS, headPart, keptPerHead, pageKey, type PageKeyReads } from '../../src/lib/server/page-key.ts';
import type { HeadMark } from '../../src/lib/blocks/latest.ts';

const TOKEN = '0x' + 'ab'.repeat(20);
const ACCOUNT = '0x' + '12'.repeat(20);

/** Reads of a site whose indexer is at `head`; counts the fresh head reads. */
function reads(head: HeadMark, latest: number | null = head.block): PageKeyReads & { headReads: number } {
  const r = {
    headReads: 0,
    freshHead: () => {
      r.headReads++;
      return Promise.resolve(head);
    },
    latestHead: () => Promise.resolve(latest),
    freshLogos: () => Promise.resolve(),
    logoVersion: () => 'v1',
    now: () => 1_000,
  };
  return r;
}

const key = async (path: string, head: HeadMark, cookie?: string) => pageKey(new URL(path, 'http://site.invalid'), cookie, reads(head));
const bundled = (block: number, metadataUpdates: number | null = 4): HeadMark => ({ block, reorgs: 0, metadataUpdates });

describe('which pages are kept per head block', () => {
  const latest = () => Promise.resolve(100);
  it.each([
    ['/', true],
    ['/blocks', true],
    ['/transactions', true],
    ['/tokens', true],
    ['/search?q=Sto', true],
    ['/nfts', true],
    [`/nfts/${TOKEN}`, true],
    [`/nfts/${TOKEN}/42`, true],
    [`/tokens/${TOKEN}`, true],
    [`/address/${ACCOUNT}`, true],
    [`/address/${ACCOUNT}?tab=tokens`, true],
    [`/address/${ACCOUNT}?tab=contract`, false],
    [`/address/${ACCOUNT}?verified=1`, false],
    ['/blocks/95', true],
    ['/blocks/50', false],
    [`/transactions/0x${'cd'.repeat(32)}`, false],
    [`/nfts/${TOKEN}/42/extra`, false],
    ['/verify-contract', false],
  ])('%s: %s', async (path, kept) => {
    expect(await keptPerHead(new URL(path, 'http://site.invalid'), latest)).toBe(kept);
  });
});

describe('the head part of a key', () => {
  it('names the block, the rollbacks and the metadata writes', () => {
    expect(headPart('/', { block: 10, reorgs: 2, metadataUpdates: 7 })).toBe('@10.2m7');
    expect(headPart(`/nfts/${TOKEN}/1`, { block: 10, reorgs: 2, metadataUpdates: 7 })).toBe('@10.2m7');
  });

  it("keeps NFT pages only when the indexer counts its metadata writes (the operator's indexer does not)", () => {
    const upstream: HeadMark = { block: 10, reorgs: null, metadataUpdates: null };
    expect(headPart(`/nfts/${TOKEN}/1`, upstream)).toBe('');
    expect(headPart(`/nfts/${TOKEN}`, upstream)).toBe('');
    expect(headPart('/nfts', upstream)).toBe('');
    // Other pages of the moment still are.
    expect(headPart('/blocks', upstream)).toBe('@10');
  });

  it('is empty without a head', () => {
    expect(headPart('/', null)).toBe('');
    expect(headPart('/', { block: null, reorgs: null, metadataUpdates: null })).toBe('');
  });
});

describe('pageKey', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('an NFT page is a new page when metadata is written, though the head block stays the same', async () => {
    const before = await key(`/nfts/${TOKEN}/1`, bundled(50, 4));
    const after = await key(`/nfts/${TOKEN}/1`, bundled(50, 5));
    expect(before.perHead).toBe(true);
    expect(after.perHead).toBe(true);
    expect(after.key).not.toBe(before.key);
    // So is an address page (its NFTs' names and images) and a collection's.
    expect((await key(`/address/${ACCOUNT}`, bundled(50, 4))).key).not.toBe((await key(`/address/${ACCOUNT}`, bundled(50, 5))).key);
    expect((await key(`/nfts/${TOKEN}`, bundled(50, 4))).key).not.toBe((await key(`/nfts/${TOKEN}`, bundled(50, 5))).key);
  });

  it('the same head, theme and logos give the same key; another theme another', async () => {
    const a = await key('/blocks?p=2', bundled(50));
    expect((await key('/blocks?p=2', bundled(50))).key).toBe(a.key);
    expect(a.key).toBe('system /blocks?p=2@50.0m4#v1');
    const dark = await key('/blocks?p=2', bundled(50), 'theme_preference=dark');
    expect(dark.theme).toBe('dark');
    expect(dark.key).not.toBe(a.key);
  });

  it('asks for the head only for pages kept per head', async () => {
    const r = reads(bundled(100));
    const final = await pageKey(new URL(`/transactions/0x${'cd'.repeat(32)}`, 'http://site.invalid'), undefined, r);
    expect(final.perHead).toBe(false);
    expect(final.key).toBe(`system /transactions/0x${'cd'.repeat(32)}#v1`);
    expect(r.headReads).toBe(0);
    await pageKey(new URL('/', 'http://site.invalid'), undefined, r);
    expect(r.headReads).toBe(1);
  });

  it('a head that does not come within the wait leaves the page unkept', async () => {
    vi.useFakeTimers();
    const r: PageKeyReads = { ...reads(bundled(1)), freshHead: () => new Promise<HeadMark>(() => {}) };
    const made = pageKey(new URL('/blocks', 'http://site.invalid'), undefined, r);
    await vi.advanceTimersByTimeAsync(HEAD_KEY_WAIT_MS);
    const k = await made;
    expect(k.perHead).toBe(false);
    expect(k.key).toBe('system /blocks#v1');
  });
});
