import type { AiLiveConfig } from '../lib/ai/store.ts';
import { refreshInPlace } from './ai/refresh-click.ts';
import { useAiDashboard } from './ai/use-ai-dashboard.ts';

interface Props {
  /** Why the server showed the simulated set (its read of the chain failed); null when it did not. */
  failure: string | null;
  refreshHref: string;
  live: AiLiveConfig;
}

const BOX = 'flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800';
const RETRY = 'rounded-md border border-red-300 bg-white px-3 py-1 font-medium text-red-800 hover:bg-red-100';

/**
 * The AI dashboard's error boxes with Retry: the server's (its read failed, the simulated set is shown),
 * until the browser has data of its own; and a failed refresh's, which keeps the figures of the last refresh.
 */
export default function AiDashboardAlerts({ failure, refreshHref, live }: Props) {
  const state = useAiDashboard(live);
  return (
    <>
      {state.error !== null && (
        <div role="alert" data-test="ai-live-error" className={BOX}>
          <p>{`The dashboard could not be refreshed (${state.error}): the figures below are from the last refresh.`}</p>
          <a href={refreshHref} onClick={refreshInPlace} className={RETRY}>
            Retry
          </a>
        </div>
      )}
      {failure !== null && state.data === undefined && (
        <div role="alert" data-test="ai-error" className={BOX}>
          <p>{`The chain's data could not be loaded (${failure}): the figures below are the simulated data set.`}</p>
          <a href={refreshHref} onClick={refreshInPlace} className={RETRY}>
            Retry
          </a>
        </div>
      )}
    </>
  );
}
