import { describe, expect, it } from 'vitest';
import { createActivityTracker, MAX_TRACKED_ADDRESSES, type ChangesLoad } from '../../src/lib/server/activity.ts';
import { activityPart, pageKey, pageSubject, type PageKeyReads } from '../../src/lib/server/page-key.ts';
import type { HeadMark } from '../../src/lib/blocks/latest.ts';
import type { Changes } from '../../src/lib/normalize/health.ts';
import { normalizeChanges } from '../../src/lib/normalize/health.ts';

const A = '0x' + 'aa'.repeat(20);
const B = '0x' + 'bb'.repeat(20);
const C = '0x' + 'cc'.repeat(20);
const mark = (block: number, reorgs = 0): HeadMark => ({ block, reorgs, metadataUpdates: 3 });

/** An indexer whose blocks changed the listed addresses; counts the reads and what they asked. */
function chain(changedAt: Record<number, string[]>, opts: { head?: () => number; reorgs?: number; limit?: number } = {}) {
  const asked: number[] = [];
  const load: ChangesLoad = (since) => {
    asked.push(since);
    const head = opts.head?.() ?? Math.max(...Object.keys(changedAt).map(Number), since);
    if (head - since > (opts.limit ?? 256)) return Promise.resolve({ head, reorgs: opts.reorgs ?? 0, complete: false, addresses: [] });
    const addresses = new Set<string>();
    for (let b = since + 1; b <= head; b++) for (const a of changedAt[b] ?? []) addresses.add(a);
    return Promise.resolve<Changes>({ head, reorgs: opts.reorgs ?? 0, complete: true, addresses: [...addresses] });
  };
  return { load, asked };
}

describe('the block that last changed an address', () => {
  it('starts at the first head seen, and moves only for the addresses a new block changed', async () => {
    let head = 10;
    const { load, asked } = chain({ 11: [A], 12: [B] }, { head: () => head });
    const t = createActivityTracker(load);
    expect(await t.version(mark(10), A)).toBe(10);
    expect(await t.version(mark(10), B)).toBe(10);
    expect(asked).toEqual([]);
    head = 11;
    expect(await t.version(mark(11), A)).toBe(11);
    expect(await t.version(mark(11), B)).toBe(10);
    head = 12;
    expect(await t.version(mark(12), A)).toBe(11);
    expect(await t.version(mark(12), B)).toBe(12);
    expect(await t.version(mark(12), C)).toBe(10);
    // One read per new head, from the block known.
    expect(asked).toEqual([10, 11]);
  });

  it('shares one read among the requests of a new head', async () => {
    let head = 5;
    const { load, asked } = chain({ 6: [A] }, { head: () => head });
    const t = createActivityTracker(load);
    await t.version(mark(5), A);
    head = 6;
    const versions = await Promise.all([t.version(mark(6), A), t.version(mark(6), B), t.version(mark(6), C)]);
    expect(versions).toEqual([6, 5, 5]);
    expect(asked).toEqual([5]);
  });

  it('starts again after a rollback (another generation): every address counts as changed at the new head', async () => {
    const { load } = chain({ 11: [A] }, { head: () => 11 });
    const t = createActivityTracker(load);
    await t.version(mark(10), B);
    expect(await t.version(mark(11), B)).toBe(10);
    expect(await t.version(mark(11, 1), B)).toBe(11);
    expect(await t.version(mark(11, 1), A)).toBe(11);
  });

  it('starts again when the list is not complete (too far behind), and after too many addresses', async () => {
    let head = 10;
    const { load } = chain({ 400: [A] }, { head: () => head });
    const t = createActivityTracker(load);
    await t.version(mark(10), B);
    head = 400;
    expect(await t.version(mark(400), B)).toBe(400);

    const many = Array.from({ length: MAX_TRACKED_ADDRESSES + 1 }, (_, i) => '0x' + i.toString(16).padStart(40, '0'));
    let h2 = 1;
    const big = createActivityTracker(chain({ 2: many }, { head: () => h2 }).load);
    await big.version(mark(1), B);
    h2 = 2;
    expect(await big.version(mark(2), B)).toBe(2);
  });

  it("tells nothing for an indexer without change lists (the chain operator's), and asks it once", async () => {
    let reads = 0;
    const t = createActivityTracker(() => {
      reads++;
      return Promise.resolve(null);
    });
    expect(await t.version(mark(1), A)).toBe(1);
    expect(await t.version(mark(2), A)).toBeNull();
    expect(await t.version(mark(3), A)).toBeNull();
    expect(reads).toBe(1);
  });

  it('tells nothing without a head or a rollback count, and when a read fails (then asks again)', async () => {
    let fail = true;
    const t = createActivityTracker((since) => (fail ? Promise.reject(new Error('down')) : Promise.resolve({ head: since + 1, reorgs: 0, complete: true, addresses: [A] })));
    expect(await t.version({ block: null, reorgs: 0, metadataUpdates: null }, A)).toBeNull();
    expect(await t.version({ block: 4, reorgs: null, metadataUpdates: null }, A)).toBeNull();
    expect(await t.version(mark(4), A)).toBe(4);
    expect(await t.version(mark(5), A)).toBeNull();
    fail = false;
    expect(await t.version(mark(5), A)).toBe(5);
  });

  it('tells nothing of an address changed after the head asked about (a list that went further)', async () => {
    let head = 4;
    const t = createActivityTracker(chain({ 6: [A] }, { head: () => head }).load);
    await t.version(mark(4), A);
    head = 6;
    // The request saw head 5; the list reached 6, where A changed: its page would be rendered from newer data.
    expect(await t.version(mark(5), A)).toBeNull();
    expect(await t.version(mark(5), B)).toBe(4);
    expect(await t.version(mark(6), A)).toBe(6);
  });
});

