import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { swapRegions } from '../lib/page/styles.ts';
import { $newTransactionCount, $transactionsReplaced, acknowledgeTransactions, trackTransactions } from '../lib/stores/transactions.ts';
import { shownHashes } from '../lib/transactions/shown.ts';


/** Swaps the page's server-rendered regions for fresh ones, so the new rows appear without a reload. */
async function refreshList(): Promise<void> {
  const res = await fetch(location.href, { headers: { accept: 'text/html' } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  swapRegions(new DOMParser().parseFromString(await res.text(), 'text/html'), 'data-refresh-region');
  acknowledgeTransactions(shownHashes());
}

/**
 * The transaction list's new-transactions banner (page 1): 'N new transaction(s) detected' from the
 * shared count ($newTransactionCount: the tab's stream, or a 30 s poll without one), and Refresh, which swaps the
 * listed rows for fresh ones in place (a full reload when that fails). A reorganisation refreshes the list by itself.
 */
export default function NewTxBanner({ indexerUrl }: { indexerUrl: string }) {
  // Tracked before the count is subscribed to below (effects run in order).
  useEffect(() => trackTransactions(indexerUrl, shownHashes()), [indexerUrl]);
  // A computed store has no initial value of its own (ssr: 'initial' would give undefined): none are new at first.
  const count = useStore($newTransactionCount, { ssr: () => 0 });
  const replaced = useStore($transactionsReplaced, { ssr: 'initial' });
  const [busy, setBusy] = useState(false);
  const refresh = (): void => {
    setBusy(true);
    refreshList()
      .catch(() => location.reload())
      .finally(() => setBusy(false));
  };
  const handled = useRef(replaced);
  useEffect(() => {
    if (replaced === handled.current) return;
    handled.current = replaced;
    refreshList().catch(() => location.reload());
  }, [replaced]);
  return (
    <div role="status" aria-live="polite">
      <div
        hidden={count === 0}
        className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm text-indigo-900"
        data-test="new-tx-banner"
      >
        <p className="font-medium" data-test="new-tx-text">{`${count} new transaction(s) detected`}</p>
        <button type="button" disabled={busy} onClick={refresh} className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700">
          Refresh
        </button>
      </div>
    </div>
  );
}
