// @vitest-environment jsdom
import { act, cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AiActivityFeed from '../../src/islands/AiActivityFeed.tsx';
import AiCharts from '../../src/islands/AiCharts.tsx';
import AiNetwork from '../../src/islands/AiNetwork.tsx';
import AiDashboardAlerts from '../../src/islands/AiDashboardAlerts.tsx';
import AiDashboardControls from '../../src/islands/AiDashboardControls.tsx';
import AiStats from '../../src/islands/AiStats.tsx';
import AiTestFeed from '../../src/islands/AiTestFeed.tsx';
import AiTestResults from '../../src/islands/AiTestResults.tsx';
import { activityRows, type AiActivityRow } from '../../src/lib/ai/activity.ts';
import { simulatedAiDashboardData } from '../../src/lib/ai/fallback.ts';
import { aiTestFigures } from '../../src/lib/ai/run-view.ts';
import { $aiClock, $aiDashboard, publishAiData, stopAiDashboard, type AiLiveConfig } from '../../src/lib/ai/store.ts';
import type { AiActivityItem, AiDashboardData } from '../../src/lib/model/types.ts';

// The AI pages' islands over the shared store, with a DOM and fake timers: the spec's states and texts
// of the dashboard and the AI test page: an empty feed, a new newest item highlighted for 3 s, relative times recomputed every
// 60 s, a changed stat pulsing for 1 s, the Simulated / Real-time badge, Refresh Data and its error, and hostile text.

// The site's test ids are data-test attributes (as the e2e tests read them).
configure({ testIdAttribute: 'data-test' });

const NOW = Date.UTC(2026, 10, 29, 6, 0, 0);
const MINUTE = 60_000;
/** An indexer URL nothing answers at (the refresh case stubs fetch; no other case reaches it). */
const LIVE: AiLiveConfig = { indexerUrl: 'http://indexer.test' };

function row(id: string, minutesAgo: number, message = `event ${id}`): AiActivityRow {
  return { id, type: 'block_optimization', message, originalTime: NOW - minutesAgo * MINUTE };
}

/** Dashboard data at `now` with the given feed and figures (the simulated set's shape). */
function dataWith(patch: Partial<AiDashboardData>, feed: AiActivityRow[] = [], now = NOW): AiDashboardData {
  const activityFeed: AiActivityItem[] = feed.map((r) => ({ ...r, timestamp: 'stale' }));
  return { ...simulatedAiDashboardData(now), activityFeed, updatedAt: now, ...patch };
}

/** The two feeds: their island, the rows' test id, and how each marks the highlighted row. */
const FEEDS = [
  {
    name: 'dashboard feed',
    mount: (rows: AiActivityRow[]) => render(<AiActivityFeed rows={rows} renderedAt={NOW} live={LIVE} />),
    item: 'activity-item',
    highlighted: (el: HTMLElement) => el.dataset['highlight'] === 'on',
  },
  {
    name: 'AI test feed',
    mount: (rows: AiActivityRow[]) => render(<AiTestFeed rows={rows} renderedAt={NOW} />),
    item: 'ai-feed-item',
    highlighted: (el: HTMLElement) => el.classList.contains('bg-amber-50'),
  },
] as const;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});

