// @vitest-environment jsdom
import { act, cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import HomeOverlay from '../../src/islands/HomeOverlay.tsx';
import HomeStats from '../../src/islands/HomeStats.tsx';
import LatestBlocks from '../../src/islands/LatestBlocks.tsx';
import LatestTransactions from '../../src/islands/LatestTransactions.tsx';
import NeuralCanvas from '../../src/islands/NeuralCanvas.tsx';
import { homeBlockRows, homeTxRows, type HomeBaseline, type HomePart } from '../../src/lib/home/feed.ts';
import { $canvasFeed } from '../../src/lib/home/canvas-feed.ts';
import { $homeFeed } from '../../src/lib/home/store.ts';
import type { Block, NetworkStats, Transaction } from '../../src/lib/model/types.ts';

// The home page's islands with a DOM: what they render on the server and after hydration, for the spec's
// states and texts, fed through the shared stores as the tab's stream feeds them.

configure({ testIdAttribute: 'data-test' });

const NOW = Date.UTC(2026, 10, 29, 12, 0, 0);
const HOSTILE = '<img src=x onerror="window.pwned=1">';

const block = (number: number, extra: Partial<Block> = {}): Block => ({
  number,
  hash: `0x${number.toString(16).padStart(64, '0')}`,
  parentHash: null,
  timestamp: NOW / 1000 - 12,
  miner: '0x00000000000000000000000000000000000000aa',
  gasUsed: 0n,
  gasLimit: 0n,
  baseFeePerGas: null,
  reward: 2_000_000_000_000_000_000n,
  transactionCount: 1,
  transactions: [],
  transactionHashes: [],
  hasTransactions: true,
  ...extra,
});

const tx = (n: number, extra: Partial<Transaction> = {}): Transaction => ({
  hash: `0x${n.toString(16).padStart(64, 'a')}`,
  blockNumber: 10,
  timestamp: NOW / 1000 - 120,
  from: '0x00000000000000000000000000000000000000b1',
  to: '0x00000000000000000000000000000000000000b2',
  contractAddress: null,
  value: 1_500_000_000_000_000_000n,
  input: '0x',
  gasUsed: null,
  gasPrice: null,
  gasLimit: null,
  nonce: null,
  transactionIndex: null,
  status: true,
  tokenTransfers: [],
  ...extra,
});

const stats: NetworkStats = {
  latestBlock: 348,
  totalTransactions: 1023,
  totalTransactionsEstimated: false,
  tps: 0.4242,
  gasPriceWei: 1_000_000_000n,
  gasPriceGwei: 1,
  totalHolders: 42,
  validatorsPayout: { raw: 10_000_000_000_000_000_000n, formatted: '10' },
  totalTokens: 3,
};

const baseline = (missing: HomePart[] = []): HomeBaseline => ({ indexerUrl: 'http://indexer.test', latestBlock: 11, missing, renderedAt: NOW });

beforeAll(() => {
  // jsdom has neither layout observers nor media queries nor a 2D canvas: the canvas island checks for each.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly callback: IntersectionObserverCallback;
      constructor(callback: IntersectionObserverCallback) {
        this.callback = callback;
      }
      observe(): void {
        this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
      }
      disconnect(): void {}
    },
  );
  vi.stubGlobal('matchMedia', () => ({ matches: true }));
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
});

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  // Nothing may reach the network from these tests.
  vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 500 })));
  $homeFeed.set({ newBlocks: 0, newTransactions: 0 });
  $canvasFeed.set({ status: 'AI Listening', detection: { seq: 0, kinds: [] }, blocks: 0, polls: 0 });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Latest Blocks', () => {
  it.each<[string, Block[] | null, string]>([
    ['the server could not load them', null, 'Loading blocks...'],
    ['the chain has none', [], 'No blocks found.'],
  ])('%s: %s', (_name, blocks, text) => {
    render(<LatestBlocks blocks={homeBlockRows(blocks)} baseline={baseline()} />);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('11 rows, the 9th to 11th hidden on small screens, with number, age, producer, count and reward', () => {
    const blocks = Array.from({ length: 11 }, (_, i) => block(348 - i, { transactionCount: i }));
    render(<LatestBlocks blocks={homeBlockRows(blocks)} baseline={baseline()} />);
    const rows = screen.getAllByTestId('home-block');
    expect(rows).toHaveLength(11);
    expect(rows.map((row) => row.className.startsWith('hidden sm:flex'))).toEqual([...Array.from({ length: 8 }, () => false), true, true, true]);
    const first = within(rows[0]!);
    expect(first.getByTestId('block-number').textContent).toBe('#348');
    expect(first.getByTestId('block-number').getAttribute('href')).toBe('/blocks/348');
    expect(first.getByTestId('age').textContent).toBe('12 secs ago');
    expect(first.getByTestId('block-tx-count').textContent).toBe('0 txns');
    expect(within(rows[1]!).getByTestId('block-tx-count').textContent).toBe('1 txn');
    expect(rows[0]!.textContent).toContain('2.0000 STO');
  });

  it("shows the store's blocks and '+N new', and View All resets the count", () => {
    render(<LatestBlocks blocks={homeBlockRows([block(10)])} baseline={baseline()} />);
    expect(screen.queryByTestId('new-blocks-badge')).toBeNull();
    act(() => $homeFeed.set({ ...$homeFeed.get(), blocks: [block(12), block(11), block(10)], newBlocks: 2, now: NOW + 60_000 }));
    expect(screen.getAllByTestId('home-block')).toHaveLength(3);
    expect(screen.getByTestId('new-blocks-badge').textContent).toBe('+2 new');
    // The clock moved with the store: the row rendered 12 s before the server's time is now 72 s old.
    expect(screen.getAllByTestId('age')[0]!.textContent).toBe('1 min ago');
    const viewAll = screen.getByTestId('view-all-blocks');
    viewAll.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(viewAll);
    expect(screen.queryByTestId('new-blocks-badge')).toBeNull();
    expect($homeFeed.get().newBlocks).toBe(0);
  });

  it('hydrates to the same HTML the server wrote (the store starts with its initial value)', () => {
    $homeFeed.set({ ...$homeFeed.get(), blocks: [block(99)], newBlocks: 5 });
    const props = { blocks: homeBlockRows([block(10)]), baseline: baseline() };
    const html = renderToString(<LatestBlocks {...props} />);
    expect(html).toContain('href="/blocks/10"');
    expect(html).not.toContain('/blocks/99');
    expect(html).not.toContain('+5 new');
  });
});

