import { messageToShow, failureStatus, type FailureStatus } from '../indexer-api/errors.ts';
import type { GasTracker } from '../model/gas-tracker.ts';

// What /gastracker can show: the tracker, a notice that the indexer has none (the chain operator's answers
// 404: the page is a 200 saying so), or the site's error state for an indexer that fails.

/** The page's outcomes. */
export type GasTrackerOutcome =
  | { kind: 'found'; tracker: GasTracker }
  | { kind: 'unavailable' }
  | { kind: 'failed'; status: FailureStatus; message: string };

/** The notice of an indexer without /stats/gas. */
export const GAS_TRACKER_UNAVAILABLE = "The gas tracker is not available from this explorer's indexer.";

/** What the page says when the indexer fails. */
export const GAS_TRACKER_FAILED = 'Failed to fetch the gas tracker. Please try again.';

/** Reads the tracker with `read` (the indexer client's getGasTracker: null on a 404); never throws. */
export async function loadGasTracker(read: () => Promise<GasTracker | null>): Promise<GasTrackerOutcome> {
  try {
    const tracker = await read();
    return tracker === null ? { kind: 'unavailable' } : { kind: 'found', tracker };
  } catch (error) {
    return { kind: 'failed', status: failureStatus(error), message: messageToShow(error) };
  }
}

/** The page's HTTP status for an outcome: 200 unless the indexer failed. */
export function outcomeStatus(outcome: GasTrackerOutcome): number {
  return outcome.kind === 'failed' ? outcome.status : 200;
}
