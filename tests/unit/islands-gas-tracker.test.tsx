// @vitest-environment jsdom
import { act, cleanup, configure, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import GasTrackerLive from '../../src/islands/GasTrackerLive.tsx';
import type { GasTrackerLive as GasFigures } from '../../src/lib/model/gas-tracker.ts';
import { $gasTracker, publishGasTracker } from '../../src/lib/stores/gas-tracker.ts';

// The gas tracker's figures island over the gas tracker's store: the server's
// figures until the store has some, then the store's (the page's script publishes the stream's `gas` events and the
// /stats/gas polls there); the markup the page's tests and styles read (data-test, the bars' images and their texts).

configure({ testIdAttribute: 'data-test' });

const GWEI = 1_000_000_000n;

/** A level at `price` gwei with `priority` gwei of priority fee. */
function level(price: bigint, priority: bigint, waitSeconds: number | null) {
  return { price: String(price * GWEI), priorityFee: String(priority * GWEI), transferFee: String(price * GWEI * 21_000n), waitSeconds };
}

/** The figures of a `gas` event: the last block, the base fee in gwei, three levels and blocks of the given ratios. */
function figures(lastBlock: number, baseFeeGwei: bigint, prices: [bigint, bigint, bigint], ratios: number[]): GasFigures {
  const [slow, standard, fast] = prices;
  return {
    lastBlock,
    baseFee: String(baseFeeGwei * GWEI),
    levels: { slow: level(slow, slow - baseFeeGwei, 600), standard: level(standard, standard - baseFeeGwei, 24), fast: level(fast, fast - baseFeeGwei, null) },
    blocks: ratios.map((gasUsedRatio, i) => ({ number: lastBlock - ratios.length + 1 + i, baseFee: String(baseFeeGwei * GWEI), gasUsedRatio })),
  };
}

/** What the server rendered the page with. */
const SERVER = figures(1_200, 1n, [2n, 3n, 6n], [0, 0.25, 0.5, 1]);
/** Newer figures, as an event or a poll brings them: every text differs from the server's. */
const NEWER = figures(1_203, 2n, [4n, 7n, 12n], [0.1, 0.2, 0.3, 0.4, 0.6]);
const STO_USD = 0.1;

/** The two parts as the page renders them (the blocks' part holds the chart island, here a stand-in). */
function Page() {
  const { lastBlock, baseFee, levels, blocks } = SERVER;
  return (
    <>
      <GasTrackerLive which="levels" levels={levels} stoUsd={STO_USD} />
      <GasTrackerLive which="blocks" lastBlock={lastBlock} baseFee={baseFee} blocks={blocks.map(({ number, gasUsedRatio }) => ({ number, gasUsedRatio }))}>
        <div data-test="chart-stand-in" />
      </GasTrackerLive>
    </>
  );
}

const texts = (test: string): string[] => screen.queryAllByTestId(test).map((el) => el.textContent ?? '');
const bars = (): Element[] => [...screen.getByTestId('gas-block-bars').querySelectorAll('rect')];

afterEach(() => {
  cleanup();
  $gasTracker.set(null);
});

describe('GasTrackerLive', () => {
  it.each<[string, () => void, Record<string, string[]>, { blocks: number[]; labels: string[]; heights: string[] }]>([
    [
      "the server's figures while the store has none",
      () => {},
      {
        'gas-level-label': ['Slow', 'Standard', 'Fast'],
        'gas-level-price': ['2', '3', '6'],
        'gas-level-priority': ['1', '2', '5'],
        'gas-level-fee-sto': ['0.00004200 STO', '0.00006300 STO', '0.000126 STO'],
        'gas-level-fee-usd': ['$0.0000042', '$0.0000063', '$0.0000126'],
        'gas-level-wait': ['~10 min', '~24 sec', 'No estimate'],
        'gas-base-fee': ['1'],
        'gas-last-block': ['1,200'],
        'gas-fullness': ['43.8%'],
        'gas-bars-first': ['#1,197'],
        'gas-bars-last': ['#1,200'],
      },
      {
        blocks: [1_197, 1_198, 1_199, 1_200],
        labels: ['Block 1,197: 0.0% of its gas limit used', 'Block 1,198: 25.0% of its gas limit used', 'Block 1,199: 50.0% of its gas limit used', 'Block 1,200: 100.0% of its gas limit used'],
        heights: ['0', '20', '40', '80'],
      },
    ],
    [
      "the store's once published (an event, a poll): every level's price, priority, fees and wait, the base fee, the last block, the fullness and the bars",
      () => void publishGasTracker(NEWER),
      {
        'gas-level-label': ['Slow', 'Standard', 'Fast'],
        'gas-level-price': ['4', '7', '12'],
        'gas-level-priority': ['2', '5', '10'],
        'gas-level-fee-sto': ['0.00008400 STO', '0.000147 STO', '0.000252 STO'],
        'gas-level-fee-usd': ['$0.0000084', '$0.0000147', '$0.0000252'],
        'gas-level-wait': ['~10 min', '~24 sec', 'No estimate'],
        'gas-base-fee': ['2'],
        'gas-last-block': ['1,203'],
        'gas-fullness': ['32.0%'],
        'gas-bars-first': ['#1,199'],
        'gas-bars-last': ['#1,203'],
      },
      {
        blocks: [1_199, 1_200, 1_201, 1_202, 1_203],
        labels: ['Block 1,199: 10.0% of its gas limit used', 'Block 1,200: 20.0% of its gas limit used', 'Block 1,201: 30.0% of its gas limit used', 'Block 1,202: 40.0% of its gas limit used', 'Block 1,203: 60.0% of its gas limit used'],
        heights: ['8', '16', '24', '32', '48'],
      },
    ],
    [
      "the server's figures again when the store is emptied (null)",
      () => {
        publishGasTracker(NEWER);
        $gasTracker.set(null);
      },
      {
        'gas-level-price': ['2', '3', '6'],
        'gas-base-fee': ['1'],
        'gas-last-block': ['1,200'],
        'gas-fullness': ['43.8%'],
      },
      { blocks: [1_197, 1_198, 1_199, 1_200], labels: [], heights: [] },
    ],
  ])('%s', (_name, change, expected, bar) => {
    render(<Page />);
    act(change);
    for (const [test, values] of Object.entries(expected)) expect(texts(test), test).toEqual(values);
    expect(bars().map((rect) => Number(rect.getAttribute('data-block')))).toEqual(bar.blocks);
    if (bar.labels.length > 0) {
      expect(bars().map((rect) => rect.getAttribute('aria-label'))).toEqual(bar.labels);
      // Each bar is an image with its own title, the same text.
      expect(bars().map((rect) => rect.getAttribute('role'))).toEqual(bar.labels.map(() => 'img'));
      expect(bars().map((rect) => rect.querySelector('title')?.textContent)).toEqual(bar.labels);
      expect(bars().map((rect) => rect.getAttribute('height'))).toEqual(bar.heights);
    }
  });

  it('without an STO price the fees in USD are a dash', () => {
    render(<GasTrackerLive which="levels" levels={SERVER.levels} stoUsd={null} />);
    expect(texts('gas-level-fee-usd')).toEqual(['—', '—', '—']);
    act(() => void publishGasTracker(NEWER));
    expect(texts('gas-level-fee-usd')).toEqual(['—', '—', '—']);
    expect(texts('gas-level-price')).toEqual(['4', '7', '12']);
  });

  it('the chart island inside the card stays the same element as the figures change', () => {
    render(<Page />);
    const chart = screen.getByTestId('chart-stand-in');
    // Inside the wrapper whose :has([data-state=drawn]) puts the SVG out of sight, before the SVG.
    expect(chart.parentElement?.hasAttribute('data-gas-bars-chart')).toBe(true);
    expect(chart.nextElementSibling).toBe(screen.getByTestId('gas-block-bars'));
    act(() => void publishGasTracker(NEWER));
    expect(screen.getByTestId('chart-stand-in')).toBe(chart);
  });

  it("hydrates the server's HTML without a mismatch, then shows what the store got before hydration", async () => {
    const html = renderToString(<Page />);
    expect(html).not.toContain('1,203');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    // A `gas` event came before the islands hydrated (client:idle).
    publishGasTracker(NEWER);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Page />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(container.querySelector('[data-test="gas-last-block"]')?.textContent).toBe('1,203');
    expect(container.querySelectorAll('[data-test="gas-level-price"]')[2]?.textContent).toBe('12');
    container.remove();
  });

  it('the server render reads no browser state: the store is not its source', () => {
    publishGasTracker(NEWER);
    const html = renderToString(<Page />);
    expect(html).toContain('#<span data-test="gas-last-block">1,200</span>');
    expect(html).not.toContain('1,203');
  });
});
