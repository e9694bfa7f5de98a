import { describe, expect, it } from 'vitest';
import {
  HOLDERS_PAGE_SIZE,
  PAGE_SIZES,
  PAGE_WINDOW,
  TOKEN_DETAIL_PAGE_SIZE,
  blockPageCount,
  goTo,
  pageCount,
  pageOffset,
  paginate,
  parsePageQuery,
  type PageItem,
} from '../../src/lib/url/pagination.ts';

// '1 … 8 9 [10] 11 12 … 20': the current page in brackets.
function render(items: readonly PageItem[]): string {
  return items.map((item) => (item.type === 'ellipsis' ? '…' : item.current ? `[${item.n}]` : String(item.n))).join(' ');
}

describe('paginate: 5 page buttons, first/last and ellipses', () => {
  it('shows five buttons', () => {
    expect(PAGE_WINDOW).toBe(5);
  });

  it.each<[number, number, string, boolean, boolean]>([
    [1, 20, '[1] 2 3 4 5 … 20', false, true],
    [3, 20, '1 2 [3] 4 5 … 20', true, true],
    [4, 20, '1 2 3 [4] 5 6 … 20', true, true],
    [10, 20, '1 … 8 9 [10] 11 12 … 20', true, true],
    [17, 20, '1 … 15 16 [17] 18 19 20', true, true],
    [20, 20, '1 … 16 17 18 19 [20]', true, false],
    [25, 20, '1 … 16 17 18 19 [20]', true, false],
    [0, 20, '[1] 2 3 4 5 … 20', false, true],
    [-3, 20, '[1] 2 3 4 5 … 20', false, true],
    [2, 3, '1 [2] 3', true, true],
    [1, 1, '[1]', false, false],
    [1, 0, '[1]', false, false],
    [1, 5, '[1] 2 3 4 5', false, true],
    [1, 6, '[1] 2 3 4 5 6', false, true],
    [1, 7, '[1] 2 3 4 5 … 7', false, true],
    [7, 7, '1 … 3 4 5 6 [7]', true, false],
  ])('page %s of %s → %s', (current, total, expected, prev, next) => {
    const model = paginate(current, total);
    expect(render(model.items)).toBe(expected);
    expect(model.prevEnabled).toBe(prev);
    expect(model.nextEnabled).toBe(next);
  });

  it('reports the clamped current page and total', () => {
    expect(paginate(25, 20)).toMatchObject({ current: 20, total: 20 });
  });

  it('keys ellipses by position', () => {
    expect(paginate(10, 20).items.filter((i) => i.type === 'ellipsis')).toEqual([
      { type: 'ellipsis', position: 'start' },
      { type: 'ellipsis', position: 'end' },
    ]);
  });
});

describe('goTo ignores out-of-range pages', () => {
  it.each<[number, number, number | null]>([
    [3, 20, 3],
    [1, 20, 1],
    [20, 20, 20],
    [0, 20, null],
    [21, 20, null],
    [-1, 20, null],
    [2.5, 20, null],
    [Number.NaN, 20, null],
  ])('goTo(%s, %s) → %s', (page, total, expected) => {
    expect(goTo(page, total)).toBe(expected);
  });
});

describe('page counts', () => {
  it.each<[number | null, number, number]>([
    [100, 25, 4],
    [101, 25, 5],
    [1, 25, 1],
    [0, 25, 1],
    [null, 25, 1],
  ])('pageCount(%s, %s) → %s', (count, size, expected) => {
    expect(pageCount(count, size)).toBe(expected);
  });

  // Blocks 0..latest are latest + 1 blocks.
  it.each<[number | null, number, number]>([
    [24, 25, 1],
    [25, 25, 2],
    [99, 10, 10],
    [100, 10, 11],
    [0, 25, 1],
    [null, 25, 1],
  ])('blockPageCount(%s, %s) → %s', (latest, size, expected) => {
    expect(blockPageCount(latest, size)).toBe(expected);
  });

  it.each([
    [1, 25, 0],
    [3, 10, 20],
    [0, 10, 0],
  ])('pageOffset(%s, %s) → %s', (page, size, expected) => {
    expect(pageOffset(page, size)).toBe(expected);
  });
});

describe('page sizes', () => {
  it('offers the spec lists and defaults', () => {
    expect(PAGE_SIZES.blocks).toEqual({ options: [10, 25, 50, 100], defaultSize: 25 });
    expect(PAGE_SIZES.transactions).toEqual({ options: [10, 25, 50, 100], defaultSize: 25 });
    expect(PAGE_SIZES.addressTransactions).toEqual({ options: [10, 25, 50, 100], defaultSize: 10 });
    expect(PAGE_SIZES.tokens).toEqual({ options: [10, 25, 50, 100], defaultSize: 25 });
    expect(PAGE_SIZES.nfts).toEqual({ options: [12, 24, 48], defaultSize: 12 });
    expect(HOLDERS_PAGE_SIZE).toBe(50);
    expect(TOKEN_DETAIL_PAGE_SIZE).toBe(10);
  });
});

describe('parsePageQuery', () => {
  it.each<[string, { page?: string | null; size?: string | null }, keyof typeof PAGE_SIZES, number, number]>([
    ['nothing', {}, 'blocks', 1, 25],
    ['page and size', { page: '3', size: '50' }, 'blocks', 3, 50],
    ['garbage page', { page: 'abc' }, 'blocks', 1, 25],
    ['page 0', { page: '0' }, 'blocks', 1, 25],
    ['negative page', { page: '-2' }, 'blocks', 1, 25],
    ['fractional page', { page: '2.5' }, 'blocks', 1, 25],
    ['huge page', { page: '99999999999999999999' }, 'blocks', 1, 25],
    ['null values', { page: null, size: null }, 'transactions', 1, 25],
    ['size not offered', { size: '30' }, 'blocks', 1, 25],
    ['garbage size', { size: 'x' }, 'blocks', 1, 25],
    ['size 100', { size: '100' }, 'transactions', 1, 100],
    ['NFT size 24', { size: '24' }, 'nfts', 1, 24],
    ['NFT size 25', { size: '25' }, 'nfts', 1, 12],
    ['address tab default', {}, 'addressTransactions', 1, 10],
    ['token default', { page: '2' }, 'tokens', 2, 25],
  ])('%s', (_, query, list, page, size) => {
    expect(parsePageQuery(query, PAGE_SIZES[list])).toEqual({ page, size });
  });

  it('reads URLSearchParams', () => {
    expect(parsePageQuery(new URLSearchParams('?page=4&size=10'), PAGE_SIZES.blocks)).toEqual({ page: 4, size: 10 });
  });
});