describe('Latest Transactions', () => {
  it.each<[string, Transaction[] | null]>([
    ['not loaded', null],
    ['none', []],
  ])('%s: the placeholder', (_name, transactions) => {
    render(<LatestTransactions transactions={homeTxRows(transactions)} baseline={baseline()} />);
    expect(screen.getByTestId('transactions-placeholder').textContent).toBe('Loading transactions...');
  });

  it.each<[string, Partial<Transaction>, string, string]>([
    ['a native transfer', {}, 'STO Transfer', 'Success'],
    ['a deployment', { to: null, input: '0x6080' }, 'Contract Creation', 'Success'],
    ['a token transfer', { input: '0xa9059cbb' + '0'.repeat(128), value: 0n, status: false }, 'Token Transfer', 'Failed'],
    ['a call', { input: '0x12345678', status: null }, 'Contract Interaction', 'Pending'],
  ])('%s: kind %s and status', (_name, extra, kind, status) => {
    render(<LatestTransactions transactions={homeTxRows([tx(1, extra)])} baseline={baseline()} />);
    expect(screen.getByTestId('tx-kind').textContent).toBe(kind);
    expect(screen.getByTestId('status').textContent).toBe(status);
  });

  it("writes a hostile token symbol as text, in the browser and on the server, and keeps only a row's 10 first input characters in props", () => {
    const hostile = tx(2, { tokenTransfers: [{ symbol: HOSTILE, name: HOSTILE } as Transaction['tokenTransfers'][number]] });
    const rows = homeTxRows([hostile])!;
    expect(rows[0]!.input.length).toBeLessThanOrEqual(10);
    render(<LatestTransactions transactions={rows} baseline={baseline()} />);
    expect(screen.getByTestId('tx-kind').textContent).toBe(`${HOSTILE} Transfer`);
    expect(document.querySelector('img')).toBeNull();
    expect(renderToString(<LatestTransactions transactions={rows} baseline={baseline()} />)).not.toContain('<img');
  });

  it("'+N new' from the store, reset by View All", () => {
    render(<LatestTransactions transactions={homeTxRows([tx(1)])} baseline={baseline()} />);
    act(() => $homeFeed.set({ ...$homeFeed.get(), transactions: [tx(3), tx(2), tx(1)], newTransactions: 2 }));
    expect(screen.getAllByTestId('home-transaction')).toHaveLength(3);
    expect(screen.getByTestId('new-transactions-badge').textContent).toBe('+2 new');
    const viewAll = screen.getByTestId('view-all-transactions');
    viewAll.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(viewAll);
    expect(screen.queryByTestId('new-transactions-badge')).toBeNull();
  });
});

