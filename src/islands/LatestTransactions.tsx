import type { HomeBaseline, HomeTxRow } from '../lib/home/feed.ts';
import { resetNewTransactions } from '../lib/home/store.ts';
import { FeedCard } from './home/FeedCard.tsx';
import { TxRow } from './home/TxRow.tsx';
import { useHomeFeed } from './home/use-home-feed.ts';

interface Props {
  /** The server's latest transactions; null when it could not load them (the store loads them). */
  transactions: HomeTxRow[] | null;
  baseline: HomeBaseline;
}

/** Latest Transactions on the home page: the 5 newest, with kind and status, live, with '+N new'. */
export default function LatestTransactions({ transactions, baseline }: Props) {
  const feed = useHomeFeed(baseline);
  const shown = feed.transactions ?? transactions;
  const now = feed.now ?? baseline.renderedAt;
  return (
    <FeedCard title="Latest Transactions" test="latest-transactions" feed="transactions" arrived={feed.newTransactions} onViewAll={resetNewTransactions}>
      {shown === null || shown.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600" data-test="transactions-placeholder">
          Loading transactions...
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {shown.map((tx) => (
            <TxRow key={tx.hash} tx={tx} now={now} />
          ))}
        </ul>
      )}
    </FeedCard>
  );
}
