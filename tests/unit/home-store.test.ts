import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HomeBaseline } from '../../src/lib/home/feed.ts';

type Store = typeof import('../../src/lib/home/store.ts');

const INDEXER = 'http://indexer.test';

function rawBlock(number: number, transactionCount: number) {
  return {
    number,
    hash: `0x${number.toString(16).padStart(64, '0')}`,
    timestamp: 1_700_000_000 + number * 3,
    miner: '0x0dc0dccea64fd201da269fa621740c93ead926b5',
    gasUsed: '21000',
    gasLimit: '30000000',
    transactionCount,
  };
}

/** A fake indexer: the chain's head, the transaction count per block, and the paths asked for. */
function fakeIndexer(state: { head: number; down?: boolean }) {
  const paths: string[] = [];
  const txCount = (n: number) => n % 4;
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  const fetchStub = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(input instanceof Request ? input.url : input);
    paths.push(`${url.pathname}${url.search}`);
    if (state.down) throw new TypeError('fetch failed');
    switch (url.pathname) {
      case '/health':
        return json({ status: 'ok', lastBlock: state.head, isIndexing: true });
      case '/blocks': {
        const limit = Number(url.searchParams.get('limit') ?? 10);
        return json(Array.from({ length: limit }, (_, i) => rawBlock(state.head - i, txCount(state.head - i))));
      }
      case '/transactions':
        return json(
          Array.from({ length: Number(url.searchParams.get('limit') ?? 10) }, (_, i) => ({
            hash: `0x${(state.head * 10 + i).toString(16).padStart(64, 'b')}`,
            blockNumber: state.head,
            timestamp: 1_700_000_000 + state.head * 3,
            from: '0x5acfb896eea61dbcab284abaaf1dae7c36bc7810',
            to: '0xeabc2628f279ea3bd308cb4527875a01d7487813',
            value: '1',
            status: true,
          })),
        );
      case '/stats/tps':
        return json({ tps: 0.25 });
      case '/stats/holders':
        return json({ holders: 105 });
      case '/stats/validators/payout':
        return json({ totalPayoutWei: '1000000000000000000', validators: [] });
      case '/stats/transactions/count':
        return json({ totalTransactions: state.head * 2, latestBlock: state.head });
      case '/stats/contracts/erc20/count':
        return json({ count: 3 });
      case '/proxy/rpc':
        return json({ jsonrpc: '2.0', id: 1, result: '0x3b9aca00' });
      default:
        return new Response('not found', { status: 404 });
    }
  });
  return { fetchStub, paths, txCount };
}

function baseline(overrides: Partial<HomeBaseline> = {}): HomeBaseline {
  return { indexerUrl: INDEXER, latestBlock: 100, missing: [], renderedAt: 0, ...overrides };
}

let store: Store;

beforeEach(async () => {
  vi.resetModules();
  store = await import('../../src/lib/home/store.ts');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('home live store (health every 10 s, reload when the last block rises)', () => {
  it('does not reload while the last block is the one shown', async () => {
    const chain = { head: 100 };
    const { fetchStub, paths } = fakeIndexer(chain);
    vi.stubGlobal('fetch', fetchStub);
    store.startHome(baseline());
    await store.checkHomeHealth();
    expect(paths).toEqual(['/health']);
    expect(store.$homeFeed.get().blocks).toBeUndefined();
  });

  it('reloads blocks, transactions and stats on a higher last block and counts what arrived', async () => {
    const chain = { head: 100 };
    const { fetchStub, paths, txCount } = fakeIndexer(chain);
    vi.stubGlobal('fetch', fetchStub);
    store.startHome(baseline());
    chain.head = 103;
    await store.checkHomeHealth();
    expect(paths).toEqual(expect.arrayContaining(['/health', '/blocks?limit=11', '/transactions?limit=5', '/stats/holders']));
    const feed = store.$homeFeed.get();
    expect(feed.blocks?.map((b) => b.number).slice(0, 3)).toEqual([103, 102, 101]);
    expect(feed.transactions).toHaveLength(5);
    expect(feed.stats?.latestBlock).toBe(103);
    expect(feed.stats?.totalHolders).toBe(105);
    expect(feed.newBlocks).toBe(3);
    expect(feed.newTransactions).toBe(txCount(101) + txCount(102) + txCount(103));

    chain.head = 105;
    await store.checkHomeHealth();
    expect(store.$homeFeed.get().newBlocks).toBe(5);
    expect(store.$homeFeed.get().newTransactions).toBe([101, 102, 103, 104, 105].reduce((sum, n) => sum + txCount(n), 0));
  });

  it('View All resets only its own counter', async () => {
    const chain = { head: 100 };
    const { fetchStub, txCount } = fakeIndexer(chain);
    vi.stubGlobal('fetch', fetchStub);
    store.startHome(baseline());
    chain.head = 102;
    await store.checkHomeHealth();
    store.resetNewBlocks();
    expect(store.$homeFeed.get().newBlocks).toBe(0);
    expect(store.$homeFeed.get().newTransactions).toBe(txCount(101) + txCount(102));
    store.resetNewTransactions();
    expect(store.$homeFeed.get().newTransactions).toBe(0);
    chain.head = 103;
    await store.checkHomeHealth();
    expect(store.$homeFeed.get().newBlocks).toBe(1);
    expect(store.$homeFeed.get().newTransactions).toBe(txCount(103));
  });

  it('fetches the parts the server could not load at once, without counting them as new', async () => {
    const chain = { head: 200 };
    const { fetchStub, paths } = fakeIndexer(chain);
    vi.stubGlobal('fetch', fetchStub);
    store.startHome(baseline({ latestBlock: null, missing: ['blocks', 'stats'] }));
    expect(store.$homeFeed.get().pending).toEqual(['blocks', 'stats']);
    await vi.waitFor(() => expect(store.$homeFeed.get().pending).toEqual([]));
    const feed = store.$homeFeed.get();
    expect(feed.blocks?.[0]?.number).toBe(200);
    expect(feed.stats?.latestBlock).toBe(200);
    expect(feed.transactions).toBeUndefined();
    expect(feed.newBlocks).toBe(0);
    expect(paths).not.toContain('/transactions?limit=5');
  });

  it('a failed first load still ends the waiting, with empty lists', async () => {
    const { fetchStub } = fakeIndexer({ head: 1, down: true });
    vi.stubGlobal('fetch', fetchStub);
    store.startHome(baseline({ latestBlock: null, missing: ['blocks', 'transactions', 'stats', 'ai'] }));
    await vi.waitFor(() => expect(store.$homeFeed.get().pending).toEqual([]));
    expect(store.$homeFeed.get().blocks).toEqual([]);
    expect(store.$homeFeed.get().transactions).toEqual([]);
    expect(store.$homeFeed.get().ai).toBeNull();
  });

  it('the first baseline wins: later islands do not restart the counters', async () => {
    const chain = { head: 100 };
    const { fetchStub } = fakeIndexer(chain);
    vi.stubGlobal('fetch', fetchStub);
    store.startHome(baseline());
    chain.head = 101;
    await store.checkHomeHealth();
    store.startHome(baseline({ latestBlock: 90 }));
    expect(store.$homeFeed.get().newBlocks).toBe(1);
  });
});
