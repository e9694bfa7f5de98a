import { atom, type ReadableAtom } from 'nanostores';
import { onLive, startLive } from './live.ts';

// The address and token pages' "new activity" hint (issue 28): the tab's stream names the address or token as a
// topic (`address:0x…`, `token:0x…`) and says, per block, which transactions and how many token transfers touched it.
// The hint counts them since the page loaded; each block once, should a reopened stream replay one.

/** What arrived since the page loaded. */
export interface ActivityCount {
  transactions: number;
  transfers: number;
  /** The stream said `reload`: it could not replay what a hidden spell missed, so the counts may be short. */
  missed?: boolean;
}

/** The counts after a topic event (`address:` names the transactions' hashes, `token:` counts its transfers). */
export function countActivity(count: ActivityCount, data: unknown): ActivityCount {
  const event = (data ?? {}) as { transactions?: unknown; transfers?: unknown };
  const hashes = Array.isArray(event.transactions) ? event.transactions.filter((h) => typeof h === 'string' && /^0x[0-9a-fA-F]{64}$/.test(h)) : [];
  const transfers = typeof event.transfers === 'number' && Number.isSafeInteger(event.transfers) && event.transfers > 0 ? event.transfers : 0;
  return { ...count, transactions: count.transactions + hashes.length, transfers: count.transfers + transfers };
}

/** The hint's text ('2 new transactions and 1 new token transfer since this page loaded'); null when nothing arrived. */
export function activityText(count: ActivityCount): string | null {
  const parts = [
    count.transactions > 0 ? `${count.transactions} new transaction${count.transactions === 1 ? '' : 's'}` : '',
    count.transfers > 0 ? `${count.transfers} new token transfer${count.transfers === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  if (count.missed) return parts.length === 0 ? 'This page may be out of date' : `At least ${parts.join(' and ')} since this page loaded`;
  return parts.length === 0 ? null : `${parts.join(' and ')} since this page loaded`;
}

/** Starts the tab's stream with the topic, and counts its events. */
export function watchActivity(indexerUrl: string, topic: string): ReadableAtom<ActivityCount> {
  const $count = atom<ActivityCount>({ transactions: 0, transfers: 0 });
  const blocks = new Set<unknown>();
  startLive(indexerUrl, topic);
  onLive(topic.toLowerCase(), (data) => {
    const block = (data as { block?: unknown } | null)?.block;
    if (blocks.has(block)) return;
    blocks.add(block);
    $count.set(countActivity($count.get(), data));
  });
  onLive('reload', () => $count.set({ ...$count.get(), missed: true }));
  return $count;
}
