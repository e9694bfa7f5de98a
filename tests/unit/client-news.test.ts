// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import news from '../../src/lib/client-directives/news.ts';
import { announceNews } from '../../src/lib/stores/news.ts';

// `client:news="name"`: a list's banner island hydrates when the page's store first has news for it, and
// not before (React's runtime then never loads on a page where nothing happens).

/** The directive on an island named `name`; returns how many times it hydrated. */
function island(name: string): { hydrations: () => number } {
  const run = vi.fn(async () => {});
  const load = vi.fn(async () => run);
  void news(load, { name: 'LatestBlockLive', value: name }, document.createElement('astro-island'));
  return { hydrations: () => run.mock.calls.length };
}

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  delete (window as Window & { stoNews?: Set<string> }).stoNews;
});

describe('client:news', () => {
  it.each<[string, string[], number]>([
    ['no news: the island stays its server HTML', [], 0],
    ["another island's news: not this one", ['transactions'], 0],
    ['its news: it hydrates', ['blocks'], 1],
    ['news twice: it hydrates once', ['blocks', 'blocks'], 1],
  ])('%s', async (_name, announced, hydrations) => {
    const blocks = island('blocks');
    for (const name of announced) announceNews(name);
    await settle();
    expect(blocks.hydrations()).toBe(hydrations);
  });

  it('news announced before the directive ran: it hydrates at once', async () => {
    announceNews('transactions');
    const transactions = island('transactions');
    await settle();
    expect(transactions.hydrations()).toBe(1);
  });
});
