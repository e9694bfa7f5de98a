import { describe, expect, it } from 'vitest';
import { simulatedAiDashboardData } from '../../src/lib/ai/fallback.ts';
import { API_CONNECTION_FAILED, aiTestStatus, createAiTestController, type AiTestDeps, type AiTestState } from '../../src/lib/ai/run-flow.ts';
import type { AiDashboardData } from '../../src/lib/model/types.ts';

const NOW = Date.UTC(2026, 10, 22, 4, 0, 0);
const simulated = simulatedAiDashboardData(NOW);
const real: AiDashboardData = { ...simulated, isSimulated: false, blocksProcessed: 1234 };

describe('aiTestStatus', () => {
  it.each<[Pick<AiTestState, 'loading' | 'error' | 'data'>, string]>([
    [{ loading: true, error: null, data: real }, 'Loading'],
    [{ loading: true, error: 'x', data: null }, 'Loading'],
    [{ loading: false, error: 'x', data: real }, 'Error'],
    [{ loading: false, error: null, data: simulated }, 'Simulated Data'],
    [{ loading: false, error: null, data: real }, 'Real Data'],
    [{ loading: false, error: null, data: null }, 'No data'],
  ])('%j → %s', (state, status) => {
    expect(aiTestStatus(state)).toBe(status);
  });
});

function harness(deps: Partial<AiTestDeps>, data: AiDashboardData | null = null) {
  const loads: number[] = [];
  const states: AiTestState[] = [];
  const controller = createAiTestController(
    {
      health: async () => ({ ok: true, status: 'ok' }),
      load: async () => {
        loads.push(1);
        return real;
      },
      now: () => NOW,
      ...deps,
    },
    { data },
    (state) => states.push(state),
  );
  return { controller, loads, states };
}

describe('start: the health check decides whether data is fetched', () => {
  it.each([
    ['status not ok', async () => ({ ok: false, status: 'degraded' })],
    ['health unreachable', async () => Promise.reject(new Error('Network error'))],
  ])('%s: API connection failed, a warning, no fetch', async (_name, health) => {
    const { controller, loads } = harness({ health });
    await controller.start();
    const state = controller.state();
    expect(loads).toEqual([]);
    expect(state.error).toBe(API_CONNECTION_FAILED);
    expect(aiTestStatus(state)).toBe('Error');
    const warning = state.log.find((e) => e.type === 'warning');
    expect(warning?.message).toContain(API_CONNECTION_FAILED);
  });

  it('status ok: fetches the data, Real Data, success logged', async () => {
    const { controller, loads, states } = harness({});
    await controller.start();
    expect(loads).toHaveLength(1);
    expect(states.some((s) => aiTestStatus(s) === 'Loading')).toBe(true);
    expect(aiTestStatus(controller.state())).toBe('Real Data');
    expect(controller.state().log.map((e) => e.type)).toEqual(['info', 'success', 'info', 'success']);
    expect(controller.state().log[0]?.time).toBe(new Date(NOW).toISOString());
  });
});

describe('run', () => {
  it('a failed read shows the simulated set, logs the error and a warning', async () => {
    const { controller } = harness({
      load: async (onError) => {
        onError(new Error('HTTP 500'));
        return simulated;
      },
    });
    await controller.run();
    expect(aiTestStatus(controller.state())).toBe('Simulated Data');
    expect(controller.state().log.map((e) => [e.type, e.message])).toEqual([
      ['info', 'Running test: Full AI Dashboard Data'],
      ['error', 'Data fetch failed: HTTP 500'],
      ['warning', 'Showing simulated data'],
    ]);
  });

  it('a throwing load is an Error and keeps the data shown', async () => {
    const { controller } = harness({ load: () => Promise.reject(new Error('boom')) }, real);
    await controller.run();
    expect(aiTestStatus(controller.state())).toBe('Error');
    expect(controller.state().data).toBe(real);
    expect(controller.state().log.at(-1)).toMatchObject({ type: 'error', message: 'Test failed: boom' });
  });

  it('clicks while a run is under way join it', async () => {
    const { controller, loads } = harness({});
    await Promise.all([controller.run(), controller.run()]);
    expect(loads).toHaveLength(1);
  });

  it('a successful run clears an earlier error', async () => {
    const { controller } = harness({ health: async () => ({ ok: false, status: 'down' }) });
    await controller.start();
    await controller.run();
    expect(controller.state().error).toBeNull();
    expect(aiTestStatus(controller.state())).toBe('Real Data');
  });
});

describe('log', () => {
  it('Clear Logs empties it', async () => {
    const { controller } = harness({});
    await controller.start();
    controller.clearLogs();
    expect(controller.state().log).toEqual([]);
  });

  it('keeps the newest 100 entries with increasing ids', () => {
    const { controller } = harness({});
    for (let i = 1; i <= 130; i++) controller.log(`line ${i}`, 'info');
    const log = controller.state().log;
    expect(log).toHaveLength(100);
    expect(log[0]?.message).toBe('line 31');
    expect(log.at(-1)?.id).toBe(130);
  });
});
