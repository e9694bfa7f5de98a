import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import HomeAiBars from '../../src/islands/HomeAiBars.tsx';
import HomeBlocks from '../../src/islands/HomeBlocks.tsx';
import HomeOverlay from '../../src/islands/HomeOverlay.tsx';
import HomeStats from '../../src/islands/HomeStats.tsx';
import HomeTransactions from '../../src/islands/HomeTransactions.tsx';
import { newsItems } from '../../src/lib/home/news.ts';
import { readConfig } from '../../src/lib/config.ts';
import { normalizeBlocks } from '../../src/lib/normalize/block.ts';
import { normalizeTransactions } from '../../src/lib/normalize/transaction.ts';
import type { HomeBaseline, HomePart } from '../../src/lib/stores/home-feed.ts';
import type { NetworkStats } from '../../src/lib/types.ts';

// The server render of each island, for the states the e2e stack cannot reach (indexer down, empty data).

const NOW = 1_700_000_100_000;
const baseline = (missing: HomePart[] = []): HomeBaseline => ({ indexerUrl: 'http://indexer.test', latestBlock: 12, missing, renderedAt: NOW });
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

const blocks = normalizeBlocks(
  Array.from({ length: 11 }, (_, i) => ({
    number: 12 - i,
    hash: `0x${(12 - i).toString(16).padStart(64, '0')}`,
    timestamp: 1_700_000_000 - i * 3,
    miner: '0x0dc0dccea64fd201da269fa621740c93ead926b5',
    gasUsed: '0',
    gasLimit: '30000000',
    transactionCount: 1,
    reward: '1000000000000000',
  })),
);
const TO = '0xeabc2628f279ea3bd308cb4527875a01d7487813';
const FROM = '0x5acfb896eea61dbcab284abaaf1dae7c36bc7810';
const transactions = normalizeTransactions([
  { hash: `0x${'1'.repeat(64)}`, blockNumber: 12, timestamp: 1_700_000_000, from: FROM, to: TO, value: '123456789012345678', data: '0x', status: true },
  { hash: `0x${'2'.repeat(64)}`, blockNumber: 12, timestamp: 1_700_000_000, from: FROM, to: null, value: '0', data: '0x6080', status: false },
  {
    hash: `0x${'3'.repeat(64)}`,
    blockNumber: 12,
    timestamp: 1_700_000_000,
    from: FROM,
    to: TO,
    value: '0',
    data: `0xa9059cbb${'0'.repeat(128)}`,
    status: null,
  },
]);
const stats: NetworkStats = {
  latestBlock: 1234567,
  totalTransactions: 2469134,
  totalTransactionsEstimated: false,
  tps: 0.034,
  gasPriceWei: null,
  gasPriceGwei: null,
  totalHolders: 105,
  validatorsPayout: { raw: 1234n * 10n ** 18n, formatted: '1234' },
  totalTokens: 0,
};

describe('HomeTransactions', () => {
  it("shows the placeholder 'Loading transactions...' while there are none", () => {
    expect(text(renderToStaticMarkup(createElement(HomeTransactions, { transactions: null, baseline: baseline(['transactions']) })))).toContain(
      'Loading transactions...',
    );
    expect(text(renderToStaticMarkup(createElement(HomeTransactions, { transactions: [], baseline: baseline() })))).toContain('Loading transactions...');
  });

  it('shows kind labels (core §4), status badges and values with up to 8 decimals', () => {
    const out = text(renderToStaticMarkup(createElement(HomeTransactions, { transactions, baseline: baseline() })));
    expect(out).toContain('STO Transfer');
    expect(out).toContain('Contract Creation');
    expect(out).toContain('Token Transfer');
    expect(out).toContain('Success');
    expect(out).toContain('Failed');
    expect(out).toContain('Pending');
    expect(out).toContain('0.12345678 STO');
    expect(out).toContain('[Contract Creation]');
    expect(out).toContain('1 min ago');
    expect(out).toContain('View All transactions');
    expect(out).not.toContain('new');
  });
});

