import type { AiDashboardData } from '../model/types.ts';
import type { Health } from '../model/wire.ts';
import { appendLog, type DebugLogEntry, type LogType } from './debug-log.ts';
import { errorMessage } from '../../../common/errors.ts';

// The AI Test page runs the dashboard's data computation against the indexer; its modules are named run-* (and
// debug-log.ts), not test-*, because they are the page's production code, not tests.
// The AI test page's flow, free of the DOM and of HTTP so it can be tested with plain functions: on start it reads
// the indexer's health and fetches the data only when the status is 'ok' (else 'API connection failed', a warning,
// no fetch); Run Test fetches the dashboard data; Clear Logs empties the log.

/** What the status line says. */
export type AiTestStatus = 'Loading' | 'Error' | 'Simulated Data' | 'Real Data' | 'No data';

/** Error text when the health check does not answer status 'ok'. */
export const API_CONNECTION_FAILED = 'API connection failed';

/** The page's state. */
export interface AiTestState {
  loading: boolean;
  error: string | null;
  data: AiDashboardData | null;
  log: DebugLogEntry[];
}

/** The status line for a state: Loading while running, then Error, Simulated Data, Real Data or No data. */
export function aiTestStatus(state: Pick<AiTestState, 'loading' | 'error' | 'data'>): AiTestStatus {
  if (state.loading) return 'Loading';
  if (state.error !== null) return 'Error';
  if (state.data === null) return 'No data';
  return state.data.isSimulated ? 'Simulated Data' : 'Real Data';
}

/** What the flow needs from the outside. */
export interface AiTestDeps {
  /** GET /health; may throw. */
  health: () => Promise<Pick<Health, 'ok' | 'status'>>;
  /** The dashboard data (loadAiDashboardData: never throws; onError reports why the simulated set was used). */
  load: (onError: (error: unknown) => void) => Promise<AiDashboardData>;
  now?: () => number;
}

/** The flow's controller: state plus the page's three actions. */
export interface AiTestController {
  state(): AiTestState;
  /** The start-up health check, then a run when the indexer is connected. */
  start(): Promise<void>;
  /** Run Test: fetches the dashboard data. */
  run(): Promise<void>;
  clearLogs(): void;
  log(message: string, type: LogType): void;
}

/** A controller starting from `initial` (the server's result); `onChange` hears every new state. */
export function createAiTestController(deps: AiTestDeps, initial: Pick<AiTestState, 'data'>, onChange: (state: AiTestState) => void): AiTestController {
  const now = deps.now ?? Date.now;
  let state: AiTestState = { loading: false, error: null, data: initial.data, log: [] };
  let nextId = 1;
  let running: Promise<void> | null = null;
  const set = (patch: Partial<AiTestState>): void => {
    state = { ...state, ...patch };
    onChange(state);
  };
  const log = (text: string, type: LogType): void => {
    set({ log: appendLog(state.log, { id: nextId++, message: text, type, time: new Date(now()).toISOString() }) });
  };
  const fetchData = async (): Promise<void> => {
    set({ loading: true, error: null });
    log('Running test: Full AI Dashboard Data', 'info');
    const failures: unknown[] = [];
    try {
      const data = await deps.load((error) => failures.push(error));
      for (const failure of failures) log(`Data fetch failed: ${errorMessage(failure)}`, 'error');
      if (data.isSimulated) log('Showing simulated data', 'warning');
      else log(`Real data received: block ${data.blocksProcessed}, ${data.activityFeed.length} activity items`, 'success');
      set({ loading: false, data });
    } catch (error) {
      log(`Test failed: ${errorMessage(error)}`, 'error');
      set({ loading: false, error: errorMessage(error) });
    }
  };
  const run = (): Promise<void> => {
    running ??= fetchData().finally(() => {
      running = null;
    });
    return running;
  };
  return {
    state: () => state,
    async start() {
      log('Checking API health...', 'info');
      const health = await deps.health().catch((error: unknown) => ({ ok: false, status: errorMessage(error) }));
      if (!health.ok) {
        set({ error: API_CONNECTION_FAILED });
        log(`${API_CONNECTION_FAILED} (status: ${health.status}); data fetch skipped`, 'warning');
        return;
      }
      log('API connected (status: ok)', 'success');
      await run();
    },
    run,
    clearLogs: () => set({ log: [] }),
    log,
  };
}