describe('Network Statistics', () => {
  it.each<[string, NetworkStats | null, Record<string, string>]>([
    ['not loaded', null, { 'stat-latest-block': '—', 'stat-transactions': '—', 'stat-tps': '—', 'stat-holders': '—', 'stat-payout': '—', 'stat-payout-usd': '—' }],
    ['loaded', stats, { 'stat-latest-block': '348', 'stat-transactions': '1,023', 'stat-tps': '0.42', 'stat-holders': '42', 'stat-payout': '10.0000 STO', 'stat-payout-usd': '$1.00' }],
  ])('%s', (_name, value, texts) => {
    render(<HomeStats stats={value} baseline={baseline()} />);
    for (const [test, text] of Object.entries(texts)) expect(screen.getByTestId(test).textContent, test).toBe(text);
  });

  it("follows the store's figures", () => {
    render(<HomeStats stats={stats} baseline={baseline()} />);
    act(() => $homeFeed.set({ ...$homeFeed.get(), stats: { ...stats, latestBlock: 349, totalHolders: 43 } }));
    expect(screen.getByTestId('stat-latest-block').textContent).toBe('349');
    expect(screen.getByTestId('stat-holders').textContent).toBe('43');
  });
});

describe('the loading overlay', () => {
  it.each<[HomePart[], string | null]>([
    [['blocks', 'transactions', 'stats', 'ai'], '0/4 loaded'],
    [['stats'], '3/4 loaded'],
    // The AI figures alone do not hold the page up.
    [['ai'], null],
  ])('missing %j: %s', (missing, text) => {
    render(<HomeOverlay baseline={baseline(missing)} />);
    if (text === null) expect(screen.queryByTestId('home-overlay')).toBeNull();
    else expect(screen.getByTestId('home-overlay-progress').textContent).toBe(text);
  });

  it('counts up as the store loads the parts, and goes once blocks, transactions and stats are in', () => {
    render(<HomeOverlay baseline={baseline(['blocks', 'transactions', 'stats'])} />);
    act(() => $homeFeed.setKey('pending', ['transactions', 'stats']));
    expect(screen.getByTestId('home-overlay-progress').textContent).toBe('2/4 loaded');
    act(() => $homeFeed.setKey('pending', []));
    expect(screen.queryByTestId('home-overlay')).toBeNull();
  });
});

describe('the neural canvas', () => {
  it("server HTML: 'AI Listening', no banner, state 'server'", () => {
    const html = renderToString(<NeuralCanvas indexerUrl="http://indexer.test" />);
    expect(html).toContain('data-state="server"');
    expect(html).toContain('AI Listening');
    expect(html).toMatch(/data-test="ai-canvas-banner"[^>]*hidden/);
  });

  it("a detection names its kinds in the banner for 3 s; 'AI Scanning' after empty rounds; a still frame for reduced motion", async () => {
    render(<NeuralCanvas indexerUrl="http://indexer.test" />);
    const canvas = screen.getByTestId('ai-canvas');
    // In view (the stubbed observer), reduced motion (the stubbed media query): one still frame, no animation.
    expect(canvas.getAttribute('data-state')).toBe('still');
    const banner = screen.getByTestId('ai-canvas-banner');
    expect(banner.hidden).toBe(true);
    act(() => $canvasFeed.set({ ...$canvasFeed.get(), polls: 2, detection: { seq: 1, kinds: ['CONTRACT_DEPLOY', 'NFT_TRANSFER'] } }));
    expect(banner.hidden).toBe(false);
    expect(banner.textContent).toBe('Contract deployment, NFT transfer detected');
    expect(canvas.getAttribute('data-polls')).toBe('2');
    await act(() => vi.advanceTimersByTimeAsync(2_999));
    expect(banner.hidden).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(banner.hidden).toBe(true);
    act(() => $canvasFeed.setKey('status', 'AI Scanning'));
    expect(screen.getByTestId('ai-canvas-status').textContent).toBe('AI Scanning');
  });
});
