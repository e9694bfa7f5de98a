import { map, onMount } from 'nanostores';
import type { HomeData } from './load.ts';
import { getHealth } from '../indexer-api/health.ts';
import { browserTransport } from '../indexer-api/transport.ts';
import type { Block, NetworkStats, Transaction } from '../model/types.ts';
import type { LiveEvent } from '../stores/live.ts';
import { pollWhileNoStream, whenLive } from '../stores/when-live.ts';
import {
  HOME_HEALTH_INTERVAL_MS,
  HOME_PARTS,
  arrivedBlocks,
  arrivedTransactions,
  newestBlock,
  recordArrivals,
  resetArrivals,
  startArrivals,
  withNewestBlock,
  type Arrivals,
  type HomeAi,
  type HomeBaseline,
  type HomePart,
} from './feed.ts';

// The home page's live data, shared by its islands: the tab's stream brings each new block, its
// transactions and the figures after it, and the '+N new' counters count them; `reload` and `reorg` reload blocks,
// transactions and stats once. Only while there is no stream (before it opens, or when it cannot be opened) does one
// health poll per tab (every 10 s, paused while the tab is hidden) reload them when the last block rises.
// Fields stay undefined until the browser has data of its own: islands show their server props until then, and
// hydrate with this store's initial value (useStore's ssr: 'initial'), so the HTML and the first render agree.

/** What the islands read. */
export interface HomeFeed {
  blocks?: Block[];
  transactions?: Transaction[];
  stats?: NetworkStats;
  ai?: HomeAi | null;
  /** Parts still being fetched by the browser (the overlay's n/4). */
  pending?: HomePart[];
  /** Clock for the 'ago' texts, advanced at each event (or poll). */
  now?: number;
  newBlocks: number;
  newTransactions: number;
}

/** The home page's shared live state. */
export const $homeFeed = map<HomeFeed>({ newBlocks: 0, newTransactions: 0 });

let baseline: HomeBaseline | null = null;
let blockArrivals: Arrivals = startArrivals(null);
let transactionArrivals: Arrivals = startArrivals(null);
let knownLatest: number | null = null;
let busy = false;
function raiseKnownLatest(value: number | null | undefined): void {
  if (typeof value === 'number' && (knownLatest === null || value > knownLatest)) knownLatest = value;
}

/** Publishes freshly loaded parts; a failed part keeps its previous value (or, on the first load, becomes empty). */
function publish(data: HomeData, parts: readonly HomePart[], initial: boolean): void {
  const feed = $homeFeed.get();
  if (data.blocks) {
    blockArrivals = recordArrivals(blockArrivals, data.blocks);
    transactionArrivals = recordArrivals(transactionArrivals, data.blocks);
    raiseKnownLatest(newestBlock(data.blocks));
  }
  raiseKnownLatest(data.stats?.latestBlock);
  const blocks = data.blocks ?? feed.blocks ?? (initial && parts.includes('blocks') ? [] : undefined);
  const transactions = data.transactions ?? feed.transactions ?? (initial && parts.includes('transactions') ? [] : undefined);
  $homeFeed.set({
    ...feed,
    ...(blocks ? { blocks } : {}),
    ...(transactions ? { transactions } : {}),
    ...(data.stats ? { stats: withNewestBlock(data.stats, blocks) } : {}),
    ...(parts.includes('ai') ? { ai: data.ai } : {}),
    pending: (feed.pending ?? []).filter((part) => !parts.includes(part)),
    now: Date.now(),
    newBlocks: arrivedBlocks(blockArrivals),
    newTransactions: arrivedTransactions(transactionArrivals),
  });
}

/** Fetches some parts; the first load publishes each part as it arrives, so the overlay counts up. */
async function load(parts: readonly HomePart[], initial: boolean): Promise<void> {
  if (!baseline) return;
  // The reads, the loading rules and the AI figures' code load only when the page needs fresh data.
  const [{ loadHomeData }, { feedSource }] = await Promise.all([import('./load.ts'), import('../indexer-api/feed-source.ts')]);
  const source = feedSource(browserTransport(baseline.indexerUrl));
  if (initial) await Promise.all(parts.map(async (part) => publish(await loadHomeData(source, { parts: [part] }), [part], true)));
  else publish(await loadHomeData(source, { parts }), parts, false);
}

async function guarded(work: () => Promise<void>): Promise<void> {
  if (busy) return;
  busy = true;
  try {
    await work();
  } catch {
    // A failed refresh keeps what is shown; the next poll tries again.
  } finally {
    busy = false;
  }
}

/** Reads /health and reloads blocks, transactions and stats when the last block is above the newest one shown. */
export async function checkHomeHealth(): Promise<void> {
  if (!baseline) return;
  const url = baseline.indexerUrl;
  await guarded(async () => {
    const health = await getHealth(browserTransport(url)).catch(() => null);
    $homeFeed.setKey('now', Date.now());
    const last = health?.lastBlock ?? null;
    if (last !== null && (knownLatest === null || last > knownLatest)) await load(['blocks', 'transactions', 'stats'], false);
  });
}

