import type { ReactNode } from 'react';
import { newBadgeText } from '../../lib/home/feed.ts';

interface Props {
  title: string;
  test: string;
  /** Which feed: the list View All leads to (/blocks, /transactions) and the badge's name. */
  feed: 'blocks' | 'transactions';
  /** Items arrived since the page loaded (or since View All): the '+N new' badge. */
  arrived: number;
  /** View All resets the feed's counter. */
  onViewAll: () => void;
  children: ReactNode;
}

/** Latest Blocks / Latest Transactions: the title, the '+N new' badge, View All, and the rows. */
export function FeedCard({ title, test, feed, arrived, onViewAll, children }: Props) {
  const badge = newBadgeText(arrived);
  return (
    <section className="h-full rounded-lg border border-slate-200 bg-white shadow-sm" data-test={test}>
      <header className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        <div className="flex items-center gap-3">
          <span aria-live="polite">
            {badge !== null && (
              <span data-test={`new-${feed}-badge`} className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                {badge}
              </span>
            )}
          </span>
          <a href={`/${feed}`} onClick={onViewAll} data-test={`view-all-${feed}`} className="text-sm font-medium text-indigo-700 hover:underline">
            View All<span className="sr-only"> {feed}</span>
          </a>
        </div>
      </header>
      <div className="p-4">{children}</div>
    </section>
  );
}
