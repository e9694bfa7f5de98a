import { HomeCard } from './home/HomeCard.tsx';
import { NewBadge } from './home/NewBadge.tsx';
import { TxRow } from './home/TxRow.tsx';
import { ViewAll } from './home/ViewAll.tsx';
import { useHomeFeed } from './home/use-home-feed.ts';
import type { HomeBaseline } from '../lib/stores/home-feed.ts';
import { resetNewTransactions } from '../lib/stores/home.ts';
import type { Transaction } from '../lib/types.ts';

interface Props {
  /** The server's 5 latest transactions; null when it could not load them. */
  transactions: Transaction[] | null;
  baseline: HomeBaseline;
}

/** Latest Transactions: the 5 newest transactions with kind and status, live, with a '+N new' badge. */
export default function HomeTransactions({ transactions, baseline }: Props) {
  const feed = useHomeFeed(baseline);
  const shown = feed.transactions ?? transactions;
  const now = feed.now ?? baseline.renderedAt;
  return (
    <HomeCard
      title="Latest Transactions"
      test="latest-transactions"
      actions={
        <>
          <NewBadge count={feed.newTransactions} test="new-transactions-badge" />
          <ViewAll href="/transactions" what="transactions" onClick={resetNewTransactions} test="view-all-transactions" />
        </>
      }
    >
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
    </HomeCard>
  );
}