afterEach(async () => {
  cleanup();
  stopAiDashboard();
  // Past nanostores' unmount delay, so the clock's timer stops and the next case mounts it afresh.
  await act(() => vi.advanceTimersByTimeAsync(2_000));
  $aiClock.set(undefined);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Publishes data to the store, as a refresh or a test run does, and lets React render it. */
async function publish(data: AiDashboardData): Promise<void> {
  await act(async () => publishAiData(data));
}

async function advance(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe.each(FEEDS)('$name', ({ mount, item, highlighted }) => {
  it.each<[string, AiActivityRow[], string[]]>([
    ['empty: the spec text', [], ['No activity data available']],
    ['one item, just now', [row('a', 0)], ['just now']],
    ['items newest first, their relative times', [row('a', 0), row('b', 1), row('c', 7), row('d', 60), row('e', 150)], ['just now', '1 minute ago', '7 minutes ago', '1 hour ago', '2 hours ago']],
  ])('%s', async (_name, rows, texts) => {
    mount(rows);
    await advance(0);
    if (rows.length === 0) {
      expect(screen.getByText('No activity data available')).toBeTruthy();
      expect(screen.queryAllByTestId(item)).toHaveLength(0);
      return;
    }
    const items = screen.getAllByTestId(item);
    expect(items.map((el) => el.dataset['id'])).toEqual(rows.map((r) => r.id));
    expect(items.map((el) => el.querySelector('time')?.textContent)).toEqual(texts);
    expect(items.some(highlighted)).toBe(false);
  });

  it('an empty feed from the store says so too', async () => {
    mount([row('a', 0)]);
    await publish(dataWith({}, []));
    expect(screen.getByText('No activity data available')).toBeTruthy();
  });

  it.each<[string, AiActivityRow[], boolean]>([
    ['a new newest item is highlighted', [row('new', 0), row('a', 1)], true],
    ['the same newest item is not', [row('a', 0), row('b', 2)], false],
    ['an older item added below is not', [row('a', 0), row('old', 9)], false],
  ])('%s for 3 s', async (_name, next, expected) => {
    mount([row('a', 0)]);
    await publish(dataWith({}, next));
    const first = (): HTMLElement => screen.getAllByTestId(item)[0] as HTMLElement;
    expect(first().dataset['id']).toBe(next[0]?.id);
    expect(highlighted(first())).toBe(expected);
    // Only the newest is ever highlighted.
    expect(screen.getAllByTestId(item).slice(1).some(highlighted)).toBe(false);
    await advance(2_999);
    expect(highlighted(first())).toBe(expected);
    await advance(1);
    expect(highlighted(first())).toBe(false);
  });

  it('a second new newest item within the 3 s is highlighted for its own 3 s', async () => {
    mount([row('a', 0)]);
    await publish(dataWith({}, [row('b', 0), row('a', 1)]));
    await advance(2_000);
    await publish(dataWith({}, [row('c', 0), row('b', 1)]));
    await advance(2_000);
    const first = screen.getAllByTestId(item)[0] as HTMLElement;
    expect(first.dataset['id']).toBe('c');
    expect(highlighted(first)).toBe(true);
    await advance(1_000);
    expect(highlighted(first)).toBe(false);
  });

  it('relative times are recomputed every 60 s, not between', async () => {
    mount([row('a', 0), row('b', 59)]);
    await advance(0);
    const times = (): (string | null)[] => screen.getAllByTestId(item).map((el) => el.querySelector('time')?.textContent ?? null);
    expect(times()).toEqual(['just now', '59 minutes ago']);
    await advance(59_999);
    expect(times()).toEqual(['just now', '59 minutes ago']);
    await advance(1);
    expect(times()).toEqual(['1 minute ago', '1 hour ago']);
    await advance(4 * MINUTE);
    expect(times()).toEqual(['5 minutes ago', '1 hour ago']);
  });

  it('times of fresh data are measured against its own time', async () => {
    mount([row('a', 0)]);
    await advance(0);
    // Data computed 3 minutes on, with an item from 2 minutes before that: '2 minutes ago' at once.
    vi.setSystemTime(NOW + 3 * MINUTE);
    await publish(dataWith({}, [{ ...row('b', 0), originalTime: NOW + MINUTE }], NOW + 3 * MINUTE));
    expect(screen.getAllByTestId(item)[0]?.querySelector('time')?.textContent).toBe('2 minutes ago');
  });

  it('hostile messages are text: no element, no attribute comes out of them', async () => {
    const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script> Token "<b>PWN</b>" & co';
    mount([row('a', 0, hostile)]);
    await advance(0);
    const first = screen.getAllByTestId(item)[0] as HTMLElement;
    expect(first.textContent).toContain(hostile);
    expect(first.querySelectorAll('img, script, b')).toHaveLength(0);
  });
});

describe('AiStats', () => {
  const figures = { learningCycles: 946, blocksProcessed: 236_565, predictionAccuracy: 85.3, gasOptimization: 87.5 };
  const texts = (): Record<string, string | null> =>
    Object.fromEntries(['stat-learning-cycles', 'stat-blocks-processed', 'stat-prediction-accuracy', 'stat-gas-optimization'].map((t) => [t, screen.getByTestId(t).textContent]));
  const pulsing = (): string[] => screen.queryAllByText((_c, el) => el?.getAttribute('data-pulse') === 'on').map((el) => el.getAttribute('data-test') ?? '');

  it("shows the server's figures with the spec's labels", () => {
    render(<AiStats figures={figures} live={LIVE} />);
    for (const label of ['Learning Cycles', 'Blocks Processed', 'Prediction Accuracy %', 'Gas Optimization %']) expect(screen.getByText(label)).toBeTruthy();
    expect(texts()).toEqual({ 'stat-learning-cycles': '946', 'stat-blocks-processed': '236,565', 'stat-prediction-accuracy': '85.3%', 'stat-gas-optimization': '87.5%' });
    expect(pulsing()).toEqual([]);
  });

  it.each<[string, Partial<AiDashboardData>, string[]]>([
    ['nothing changed: no pulse', {}, []],
    ['blocks processed changed', { blocksProcessed: 236_566 }, ['stat-blocks-processed']],
    ['two figures changed', { learningCycles: 947, gasOptimization: 88 }, ['stat-learning-cycles', 'stat-gas-optimization']],
    // The figure shown is what counts: 85.31 still reads 85.3%.
    ['a change the text does not show: no pulse', { predictionAccuracy: 85.31 }, []],
  ])('%s; a pulse lasts 1 s', async (_name, patch, changed) => {
    render(<AiStats figures={figures} live={LIVE} />);
    await publish(dataWith({ ...figures, ...patch }));
    expect(pulsing().sort()).toEqual([...changed].sort());
    for (const test of changed) expect(screen.getByTestId(test).className).toContain('animate-pulse');
    await advance(999);
    expect(pulsing().sort()).toEqual([...changed].sort());
    await advance(1);
    expect(pulsing()).toEqual([]);
  });
});

describe('AiDashboardControls: the data source badge and Refresh Data', () => {
  it.each<[string, boolean, boolean | undefined, string]>([
    ['server real, no browser data → Real-time Data', false, undefined, 'Real-time Data'],
    ['server simulated, no browser data → Simulated Data', true, undefined, 'Simulated Data'],
    ['server simulated, browser real → Real-time Data', true, false, 'Real-time Data'],
    ['server real, browser simulated → Simulated Data', false, true, 'Simulated Data'],
  ])('%s', async (_name, serverSimulated, browserSimulated, text) => {
    render(<AiDashboardControls isSimulated={serverSimulated} refreshHref="/ai-dashboard" live={LIVE} />);
    if (browserSimulated !== undefined) await publish(dataWith({ isSimulated: browserSimulated }));
    expect(screen.getByTestId('data-source-badge').textContent).toBe(text);
    expect(screen.getByTestId('refresh-data').textContent).toBe('Refresh Data');
  });

  it("Refresh Data reads 'Refreshing...' while the store refreshes; a failure keeps the figures and shows the error with Retry", async () => {
    // The indexer's reads hang until the test fails them all.
    const pending: Array<(error: Error) => void> = [];
    const fetch = vi.fn(() => new Promise<Response>((_resolve, reject) => void pending.push(reject)));
    const fail = (error: Error): void => {
      for (const reject of pending.splice(0)) reject(error);
    };
    vi.stubGlobal('fetch', fetch);
    render(
      <>
        <AiDashboardControls isSimulated={false} refreshHref="/ai-dashboard" live={LIVE} />
        <AiDashboardAlerts failure={null} refreshHref="/ai-dashboard" live={LIVE} />
        <AiStats figures={{ learningCycles: 1, blocksProcessed: 2_500, predictionAccuracy: 90, gasOptimization: 80 }} live={LIVE} />
      </>,
    );
    const button = screen.getByTestId('refresh-data');
    expect(screen.queryByRole('alert')).toBeNull();
    // A plain click is handled in place (no navigation): the link's default is prevented.
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    await act(async () => button.dispatchEvent(click));
    expect(click.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(button.textContent).toBe('Refreshing...');
    expect(button.getAttribute('aria-busy')).toBe('true');
    await act(async () => fail(new TypeError('Failed to fetch')));
    await vi.waitFor(() => expect(button.textContent).toBe('Refresh Data'));
    const alert = screen.getByTestId('ai-live-error');
    expect(alert.textContent).toMatch(/^The dashboard could not be refreshed \(.+\): the figures below are from the last refresh\.Retry$/);
    expect(screen.getByTestId('stat-blocks-processed').textContent).toBe('2,500');
    expect($aiDashboard.get().data).toBeUndefined();
  });

  it('a click with a modifier key is left to the link', () => {
    render(<AiDashboardControls isSimulated={false} refreshHref="/ai-dashboard" live={LIVE} />);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    fireEvent(screen.getByTestId('refresh-data'), click);
    expect(click.defaultPrevented).toBe(false);
    expect($aiDashboard.get().refreshing).toBe(false);
  });
});

describe("AiDashboardAlerts: the server's error box", () => {
  it.each<[string, string | null, boolean, boolean]>([
    ['no failure', null, false, false],
    ['a failure, no browser data yet', 'Network error', false, true],
    ['a failure, then a refresh brought data', 'Network error', true, false],
  ])('%s', async (_name, failure, refreshed, shown) => {
    render(<AiDashboardAlerts failure={failure} refreshHref="/ai-dashboard" live={LIVE} />);
    if (refreshed) await publish(dataWith({ isSimulated: false }));
    const box = screen.queryByTestId('ai-error');
    expect(box !== null).toBe(shown);
    if (box) {
      expect(box.textContent).toBe(`The chain's data could not be loaded (${failure}): the figures below are the simulated data set.Retry`);
      expect(box.querySelector('a')?.getAttribute('href')).toBe('/ai-dashboard');
    }
  });
});

describe('AiTestResults', () => {
  it("the server's first result, then each run's", async () => {
    const first = dataWith({ learningCycles: 12, blocksProcessed: 30_001 });
    render(<AiTestResults figures={aiTestFigures(first)} />);
    expect(screen.getByTestId('ai-card-blocks-processed').textContent).toBe('30,001');
    await publish(dataWith({ learningCycles: 13, blocksProcessed: 32_500, predictionAccuracy: 91.25 }));
    expect(screen.getByTestId('ai-card-blocks-processed').textContent).toBe('32,500');
    expect(screen.getByTestId('ai-card-blocks-processed').dataset['value']).toBe('32500');
    expect(screen.getByTestId('ai-card-prediction-accuracy').textContent).toBe('91.3%');
  });

  it('no data: no cards', () => {
    render(<AiTestResults figures={null} />);
    expect(screen.getByTestId('ai-cards').children).toHaveLength(0);
  });
});

describe('AiCharts: the charts region', () => {
  const data = dataWith({});
  const charts = {
    blockPredictionData: data.blockPredictionData,
    gasOptimizationData: data.gasOptimizationData,
    transactionPriorityData: data.transactionPriorityData,
    learningProgressData: data.learningProgressData,
  };
  const firstColumn = (test: string): string[] => [...screen.getByTestId(test).querySelectorAll('tbody tr td:first-child')].map((td) => td.textContent ?? '');
  const current = (chart: string): string[] =>
    [...screen.getByRole('navigation', { name: `${chart} range` }).querySelectorAll('a[aria-current="true"]')].map((a) => a.textContent ?? '');
  const href = (chart: string, range: string): string | null => screen.getByRole('navigation', { name: `${chart} range` }).querySelector(`a:nth-child(${['Daily', 'Monthly', 'Yearly'].indexOf(range) + 1})`)?.getAttribute('href') ?? null;

  it.each<[string, string, string, string, string[], string[]]>([
    // address, chart, then: the prediction chart's current range, the learning chart's, their tables' first labels
    ['no range asked: daily', '/ai-dashboard', 'Daily', 'Daily', data.blockPredictionData.labels, data.learningProgressData.labels],
    ['each chart keeps its own parameter', '/ai-dashboard?prediction=monthly&learning=yearly', 'Monthly', 'Yearly', data.blockPredictionData.monthlyLabels, data.learningProgressData.yearlyLabels],
    ['an unknown range is daily', '/ai-dashboard?prediction=weekly', 'Daily', 'Daily', data.blockPredictionData.labels, data.learningProgressData.labels],
  ])('%s', (_name, address, prediction, learning, predictionLabels, learningLabels) => {
    render(<AiCharts data={charts} address={address} explain={false} live={LIVE} />);
    expect(current('Block Height Prediction')).toEqual([prediction]);
    expect(current('Network Learning Progress')).toEqual([learning]);
    expect(firstColumn('table-block-prediction')).toEqual(predictionLabels);
    expect(firstColumn('table-learning-progress')).toEqual(learningLabels);
    expect(screen.queryAllByText('How It Works:')).toHaveLength(0);
  });

  it("the range links are the page's address with the chart's parameter, back to its card", () => {
    render(<AiCharts data={charts} address="/ai-dashboard?tab=metrics&learning=monthly" explain={true} live={LIVE} />);
    expect(href('Block Height Prediction', 'Daily')).toBe('/ai-dashboard?tab=metrics&learning=monthly#block-height-prediction');
    expect(href('Block Height Prediction', 'Yearly')).toBe('/ai-dashboard?tab=metrics&learning=monthly&prediction=yearly#block-height-prediction');
    expect(href('Network Learning Progress', 'Daily')).toBe('/ai-dashboard?tab=metrics#network-learning-progress');
    // The metrics tab explains each of the four charts.
    expect(screen.getAllByText('How It Works:')).toHaveLength(4);
  });

  it('a plain click changes the range in place and the address follows; the other chart keeps its range', () => {
    const replace = vi.spyOn(window.history, 'replaceState');
    render(<AiCharts data={charts} address="/ai-dashboard?learning=yearly" explain={false} live={LIVE} />);
    const monthly = screen.getByRole('navigation', { name: 'Block Height Prediction range' }).querySelectorAll('a')[1]!;
    expect(fireEvent.click(monthly)).toBe(false);
    expect(replace).toHaveBeenCalledWith(null, '', '/ai-dashboard?learning=yearly&prediction=monthly#block-height-prediction');
    expect(current('Block Height Prediction')).toEqual(['Monthly']);
    expect(current('Network Learning Progress')).toEqual(['Yearly']);
    expect(firstColumn('table-block-prediction')).toEqual(data.blockPredictionData.monthlyLabels);
    // The learning chart's links now carry the prediction's range.
    expect(href('Network Learning Progress', 'Daily')).toBe('/ai-dashboard?prediction=monthly#network-learning-progress');
    replace.mockRestore();
  });

  it('a click with a modifier key is left to the browser (a new tab)', () => {
    render(<AiCharts data={charts} address="/ai-dashboard" explain={false} live={LIVE} />);
    const yearly = screen.getByRole('navigation', { name: 'Block Height Prediction range' }).querySelectorAll('a')[2]!;
    expect(fireEvent.click(yearly, { ctrlKey: true })).toBe(true);
    expect(current('Block Height Prediction')).toEqual(['Daily']);
  });

  it("the store's new data rewrites the tables and the doughnut", async () => {
    render(<AiCharts data={charts} address="/ai-dashboard" explain={false} live={LIVE} />);
    expect([...screen.getAllByTestId('priority-value')].map((el) => el.textContent)).toEqual(data.transactionPriorityData.values.map(String));
    const actual = data.blockPredictionData.actual.map((h) => h + 100);
    await publish(dataWith({ blockPredictionData: { ...data.blockPredictionData, actual }, transactionPriorityData: { labels: data.transactionPriorityData.labels, values: [1, 2, 3, 4, 5] } }));
    expect([...screen.getAllByTestId('priority-value')].map((el) => el.textContent)).toEqual(['1', '2', '3', '4', '5']);
    const cells = [...screen.getByTestId('table-block-prediction').querySelectorAll('tbody tr td:nth-child(3)')].map((td) => td.textContent);
    expect(cells).toEqual(actual.map(String));
  });

  it('no priced transactions: the gas chart says so, with no chart and no table', () => {
    render(<AiCharts data={{ ...charts, gasOptimizationData: { labels: [], traditional: [], optimized: [] } }} address="/ai-dashboard" explain={false} live={LIVE} />);
    expect(screen.getByTestId('chart-gas-optimization').textContent).toContain('No priced transactions in the sample.');
    expect(screen.queryByTestId('table-gas-optimization')).toBeNull();
  });

  it('hostile labels are text', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    render(<AiCharts data={{ ...charts, transactionPriorityData: { labels: [hostile], values: [1] } }} address="/ai-dashboard" explain={false} live={LIVE} />);
    expect(screen.getByTestId('priority-legend').textContent).toContain(hostile);
    expect(document.querySelector('img')).toBeNull();
  });
});

describe('AiNetwork: the Neural Network tab', () => {
  const data = dataWith({ neuralNetwork: { nodes: 42, connections: 156, layers: 4 }, predictionAccuracy: 85.3, gasOptimization: 87.5 });
  const network = { neuralNetwork: data.neuralNetwork, predictionAccuracy: data.predictionAccuracy, gasOptimization: data.gasOptimization, learningCycles: data.learningCycles, blocksProcessed: data.blocksProcessed };
  const figures = (): Record<string, string | null> =>
    Object.fromEntries(['arch-input', 'arch-hidden-layers', 'arch-hidden-nodes', 'arch-output', 'arch-connections', 'arch-units', 'adaptive-learning'].map((t) => [t, screen.getByTestId(t).textContent]));

  it("the server's architecture, algorithm and capabilities; then the store's", async () => {
    render(<AiNetwork data={network} live={LIVE} />);
    expect(figures()).toEqual({ 'arch-input': '5', 'arch-hidden-layers': '4', 'arch-hidden-nodes': '11', 'arch-output': '4', 'arch-connections': '156', 'arch-units': '21', 'adaptive-learning': '60%' });
    expect(screen.getByTestId('card-algorithm').textContent).toContain('Advanced backpropagation with adaptive learning rates');
    expect(screen.getByTestId('card-algorithm').textContent).toContain('Gradient descent with high momentum');
    expect(screen.getByTestId('learning-rate').textContent).toBe('0.0095 – 0.0863');
    expect(screen.getByTestId('card-capabilities').textContent).toContain('Block height prediction at 85.3% accuracy');
    expect(screen.getByTestId('neural-network-graphic').querySelectorAll('circle').length).toBeGreaterThan(0);
    await publish(dataWith({ neuralNetwork: { nodes: 60, connections: 2_400, layers: 3 }, predictionAccuracy: 70, gasOptimization: 80 }));
    expect(figures()).toMatchObject({ 'arch-hidden-layers': '3', 'arch-hidden-nodes': '20', 'arch-connections': '2,400', 'arch-units': '30' });
    expect(screen.getByTestId('card-algorithm').textContent).toContain('Standard backpropagation');
    expect(screen.getByTestId('card-algorithm').textContent).toContain('Sigmoid output for gas fee prediction');
  });
});

describe('hydration', () => {
  it("hydrates to the server's HTML even when the store already has newer data, then shows it", async () => {
    const rows = [row('a', 2)];
    const html = renderToString(<AiActivityFeed rows={rows} renderedAt={NOW} live={LIVE} />);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    // The AI test page's flow published a run before the feed hydrated.
    publishAiData(dataWith({}, [row('b', 0), ...rows]));
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <AiActivityFeed rows={rows} renderedAt={NOW} live={LIVE} />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    const items = container.querySelectorAll<HTMLElement>('[data-test="activity-item"]');
    expect([...items].map((el) => el.dataset['id'])).toEqual(['b', 'a']);
    expect(items[0]?.dataset['highlight']).toBe('on');
    container.remove();
  });

  it('the server render reads no browser state', () => {
    publishAiData(dataWith({}, [row('b', 0)]));
    const html = renderToString(<AiActivityFeed rows={activityRows([])} renderedAt={NOW} live={LIVE} />);
    expect(html).toContain('No activity data available');
  });
});
