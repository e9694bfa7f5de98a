import { NO_ACTIVITY, type AiActivityRow } from '../lib/ai/activity.ts';
import type { AiLiveConfig } from '../lib/ai/store.ts';
import { ActivityTime } from './ai/ActivityTime.tsx';
import { useActivity } from './ai/use-activity.ts';
import { useAiDashboard } from './ai/use-ai-dashboard.ts';

interface Props {
  /** The server's feed. */
  rows: AiActivityRow[];
  /** When the server's data was computed (epoch ms): its times are measured against it. */
  renderedAt: number;
  live: AiLiveConfig;
}

const ICONS: Record<string, string> = {
  block_optimization: '▦',
  learning_cycle: '↻',
  transaction_processing: '⇄',
  gas_optimization: '⛽',
  network_adjustment: '⚙',
};

const ITEM = 'flex items-start gap-3 py-3 text-sm';
const HIGHLIGHT = 'bg-indigo-50 ring-1 ring-indigo-200';

/**
 * The AI dashboard's 'Real-time AI Activity': newest first, scrolling at 400px; a new newest item is
 * highlighted for 3 s (data-highlight="on"), relative times are recomputed every 60 s, and an empty feed says
 * 'No activity data available'. Messages may name tokens from the chain: they are text, which React escapes.
 */
export default function AiActivityFeed({ rows, renderedAt, live }: Props) {
  const state = useAiDashboard(live);
  const view = useActivity(state, rows, renderedAt);
  if (view.rows.length === 0) {
    return (
      <p className="py-6 text-center text-sm text-slate-600" data-test="activity-empty">
        {NO_ACTIVITY}
      </p>
    );
  }
  return (
    <ul className="max-h-[400px] divide-y divide-slate-100 overflow-y-auto" data-test="activity-feed" tabIndex={0} aria-label="Real-time AI Activity">
      {view.rows.map((item) => {
        const on = item.id === view.highlighted;
        return (
          <li key={item.id} className={on ? `${ITEM} ${HIGHLIGHT}` : ITEM} data-test="activity-item" data-id={item.id} data-type={item.type} data-highlight={on ? 'on' : undefined}>
            <span aria-hidden="true" className="grid size-8 shrink-0 place-items-center rounded-full bg-indigo-50 text-indigo-700">
              {ICONS[item.type] ?? '•'}
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-slate-900">{item.message}</p>
              <p className="text-xs text-slate-600">
                <ActivityTime originalTime={item.originalTime} now={view.now} />
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