describe('keys of pages about one address', () => {
  it('names the page subject of address, token and NFT pages only', () => {
    expect(pageSubject(`/address/${A.toUpperCase().replace('0X', '0x')}`)).toBe(A);
    expect(pageSubject(`/tokens/${A}`)).toBe(A);
    expect(pageSubject(`/nfts/${A}`)).toBe(A);
    expect(pageSubject(`/nfts/${A}/42`)).toBe(A);
    expect(pageSubject('/nfts')).toBeNull();
    expect(pageSubject('/blocks/5')).toBeNull();
    expect(pageSubject(`/tokens/${A}/holders`)).toBeNull();
  });

  it("keys them by the address's last change, not by the head", async () => {
    let head = mark(20);
    const versions: Record<string, number> = { [A]: 18 };
    const reads: PageKeyReads = {
      freshHead: () => Promise.resolve(head),
      latestHead: () => Promise.resolve(head.block),
      freshLogos: () => Promise.resolve(),
      logoVersion: () => 'v1',
      activity: (_mark, address) => Promise.resolve(versions[address] ?? 12),
    };
    const key = async (path: string) => (await pageKey(new URL(path, 'http://site.invalid'), undefined, reads)).key;
    const before = await key(`/address/${A}?tab=tokens`);
    expect(before).toBe(`system /address/${A}?tab=tokens${activityPart(head, 18)}#v1`);
    expect(await key(`/tokens/${B}`)).toContain('@a12.0m3');
    head = mark(21);
    expect(await key(`/address/${A}?tab=tokens`)).toBe(before);
    // Lists and the Contract tab keep their own rules.
    expect(await key('/blocks')).toContain('@21.0m3');
    expect(await key(`/address/${A}?tab=contract`)).not.toContain('@');
  });

  it('falls back to the head when the change is not known', async () => {
    const reads: PageKeyReads = {
      freshHead: () => Promise.resolve(mark(20)),
      latestHead: () => Promise.resolve(20),
      freshLogos: () => Promise.resolve(),
      logoVersion: () => 'v1',
      activity: () => Promise.resolve(null),
    };
    const k = await pageKey(new URL(`/address/${A}`, 'http://site.invalid'), undefined, reads);
    expect(k.key).toContain('@20.0m3');
    expect(k.perHead).toBe(true);
  });
});

describe('the change list as the indexer sends it', () => {
  it('reads a complete list, lowercased', () => {
    expect(normalizeChanges({ head: 9, reorgs: 1, complete: true, addresses: [A.toUpperCase().replace('0X', '0x')] })).toEqual({ head: 9, reorgs: 1, complete: true, addresses: [A] });
  });

  it('takes a list with anything but addresses as not complete, and rejects what is not a list', () => {
    expect(normalizeChanges({ head: 9, reorgs: 0, complete: true, addresses: [A, 'nope'] })?.complete).toBe(false);
    expect(normalizeChanges({ head: 9, reorgs: 0, complete: 'yes', addresses: [] })?.complete).toBe(false);
    expect(normalizeChanges({ head: 9 })).toBeNull();
    expect(normalizeChanges('x')).toBeNull();
  });
});
