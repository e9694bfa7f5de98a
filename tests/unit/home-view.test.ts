import { describe, expect, it } from 'vitest';
import { regionViews } from '../../src/lib/home/live.ts';
import { aiBars, blocksBody, esc, html, newBadge, overlay, statsList, transactionsBody } from '../../src/lib/home/view.ts';
import { newsItems } from '../../src/lib/home/news.ts';
import { readConfig } from '../../src/lib/server/config.ts';
import { normalizeBlocks } from '../../src/lib/normalize/block.ts';
import { normalizeTransactions } from '../../src/lib/normalize/transaction.ts';
import type { HomeBaseline, HomePart } from '../../src/lib/home/feed.ts';
import type { NetworkStats } from '../../src/lib/model/types.ts';

// The home page's live parts (written by the server and again by the live script), for the states the e2e stack
// cannot reach (indexer down, empty data), and what the live script writes for each state of the feed.

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

describe('Latest Transactions', () => {
  it("shows the placeholder 'Loading transactions...' while there are none", () => {
    expect(text(transactionsBody(null, NOW).value)).toBe('Loading transactions...');
    expect(text(transactionsBody([], NOW).value)).toBe('Loading transactions...');
  });

  it('shows kind labels (core §4), status badges and values with up to 8 decimals', () => {
    const out = text(transactionsBody(transactions, NOW).value);
    expect(out).toContain('STO Transfer');
    expect(out).toContain('Contract Creation');
    expect(out).toContain('Token Transfer');
    expect(out).toContain('Success');
    expect(out).toContain('Failed');
    expect(out).toContain('Pending');
    expect(out).toContain('0.12345678 STO');
    expect(out).toContain('[Contract Creation]');
    expect(out).toContain('1 min ago');
    expect(out).not.toContain('new');
  });
});

describe('Latest Blocks', () => {
  it('renders 11 blocks, those past the 8th hidden on small screens', () => {
    const out = blocksBody(blocks, NOW).value;
    const rows = out.match(/<li data-test="home-block" class="[^"]*"/g) ?? [];
    expect(rows).toHaveLength(11);
    expect(rows.map((row) => row.includes('hidden sm:flex'))).toEqual([...Array<boolean>(8).fill(false), true, true, true]);
    expect(text(out)).toContain('#12');
    expect(text(out)).toContain('0.001000 STO');
    expect(out).toContain('href="/blocks/12"');
  });

  it('shows a loading text without blocks, and says when there are none', () => {
    expect(text(blocksBody(null, NOW).value)).toBe('Loading blocks...');
    expect(text(blocksBody([], NOW).value)).toBe('No blocks found.');
  });
});

describe('Network Statistics', () => {
  it('shows Latest Block, Transactions with TPS, Holders and the payout with its 10% dollar estimate', () => {
    const out = text(statsList(stats).value);
    for (const part of ['Latest Block 1,234,567', 'Transactions 2,469,134 TPS: 0.03', 'Holders 105', 'Validators Payout 1,234.00 STO ≈ $123.40']) {
      expect(out).toContain(part);
    }
  });

  it('shows dashes when the stats are missing', () => {
    const out = text(statsList(null).value);
    expect(out).toContain('Latest Block —');
    expect(out).toContain('Holders —');
  });
});

describe('AI card bars (core §8: home defaults 98 and 92)', () => {
  it.each([
    [null, '98%', '92%'],
    [{ predictionAccuracy: 94.1, gasOptimization: 3.4 }, '94.1%', '3.4%'],
  ])('%j → %s and %s', (ai, accuracy, optimization) => {
    const out = aiBars(ai).value;
    expect(text(out)).toContain(`Block Prediction Accuracy ${accuracy}`);
    expect(text(out)).toContain(`Network Optimization ${optimization}`);
    expect(out).toContain(`width:${accuracy}`);
  });
});

describe('loading overlay (core §2: n/4 loaded)', () => {
  it.each<[HomePart[], string]>([
    [['blocks', 'transactions', 'stats', 'ai'], '0/4 loaded'],
    [['transactions', 'stats'], '2/4 loaded'],
    [['stats'], '3/4 loaded'],
  ])('missing %j → %s', (missing, progress) => {
    expect(text(overlay(missing).value)).toContain(progress);
  });

  it('renders nothing when only the AI data is missing or nothing is', () => {
    expect(overlay(['ai']).value).toBe('');
    expect(overlay([]).value).toBe('');
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

describe('the +N new badges', () => {
  it('say nothing until something arrived, then +N new', () => {
    expect(newBadge(0, 'new-blocks-badge').value).toBe('');
    expect(text(newBadge(3, 'new-blocks-badge').value)).toBe('+3 new');
    expect(newBadge(3, 'new-blocks-badge').value).toContain('data-test="new-blocks-badge"');
  });
});

describe('escaping: chain data never becomes markup', () => {
  it('escapes every interpolated value, in text and in attributes', () => {
    const hostile = '"><img src=x onerror=alert(1)>&\'';
    expect(esc(hostile)).toBe('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&amp;&#39;');
    const out = html`<a title="${hostile}">${hostile}</a>`.value;
    expect(out).not.toContain('<img');
    expect(out).toBe(`<a title="${esc(hostile)}">${esc(hostile)}</a>`);
    // Fragments built by the module are kept; arrays are joined.
    expect(html`<p>${[html`<b>1</b>`, '<2>']}</p>`.value).toBe('<p><b>1</b>&lt;2&gt;</p>');
  });

  it('a transaction whose kind comes from hostile input is shown as text', () => {
    const [tx] = transactions;
    if (!tx) throw new Error('no transaction');
    const out = transactionsBody([{ ...tx, hash: `0x${'a'.repeat(64)}"><script>x</script>` }], NOW).value;
    expect(out).not.toContain('<script>');
    expect(out).toContain('&lt;script&gt;');
  });
});

describe('what the live script writes for each state of the feed', () => {
  it('leaves the parts it has not loaded as the server wrote them, badges and overlay always follow the feed', () => {
    const views = regionViews({ newBlocks: 0, newTransactions: 2 }, baseline(['stats']));
    expect(views.blocks).toBeUndefined();
    expect(views.transactions).toBeUndefined();
    expect(views.stats).toBeUndefined();
    expect(views.ai).toBeUndefined();
    expect(text(views.overlay?.value ?? '')).toContain('3/4 loaded');
    expect(views['new-blocks']?.value).toBe('');
    expect(text(views['new-transactions']?.value ?? '')).toBe('+2 new');
  });

  it('writes the loaded parts with the feed\'s clock; AI data that failed shows the defaults', () => {
    const views = regionViews({ blocks, transactions, stats, ai: null, pending: [], now: NOW + 60_000, newBlocks: 1, newTransactions: 0 }, baseline());
    expect(text(views.blocks?.value ?? '')).toContain('#12');
    expect(text(views.transactions?.value ?? '')).toContain('2 mins ago');
    expect(text(views.stats?.value ?? '')).toContain('Holders 105');
    expect(text(views.ai?.value ?? '')).toContain('Block Prediction Accuracy 98%');
    expect(views.overlay?.value).toBe('');
  });
});