describe('HomeBlocks', () => {
  it('renders 11 blocks, those past the 8th hidden on small screens', () => {
    const html = renderToStaticMarkup(createElement(HomeBlocks, { blocks, baseline: baseline() }));
    const rows = html.match(/<li data-test="home-block" class="[^"]*"/g) ?? [];
    expect(rows).toHaveLength(11);
    expect(rows.map((row) => row.includes('hidden sm:flex'))).toEqual([...Array<boolean>(8).fill(false), true, true, true]);
    expect(text(html)).toContain('#12');
    expect(text(html)).toContain('0.001000 STO');
    expect(html).toContain('href="/blocks"');
  });

  it('shows a loading text without blocks', () => {
    expect(text(renderToStaticMarkup(createElement(HomeBlocks, { blocks: null, baseline: baseline(['blocks']) })))).toContain('Loading blocks...');
  });
});

describe('HomeStats', () => {
  it('shows Latest Block, Transactions with TPS, Holders and the payout with its 10% dollar estimate', () => {
    const out = text(renderToStaticMarkup(createElement(HomeStats, { stats, baseline: baseline() })));
    for (const part of ['Latest Block 1,234,567', 'Transactions 2,469,134 TPS: 0.03', 'Holders 105', 'Validators Payout 1,234.00 STO ≈ $123.40']) {
      expect(out).toContain(part);
    }
  });

  it('shows dashes when the stats are missing', () => {
    const out = text(renderToStaticMarkup(createElement(HomeStats, { stats: null, baseline: baseline(['stats']) })));
    expect(out).toContain('Latest Block —');
    expect(out).toContain('Holders —');
  });
});

describe('HomeAiBars (core §8: home defaults 98 and 92)', () => {
  it.each([
    [null, '98%', '92%'],
    [{ predictionAccuracy: 94.1, gasOptimization: 3.4 }, '94.1%', '3.4%'],
  ])('%j → %s and %s', (ai, accuracy, optimization) => {
    const html = renderToStaticMarkup(createElement(HomeAiBars, { ai, baseline: baseline() }));
    expect(text(html)).toContain(`Block Prediction Accuracy ${accuracy}`);
    expect(text(html)).toContain(`Network Optimization ${optimization}`);
    expect(html).toContain(`width:${accuracy}`);
  });
});

describe('HomeOverlay (core §2: n/4 loaded)', () => {
  it.each<[HomePart[], string]>([
    [['blocks', 'transactions', 'stats', 'ai'], '0/4 loaded'],
    [['transactions', 'stats'], '2/4 loaded'],
    [['stats'], '3/4 loaded'],
  ])('missing %j → %s', (missing, progress) => {
    expect(text(renderToStaticMarkup(createElement(HomeOverlay, { baseline: baseline(missing) })))).toContain(progress);
  });

  it('renders nothing when only the AI data is missing or nothing is', () => {
    expect(renderToStaticMarkup(createElement(HomeOverlay, { baseline: baseline(['ai']) }))).toBe('');
    expect(renderToStaticMarkup(createElement(HomeOverlay, { baseline: baseline() }))).toBe('');
  });
});

describe('news items (core §2)', () => {
  const items = newsItems(readConfig({}).links);
  it("has 6 items, 'Swap Here →' first and 'Learn More →' on the others", () => {
    expect(items).toHaveLength(6);
    expect(items.map((item) => item.linkText)).toEqual(['Swap Here →', ...Array<string>(5).fill('Learn More →')]);
  });
  it('marks external pages (new tab) and keeps the site’s own pages internal', () => {
    for (const item of items) expect(item.external).toBe(/^https?:/.test(item.href));
    expect(items[0]?.href).toBe(readConfig({}).links.dapp);
    expect(items.some((item) => item.href === '/ai-dashboard' && !item.external)).toBe(true);
  });
});
