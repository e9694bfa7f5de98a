
// The address and token pages' "new activity" hint: the tab's stream names the address or token as a
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

/** Subscribes to one kind of the stream's events (live.ts's onLive). */
type OnLive = (name: string, fn: (data: unknown) => void) => () => void;

/**
 * Shows each hint of the page (`[data-activity-hint]`, its topic in data-live-topic) when its topic brings activity,
 * counting each block once; a `reload` says the count may be short.
 */
export function startActivityHints(doc: Document, onLive: OnLive): void {
  for (const hint of doc.querySelectorAll<HTMLElement>('[data-activity-hint]')) {
    const body = hint.querySelector<HTMLElement>('[data-activity-hint-body]');
    const text = hint.querySelector<HTMLElement>('[data-activity-hint-text]');
    const topic = hint.dataset['liveTopic']?.toLowerCase();
    if (!body || !text || !topic) continue;
    let count: ActivityCount = { transactions: 0, transfers: 0 };
    const blocks = new Set<unknown>();
    const show = (next: ActivityCount): void => {
      count = next;
      const message = activityText(count);
      if (message === null) return;
      // Text only: the counts are numbers, and nothing of the event's text is written.
      text.textContent = message;
      body.hidden = false;
    };
    onLive(topic, (data) => {
      const block = (data as { block?: unknown } | null)?.block;
      if (blocks.has(block)) return;
      blocks.add(block);
      show(countActivity(count, data));
    });
    onLive('reload', () => show({ ...count, missed: true }));
  }
}
