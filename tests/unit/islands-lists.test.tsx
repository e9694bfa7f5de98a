// @vitest-environment jsdom
import { act, cleanup, configure, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LatestBlockLive from '../../src/islands/LatestBlockLive.tsx';
import NewTxBanner from '../../src/islands/NewTxBanner.tsx';
import { newBlocksText } from '../../src/lib/blocks/messages.ts';
import { $blocksReorg, $latestBlock } from '../../src/lib/stores/blocks.ts';
import { $latestTransactions, $transactionsReplaced, acknowledgeTransactions } from '../../src/lib/stores/transactions.ts';

// The block and transaction lists' live islands: what they show for the shared stores' states.

configure({ testIdAttribute: 'data-test' });

const h = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', vi.fn(async () => new Response('[]', { status: 200 })));
  $latestBlock.set(null);
  $blocksReorg.set(null);
  $transactionsReplaced.set(0);
  acknowledgeTransactions([]);
});

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the new-blocks badge text', () => {
  it.each<[number | null, number | null, number | null, string | null]>([
    [100, 100, null, null],
    [100, 101, null, '1 new block since this page loaded'],
    [100, 1_102, null, '1002 new blocks since this page loaded'],
    [null, 101, null, null],
    // A reorganisation below the listed blocks outranks the count; one above them replaced nothing listed.
    [100, 103, 97, 'The chain was reorganised after block 97: blocks listed above it were replaced'],
    [100, 103, 100, '3 new blocks since this page loaded'],
  ])('listed %s, latest %s, reorg %s: %s', (listed, latest, reorg, text) => {
    expect(newBlocksText(listed, latest, reorg)).toBe(text);
  });
});

describe('Latest Block on the block list', () => {
  it.each<[string, boolean, string | null]>([
    ['page 1 announces new blocks', true, '2 new blocks since this page loaded'],
    ['other pages only update the number', false, null],
  ])('%s', (_name, announceNew, badge) => {
    render(<LatestBlockLive latest={100} indexerUrl="http://indexer.test" announceNew={announceNew} refreshHref="/blocks" />);
    const number = screen.getByTestId('latest-block');
    expect(number.textContent).toBe('100');
    expect(screen.getByTestId('new-blocks').hidden).toBe(true);
    act(() => $latestBlock.set(102));
    expect(number.textContent).toBe('102');
    expect(number.getAttribute('href')).toBe('/blocks/102');
    expect(screen.getByTestId('new-blocks').hidden).toBe(badge === null);
    if (badge !== null) expect(screen.getByTestId('new-blocks').textContent).toBe(`${badge}Show new blocks`);
  });

  it('seeds the shared store with the listed block, never lowers it, and says when listed blocks were replaced', () => {
    render(<LatestBlockLive latest={100} indexerUrl="http://indexer.test" announceNew refreshHref="/blocks" />);
    expect($latestBlock.get()).toBe(100);
    act(() => $blocksReorg.set(98));
    expect(screen.getByTestId('new-blocks').textContent).toContain('reorganised after block 98');
  });

  it('with no block listed, a dash', () => {
    render(<LatestBlockLive latest={null} indexerUrl="http://indexer.test" announceNew refreshHref="/blocks" />);
    expect(screen.getByTestId('latest-block').textContent).toBe('—');
  });
});

describe('the new-transactions banner', () => {
  /** The list's rows as the server writes them (the banner counts against them). */
  const list = (hashes: string[]): void => {
    document.body.innerHTML = `<div data-refresh-region="tx-list">${hashes.map((hash) => `<div data-hash="${hash}"></div>`).join('')}</div>`;
  };

  it("hidden until the store counts new transactions, then 'N new transaction(s) detected'", () => {
    list([h(2), h(1)]);
    render(<NewTxBanner indexerUrl="http://indexer.test" />);
    const banner = screen.getByTestId('new-tx-banner');
    expect(banner.hidden).toBe(true);
    act(() => $latestTransactions.set([h(4), h(3), h(2), h(1)]));
    expect(banner.hidden).toBe(false);
    expect(screen.getByTestId('new-tx-text').textContent).toBe('2 new transaction(s) detected');
  });

  it('Refresh swaps the listed rows for the fresh page\'s and starts counting again; a reorganisation does the same', async () => {
    list([h(2), h(1)]);
    const fresh = `<html><body><div data-refresh-region="tx-list"><div data-hash="${h(4)}"></div><div data-hash="${h(3)}"></div></div></body></html>`;
    const fetchMock = vi.fn(async () => new Response(fresh, { status: 200, headers: { 'content-type': 'text/html' } }));
    vi.stubGlobal('fetch', fetchMock);
    render(<NewTxBanner indexerUrl="http://indexer.test" />);
    act(() => $latestTransactions.set([h(4), h(3), h(2), h(1)]));
    await act(async () => screen.getByRole('button', { name: 'Refresh' }).click());
    await vi.waitFor(() => expect(screen.getByTestId('new-tx-banner').hidden).toBe(true));
    expect(Array.from(document.querySelectorAll<HTMLElement>('[data-hash]'), (row) => row.dataset['hash'])).toEqual([h(4), h(3)]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => $transactionsReplaced.set(1));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });
});
