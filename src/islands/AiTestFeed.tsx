import { NO_ACTIVITY, type AiActivityRow } from '../lib/ai/activity.ts';
import { ACTIVITY_TYPE_LABEL, FEED_ITEM_CLASS, FEED_ITEM_HIGHLIGHT_CLASS } from '../lib/ai/run-view.ts';
import { ActivityTime } from './ai/ActivityTime.tsx';
import { useActivity } from './ai/use-activity.ts';
import { useAiDashboard } from './ai/use-ai-dashboard.ts';

interface Props {
  /** The server's first result's feed. */
  rows: AiActivityRow[];
  /** When the server computed it (epoch ms). */
  renderedAt: number;
}

/**
 * The AI test page's activity feed, from the shared store the page's test runs publish to: a
 * new newest item is highlighted for 3 s, relative times are recomputed every 60 s, an empty feed says 'No activity
 * data available'. Messages may name tokens from the chain: they are text, which React escapes.
 */
export default function AiTestFeed({ rows, renderedAt }: Props) {
  const state = useAiDashboard();
  const view = useActivity(state, rows, renderedAt);
  return (
    <ul data-test="ai-feed" className="space-y-2 p-4">
      {view.rows.length === 0 ? (
        <li className="text-sm text-slate-700">{NO_ACTIVITY}</li>
      ) : (
        view.rows.map((item) => (
          <li key={item.id} className={item.id === view.highlighted ? FEED_ITEM_HIGHLIGHT_CLASS : FEED_ITEM_CLASS} data-test="ai-feed-item" data-id={item.id}>
            <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-700">
              <span className="font-semibold uppercase tracking-wide">{ACTIVITY_TYPE_LABEL[item.type]}</span>
              <ActivityTime originalTime={item.originalTime} now={view.now} test="ai-feed-time" />
            </div>
            <p className="mt-1 break-words text-sm text-slate-900">{item.message}</p>
          </li>
        ))
      )}
    </ul>
  );
}
