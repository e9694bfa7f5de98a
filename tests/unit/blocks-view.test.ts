import { describe, expect, it } from 'vitest';
import { blockCacheControl, FINAL_BLOCK_CACHE, isFinalBlock, NO_STORE, REORG_WINDOW } from '../../src/lib/blocks/cache-policy.ts';
import { blockListPages, parseBlockListQuery } from '../../src/lib/blocks/list.ts';
import { errorDisplayingTransactions, transactionsUnavailable } from '../../src/lib/blocks/messages.ts';
import { blockTxSection, formatGasUsedCell, formatReward } from '../../src/lib/blocks/view.ts';
import { normalizeBlock } from '../../src/lib/normalize/block.ts';
import type { Block, Transaction } from '../../src/lib/model/types.ts';

const HASH = `0x${'ab'.repeat(32)}`;
const A = `0x${'11'.repeat(20)}`;
const B = `0x${'22'.repeat(20)}`;

function block(extra: Record<string, unknown>): Block {
  const value = normalizeBlock({ number: 7, hash: HASH, gasUsed: '21000', gasLimit: '30000000', ...extra });
  if (!value) throw new Error('fixture block does not normalize');
  return value;
}

const tx = (extra: Record<string, unknown>) => ({ hash: `0x${'cd'.repeat(32)}`, from: A, to: B, value: '1500000000000000000', gasUsed: '21000', ...extra });

describe('blockTxSection: rows, count only, none, error', () => {
  it('renders full transactions as rows', () => {
    const section = blockTxSection(block({ transactions: [tx({})] }));
    expect(section).toEqual({
      kind: 'rows',
      rows: [{ hash: `0x${'cd'.repeat(32)}`, from: A, to: B, contractAddress: null, value: '1.5 STO', gasUsed: '21,000' }],
    });
  });

  it('keeps a missing to as null (shown as [Contract Creation]) with the created address', () => {
    const C = `0x${'33'.repeat(20)}`;
    const section = blockTxSection(block({ transactions: [tx({ to: null, contractAddress: C, gasUsed: undefined })] }));
    expect(section.kind === 'rows' && section.rows[0]).toMatchObject({ to: null, contractAddress: C, gasUsed: '—' });
  });

  it.each<[string, Record<string, unknown>, ReturnType<typeof blockTxSection>]>([
    ['an empty list', { transactions: [] }, { kind: 'none' }],
    ['a count of zero', { transactions: 0 }, { kind: 'none' }],
    ['a count only', { transactions: 3 }, { kind: 'unavailable', count: 3, hashes: [] }],
    ['transactions_count only', { transactions_count: 2 }, { kind: 'unavailable', count: 2, hashes: [] }],
    ['hashes only', { transactions: [`0x${'ef'.repeat(32)}`] }, { kind: 'unavailable', count: 1, hashes: [`0x${'ef'.repeat(32)}`] }],
  ])('%s', (_name, extra, expected) => {
    expect(blockTxSection(block(extra))).toEqual(expected);
  });

  it('reports a transaction that cannot be displayed', () => {
    const broken = block({ transactions: [tx({})] });
    const first = broken.transactions[0] as Transaction;
    Object.defineProperty(first, 'value', { get: () => { throw new Error('value is unreadable'); } });
    const section = blockTxSection(broken);
    expect(section).toEqual({ kind: 'error', message: 'value is unreadable' });
    expect(errorDisplayingTransactions('value is unreadable')).toBe('Error displaying transactions: value is unreadable');
  });

  it('words the count-only message as the spec does', () => {
    expect(transactionsUnavailable(150)).toBe('This block contains 150 transactions, but detailed transaction data is not available.');
  });
});

describe('overview figures', () => {
  it.each<[bigint, bigint, string]>([
    [7_760_874n, 30_000_000n, '7,760,874 (25.87%)'],
    [0n, 30_000_000n, '0 (0.00%)'],
    [30_000_000n, 30_000_000n, '30,000,000 (100.00%)'],
    [1n, 3n, '1 (33.33%)'],
    [21_000n, 0n, '21,000 (0.00%)'],
  ])('gas used %s of %s → %s', (used, limit, text) => {
    expect(formatGasUsedCell(used, limit)).toBe(text);
  });

  it.each<[bigint | null, string]>([
    [17_290_346_700_000_000n, '0.017290 STO'],
    [2_000_000_000_000_000_000n, '2.0000 STO'],
    [0n, '0 STO'],
    [null, '—'],
  ])('reward %s → %s', (reward, text) => {
    expect(formatReward(reward)).toBe(text);
  });
});

describe('cache policy: blocks deeper than the reorg window are final', () => {
  it.each<[number, number | null, boolean]>([
    [0, 1000, true],
    [1000 - REORG_WINDOW - 1, 1000, true],
    [1000 - REORG_WINDOW, 1000, false],
    [1000, 1000, false],
    [5, null, false],
  ])('block %s with head %s → final %s', (n, head, final) => {
    expect(isFinalBlock(n, head)).toBe(final);
    expect(blockCacheControl(n, head)).toBe(final ? FINAL_BLOCK_CACHE : NO_STORE);
  });

  it('lets shared caches keep final blocks', () => {
    expect(FINAL_BLOCK_CACHE).toMatch(/^public, max-age=\d+, s-maxage=\d+$/);
  });
});

describe('block list query', () => {
  it.each<[string, { page: number; size: number; withTxs: boolean }]>([
    ['', { page: 1, size: 25, withTxs: false }],
    ['page=3&size=50&withTxs=1', { page: 3, size: 50, withTxs: true }],
    ['withTxs=true&size=10', { page: 1, size: 10, withTxs: true }],
    ['withTxs=0&size=100', { page: 1, size: 100, withTxs: false }],
    ['page=abc&size=7&withTxs=yes', { page: 1, size: 25, withTxs: false }],
    ['page=-2&size=1e3', { page: 1, size: 25, withTxs: false }],
  ])('?%s', (qs, expected) => {
    expect(parseBlockListQuery(new URLSearchParams(qs))).toEqual(expected);
  });

  it.each<[number, number, number | null, number, boolean]>([
    // ceil((latest + 1) / size)
    [1, 25, 99, 4, false],
    [4, 25, 99, 4, false],
    [5, 25, 99, 4, true],
    [1, 25, 100, 5, false],
    [9, 25, 100, 5, true],
    [2, 10, 9, 1, true],
    [1, 10, 0, 1, false],
    [3, 10, null, 1, false],
  ])('page %s, size %s, latest %s → %s pages, past the end %s', (page, size, latest, total, pastEnd) => {
    expect(blockListPages({ page, size, withTxs: false }, latest)).toEqual({ totalPages: total, pastEnd });
  });
});
