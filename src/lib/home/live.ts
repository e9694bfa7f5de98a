import { refreshAges } from '../blocks/ages.ts';
import { readJsonScript } from '../page/json-script.ts';
import type { HomeBaseline } from './feed.ts';
import { $homeFeed, resetNewBlocks, resetNewTransactions, startHome, type HomeFeed } from './store.ts';
import { aiBars, blocksBody, newBadge, overlay, statsList, transactionsBody, type Html } from './view.ts';

// The home page's live script (a few KB, no framework): starts the shared feed with the server's baseline and
// writes the parts the feed changes (view.ts, the same HTML the server wrote). Parts the feed has not loaded yet
// keep the server's HTML; their ages follow the feed's clock.

type Region = 'stats' | 'blocks' | 'transactions' | 'ai' | 'overlay' | 'new-blocks' | 'new-transactions';

/** What each region shows for a state of the feed; undefined leaves the region as it is. */
export function regionViews(feed: HomeFeed, baseline: HomeBaseline): Record<Region, Html | undefined> {
  const now = feed.now ?? baseline.renderedAt;
  return {
    stats: feed.stats ? statsList(feed.stats) : undefined,
    blocks: feed.blocks ? blocksBody(feed.blocks, now) : undefined,
    transactions: feed.transactions ? transactionsBody(feed.transactions, now) : undefined,
    ai: feed.ai !== undefined ? aiBars(feed.ai) : undefined,
    overlay: overlay(feed.pending ?? baseline.missing),
    'new-blocks': newBadge(feed.newBlocks, 'new-blocks-badge'),
    'new-transactions': newBadge(feed.newTransactions, 'new-transactions-badge'),
  };
}

/** Starts the live home page; nothing happens on a page without the baseline. */
export function startHomePage(doc: Document = document): void {
  const baseline = readJsonScript<HomeBaseline>(doc, 'home-baseline');
  if (!baseline) return;
  const region = (name: Region): HTMLElement | null => doc.querySelector<HTMLElement>(`[data-home="${name}"]`);
  const written = new Map<Region, string>();
  let clock = baseline.renderedAt;
  doc.querySelector('[data-home-reset="blocks"]')?.addEventListener('click', resetNewBlocks);
  doc.querySelector('[data-home-reset="transactions"]')?.addEventListener('click', resetNewTransactions);
  startHome(baseline);
  $homeFeed.subscribe((feed) => {
    const views = regionViews(feed, baseline);
    for (const [name, view] of Object.entries(views) as [Region, Html | undefined][]) {
      const el = region(name);
      if (!el || view === undefined || written.get(name) === view.value) continue;
      // The first write of a badge or the overlay is skipped when it matches what the server wrote.
      if (!written.has(name) && el.innerHTML === view.value) {
        written.set(name, view.value);
        continue;
      }
      written.set(name, view.value);
      el.innerHTML = view.value;
    }
    // Parts still showing the server's rows: their ages follow the feed's clock.
    if (feed.now !== undefined && feed.now !== clock) {
      clock = feed.now;
      for (const name of ['blocks', 'transactions'] as const) {
        const el = region(name);
        if (el && !written.has(name)) refreshAges(el, clock);
      }
    }
  });
}
