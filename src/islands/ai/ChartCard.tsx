import type { MouseEvent, ReactNode } from 'react';
import { RANGES, RANGE_LABELS, rangeHref, type ChartRange } from '../../lib/ai/view.ts';
import { Card } from '../shared/Card.tsx';

/** A chart's Daily / Monthly / Yearly links: its own query parameter in the page's address. */
export interface RangeLinks {
  param: string;
  current: ChartRange;
  /** The page's path and query the links are made from. */
  address: string;
  /** A plain click (no modifier key, the main button), once the island is live: the range changes in place. */
  onChoose: (href: string) => void;
}

/** A plain left click the page answers in place; any other click is the browser's (a new tab, a download). */
function inPlace(event: MouseEvent<HTMLAnchorElement>): boolean {
  return !(event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0);
}

/**
 * A chart card of the AI dashboard: its title, the range links when it has ranges (plain links without JavaScript,
 * the range chosen in place with it), and its body: the chart, its table and, on the metrics tab, 'How It Works'.
 */
export function ChartCard({ title, test, id, range, children }: { title: string; test: string; id?: string; range?: RangeLinks; children: ReactNode }) {
  return (
    <Card
      title={title}
      id={id}
      test={test}
      bodyClassName="space-y-3 p-4"
      actions={
        range && (
          <nav aria-label={`${title} range`} className="flex gap-1 text-xs">
            {RANGES.map((r) => {
              const href = rangeHref(range.address, range.param, r, id);
              const current = r === range.current;
              return (
                <a
                  key={r}
                  href={href}
                  aria-current={current ? 'true' : undefined}
                  className={`rounded px-2 py-1 font-medium ${current ? 'bg-indigo-600 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'}`}
                  onClick={(event) => {
                    if (!inPlace(event)) return;
                    event.preventDefault();
                    range.onChoose(href);
                  }}
                >
                  {RANGE_LABELS[r]}
                </a>
              );
            })}
          </nav>
        )
      }
    >
      {children}
    </Card>
  );
}
