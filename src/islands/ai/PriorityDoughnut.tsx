import { DOUGHNUT_COLOURS, doughnutSegments } from '../../lib/ai/view.ts';

/**
 * Transaction Priority Distribution: a doughnut in SVG (drawn alike on the server and in the browser, no chart code)
 * with its legend, which is also its text equivalent (share and count per priority).
 */
export function PriorityDoughnut({ data }: { data: { labels: string[]; values: number[] } }) {
  const segments = doughnutSegments(data.labels, data.values);
  const total = data.values.reduce((sum, v) => sum + v, 0);
  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row" data-test="priority-doughnut">
      <svg viewBox="0 0 42 42" className="size-40 shrink-0" role="img" aria-labelledby="priority-doughnut-title">
        <title id="priority-doughnut-title">Transaction Priority Distribution</title>
        <circle cx="21" cy="21" r="15.915" fill="none" strokeWidth="6" className="stroke-slate-200" />
        {segments.map((s) => (
          <circle key={s.label} cx="21" cy="21" r="15.915" fill="none" stroke={s.colour} strokeWidth="6" strokeDasharray={`${s.percent} ${100 - s.percent}`} strokeDashoffset={s.offset} />
        ))}
      </svg>
      <ul className="w-full space-y-1 text-sm" data-test="priority-legend">
        {data.labels.map((label, i) => (
          <li key={label} className="flex items-center gap-2">
            <svg aria-hidden="true" viewBox="0 0 12 12" className="size-3 shrink-0">
              <rect width="12" height="12" rx="2" fill={DOUGHNUT_COLOURS[i % DOUGHNUT_COLOURS.length]} />
            </svg>
            <span className="flex-1 text-slate-800">{label}</span>
            <span className="font-medium text-slate-900" data-test="priority-value">
              {data.values[i] ?? 0}
            </span>
            <span className="w-14 text-right text-xs text-slate-600">{total > 0 ? `${(((data.values[i] ?? 0) / total) * 100).toFixed(1)}%` : '0.0%'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
