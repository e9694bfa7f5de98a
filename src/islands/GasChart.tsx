import { useStore } from '@nanostores/react';
import type { GasBlock, GasHour } from '../lib/model/gas-tracker.ts';
import { blocksChart, hoursChart } from '../lib/gastracker/view.ts';
import { $gasTracker } from '../lib/stores/gas-tracker.ts';
import Chart from './Chart.tsx';

/** The server's figures, only the fields drawn (Astro writes an island's props into the page). */
type Props = { which: 'blocks'; blocks: Pick<GasBlock, 'number' | 'gasUsedRatio'>[] } | { which: 'hours'; hourly: Pick<GasHour, 'hour' | 'average'>[] };

/**
 * A chart of the gas tracker: the last blocks' fullness ('blocks', one bar per block) or the 24 hours'
 * average gas price ('hours'), from the server's figures until the gas tracker's store has newer ones (the tab's
 * stream's `gas` events and the page's /stats/gas polls, published by the page's script; events carry no hours, so
 * the hours follow the polls). Reads the store only: no stream or poll of its own. Hydrate it client:visible.
 */
export default function GasChart(props: Props) {
  const live = useStore($gasTracker, { ssr: 'initial' });
  if (props.which === 'blocks') return <Chart {...blocksChart(live?.blocks ?? props.blocks)} className="mt-3" />;
  return <Chart {...hoursChart(live?.hourly ?? props.hourly)} />;
}
