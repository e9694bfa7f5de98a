import type { AiLiveConfig } from '../lib/ai/store.ts';
import { refreshInPlace } from './ai/refresh-click.ts';
import { useAiDashboard } from './ai/use-ai-dashboard.ts';

interface Props {
  /** Whether the server's data is the simulated set. */
  isSimulated: boolean;
  /** The page itself: Refresh Data without JavaScript. */
  refreshHref: string;
  live: AiLiveConfig;
}

/**
 * The AI dashboard's data source badge ('Real-time Data' or 'Simulated Data', from the shown data's isSimulated) and
 * Refresh Data, which reads 'Refreshing...' while the store refreshes.
 */
export default function AiDashboardControls({ isSimulated, refreshHref, live }: Props) {
  const state = useAiDashboard(live);
  const simulated = state.data?.isSimulated ?? isSimulated;
  return (
    <div className="flex items-center gap-3">
      <span
        data-test="data-source-badge"
        className={`rounded-full px-3 py-1 text-xs font-semibold ${simulated ? 'bg-amber-100 text-amber-900' : 'bg-emerald-100 text-emerald-800'}`}
      >
        {simulated ? 'Simulated Data' : 'Real-time Data'}
      </span>
      <a
        href={refreshHref}
        onClick={refreshInPlace}
        aria-busy={state.refreshing}
        data-test="refresh-data"
        className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-700"
      >
        {state.refreshing ? 'Refreshing...' : 'Refresh Data'}
      </a>
    </div>
  );
}
