import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { TRANSFER_GAS } from '../../common/gas-tracker.ts';
import { formatGwei } from '../lib/format/index.ts';
import { averageFullness, barEnds, BARS_HEIGHT, BARS_WIDTH, blockBars, levelCards } from '../lib/gastracker/view.ts';
import type { GasBlock, GasTrackerLive as GasFigures } from '../lib/model/gas-tracker.ts';
import { $gasTracker } from '../lib/stores/gas-tracker.ts';

/** The server's figures, only the fields shown (Astro writes an island's props into the page). */
type Props =
  | {
      which: 'levels';
      levels: GasFigures['levels'];
      /** The site's STO price the fees are shown at; null: no USD figure. */
      stoUsd: number | null;
    }
  | {
      which: 'blocks';
      lastBlock: number;
      baseFee: string;
      blocks: Pick<GasBlock, 'number' | 'gasUsedRatio'>[];
      /** The bars chart island (GasChart, client:visible), shown above the server's bars, which it replaces once drawn. */
      children?: ReactNode;
    };

const TONE: Record<string, string> = { slow: 'text-emerald-700', standard: 'text-indigo-700', fast: 'text-rose-700' };

/**
 * The gas tracker's live figures, from the server's figures until the gas tracker's store has newer ones (the
 * tab's stream's `gas` events and the page's /stats/gas polls, published by the page's script through
 * lib/gastracker/live.ts): 'levels', the Slow / Standard / Fast cards (the price per gas, the fee of a simple transfer
 * in STO and USD, the wait); 'blocks', the body of the "Base fee and block fullness" card (the next base fee, the last
 * block, the average fullness and one bar per block, each an image with its own text for screen readers; with
 * JavaScript the chart island given as children draws the same bars with uPlot, and the SVG then stays for screen
 * readers only). Reads the store only: no stream or poll of its own. Hydrate it client:idle (the first screen).
 */
export default function GasTrackerLive(props: Props) {
  const live = useStore($gasTracker, { ssr: 'initial' });
  if (props.which === 'levels') return <LevelCards levels={live?.levels ?? props.levels} stoUsd={props.stoUsd} />;
  const figures = live ?? props;
  return (
    <BlockFigures lastBlock={figures.lastBlock} baseFee={figures.baseFee} blocks={figures.blocks}>
      {props.children}
    </BlockFigures>
  );
}

function LevelCards({ levels, stoUsd }: { levels: GasFigures['levels']; stoUsd: number | null }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-3" data-test="gas-levels">
      {levelCards({ levels }, stoUsd).map((card) => (
        <li key={card.key} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-test="gas-level">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-700" data-test="gas-level-label">
            {card.label}
          </h2>
          <p className={`mt-2 text-2xl font-bold ${TONE[card.key] ?? ''}`}>
            <span data-test="gas-level-price">{card.gwei}</span> <span className="text-base font-medium">Gwei</span>
          </p>
          <dl className="mt-3 space-y-1 text-sm text-slate-700">
            <div className="flex flex-wrap justify-between gap-x-2">
              <dt>Priority fee</dt>
              <dd>
                <span data-test="gas-level-priority">{card.priorityGwei}</span> Gwei
              </dd>
            </div>
            <div className="flex flex-wrap justify-between gap-x-2">
              <dt>
                Transfer fee <span className="sr-only">{`(${TRANSFER_GAS.toLocaleString('en-US')} gas)`}</span>
              </dt>
              <dd data-test="gas-level-fee-sto">{card.feeSto}</dd>
            </div>
            <div className="flex flex-wrap justify-between gap-x-2">
              <dt>In USD</dt>
              <dd data-test="gas-level-fee-usd">{card.feeUsd}</dd>
            </div>
            <div className="flex flex-wrap justify-between gap-x-2">
              <dt>Wait</dt>
              <dd data-test="gas-level-wait">{card.wait}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

interface BlockFiguresProps {
  lastBlock: number;
  baseFee: string;
  blocks: Pick<GasBlock, 'number' | 'gasUsedRatio'>[];
  children?: ReactNode;
}

function BlockFigures({ lastBlock, baseFee, blocks, children }: BlockFiguresProps) {
  const bars = blockBars(blocks);
  const ends = barEnds(bars);
  return (
    <>
      <dl className="mb-4 grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-700">Next block&apos;s base fee</dt>
          <dd className="text-lg font-semibold text-slate-900">
            <span data-test="gas-base-fee">{formatGwei(baseFee)}</span> Gwei
          </dd>
        </div>
        <div>
          <dt className="text-slate-700">Last block</dt>
          <dd className="text-lg font-semibold text-slate-900">
            #<span data-test="gas-last-block">{lastBlock.toLocaleString('en-US')}</span>
          </dd>
        </div>
      </dl>
      {/* One text node each side of the figure: the server's HTML has no separators. */}
      <p className="text-sm text-slate-700">
        {'Average over these blocks: '}
        <span className="font-semibold text-slate-900" data-test="gas-fullness">
          {averageFullness(blocks)}
        </span>
        {' of the gas limit used.'}
      </p>
      <div data-gas-bars-chart="">
        {children}
        <svg
          viewBox={`0 0 ${BARS_WIDTH} ${BARS_HEIGHT}`}
          preserveAspectRatio="none"
          className="mt-3 h-20 w-full rounded bg-slate-50 fill-indigo-500 [[data-gas-bars-chart]:has([data-state=drawn])_&]:sr-only"
          role="group"
          aria-label="Gas used by each of the last blocks, oldest first"
          data-test="gas-block-bars"
        >
          <g>
            {bars.map((bar) => (
              <rect key={bar.number} x={bar.x} y={bar.y} width={bar.width} height={bar.height} role="img" aria-label={bar.label} data-block={bar.number}>
                <title>{bar.label}</title>
              </rect>
            ))}
          </g>
        </svg>
      </div>
      <p className="mt-1 flex justify-between text-xs text-slate-700" aria-hidden="true">
        <span data-test="gas-bars-first">{ends.first}</span>
        <span data-test="gas-bars-last">{ends.last}</span>
      </p>
    </>
  );
}