/**
 * Starts the home page's live state with what the server rendered (first call wins; every island calls it).
 * Parts the server could not load are fetched at once.
 */
export function startHome(initial: HomeBaseline): void {
  if (baseline) return;
  baseline = initial;
  blockArrivals = startArrivals(initial.latestBlock);
  transactionArrivals = startArrivals(initial.latestBlock);
  raiseKnownLatest(initial.latestBlock);
  const missing = HOME_PARTS.filter((part) => initial.missing.includes(part));
  $homeFeed.set({ ...$homeFeed.get(), pending: missing, now: Date.now() });
  if (missing.length > 0) {
    void guarded(() => load(missing, true)).then(() => {
      // A failed first load must not keep the overlay up: the parts count as loaded, empty.
      const feed = $homeFeed.get();
      if ((feed.pending ?? []).length > 0) $homeFeed.set({ ...feed, pending: [] });
    });
  }
}

/** View All on Latest Blocks: the blocks counter starts again from the newest block seen. */
export function resetNewBlocks(): void {
  blockArrivals = resetArrivals(blockArrivals);
  $homeFeed.setKey('newBlocks', 0);
}

/** View All on Latest Transactions: the transactions counter starts again from the newest block seen. */
export function resetNewTransactions(): void {
  transactionArrivals = resetArrivals(transactionArrivals);
  $homeFeed.setKey('newTransactions', 0);
}

/** Applies one event of the stream to the feed (the normalizers load with the first one). */
export async function applyHomeEvent(event: LiveEvent): Promise<void> {
  if (!baseline) return;
  if (event.name === 'reload' || event.name === 'reorg') {
    // Missed too much, or blocks shown may have been replaced: one fresh load of what the feeds show.
    await guarded(() => load(['blocks', 'transactions', 'stats'], false));
    return;
  }
  if (event.name !== 'block' && event.name !== 'transactions' && event.name !== 'stats' && event.name !== 'gas') return;
  if (!$homeFeed.get().blocks || !$homeFeed.get().transactions) {
    // The feeds still show the server's rows, which the browser does not hold: the first event loads them once (with
    // this block), and the next ones merge into them.
    await guarded(() => load(['blocks', 'transactions', 'stats'], false));
    return;
  }
  const { withStreamBlock, withStreamTransactions, streamStats } = await import('./stream.ts');
  const feed = $homeFeed.get();
  const next: HomeFeed = { ...feed, now: Date.now() };
  if (event.name === 'block') {
    const merged = withStreamBlock(feed.blocks, event.data);
    if (!merged) return;
    const { block, blocks } = merged;
    blockArrivals = recordArrivals(blockArrivals, [block]);
    transactionArrivals = recordArrivals(transactionArrivals, [block]);
    raiseKnownLatest(block.number);
    Object.assign(next, { blocks, newBlocks: arrivedBlocks(blockArrivals), newTransactions: arrivedTransactions(transactionArrivals) });
    if (feed.stats) next.stats = withNewestBlock(feed.stats, blocks);
  } else if (event.name === 'transactions') {
    const transactions = withStreamTransactions(feed.transactions, event.data);
    if (!transactions) return;
    next.transactions = transactions;
  } else if (event.name === 'stats') {
    const stats = streamStats(feed.stats, event.data);
    if (!stats) return;
    next.stats = withNewestBlock(stats, feed.blocks);
  } else {
    const { normalizeGasPrice } = await import('../normalize/gas-price.ts');
    const wei = normalizeGasPrice((event.data as { gasPrice?: unknown } | null)?.gasPrice);
    if (wei === null || !feed.stats) return;
    next.stats = { ...feed.stats, gasPriceWei: wei, gasPriceGwei: Number(wei) / 1e9 };
  }
  $homeFeed.set(next);
}

onMount($homeFeed, () => {
  // Server renders read the store too (useStore calls get(), which mounts it): they must not open or poll anything.
  if (typeof document === 'undefined') return;
  // The 10 s health poll, as before the stream, until the tab's stream opens (when-live.ts); a tab shown again checks
  // at once while it polls.
  const tick = (): void => {
    if (!document.hidden && poll.polling()) void checkHomeHealth();
  };
  const poll = pollWhileNoStream(tick, HOME_HEALTH_INTERVAL_MS);
  document.addEventListener('visibilitychange', tick);
  let unlisten: (() => void) | undefined;
  let mounted = true;
  whenLive(({ $liveEvent, startLive }) => {
    if (!mounted || !baseline) return;
    startLive(baseline.indexerUrl);
    // Events are applied one after the other, in the order the stream wrote them.
    let queue = Promise.resolve();
    unlisten = $liveEvent.listen((event) => {
      if (event) queue = queue.then(() => applyHomeEvent(event)).catch(() => {});
    });
  });
  return () => {
    mounted = false;
    unlisten?.();
    poll.stop();
    document.removeEventListener('visibilitychange', tick);
  };
});
