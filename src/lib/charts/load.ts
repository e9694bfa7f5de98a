// A series read as a page uses it: the series, 'unavailable' where the indexer keeps none (the chain
// operator's: the page answers 200 with a notice), or the failure's status and message (never a 500).
import { failureMessage, failureStatus, isApiError, type FailureStatus } from '../indexer-api/errors.ts';
import type { SeriesRead } from '../indexer-api/series.ts';

/** What a chart page renders. */
export type ChartLoad<T> = { kind: 'ok'; value: T } | { kind: 'unavailable' } | { kind: 'error'; status: FailureStatus; message: string };

/** Runs a series read and sorts its outcome for the page; the indexer's own 400 message is shown as it is. */
export async function loadChart<T>(read: () => Promise<SeriesRead<T>>): Promise<ChartLoad<T>> {
  try {
    const result = await read();
    return result.kind === 'ok' ? { kind: 'ok', value: result.value } : result;
  } catch (error) {
    const status = failureStatus(error);
    const message = status === 400 && isApiError(error) && error.serverMessage ? error.serverMessage : failureMessage(status, 'Failed to load the statistics. Please try again later.');
    return { kind: 'error', status, message };
  }
}
