import { useCallback, useState } from 'react';
import { gasChart, learningChart, predictionChart } from '../lib/ai/chart-spec.ts';
import type { AiLiveConfig } from '../lib/ai/store.ts';
import { rangeAt, rangeLabelsFor } from '../lib/ai/view.ts';
import { formatPercentFigure } from '../lib/home/feed.ts';
import type { AiDashboardData } from '../lib/model/types.ts';
import Chart from './Chart.tsx';
import { ChartCard } from './ai/ChartCard.tsx';
import { DataTable } from './ai/DataTable.tsx';
import { PriorityDoughnut } from './ai/PriorityDoughnut.tsx';
import { useAiDashboard } from './ai/use-ai-dashboard.ts';

/** The dashboard data the charts draw (the island's props carry only these). */
export type AiChartsData = Pick<AiDashboardData, 'blockPredictionData' | 'gasOptimizationData' | 'transactionPriorityData' | 'learningProgressData'>;

interface Props {
  /** The server's data. */
  data: AiChartsData;
  /** The page's path and query: the charts' ranges (`prediction`, `learning`) are read from it, their links made from it. */
  address: string;
  /** The Performance Metrics tab: each card explains its chart. */
  explain: boolean;
  live: AiLiveConfig;
}

/** The Performance Metrics tab's explanation under a chart. */
function HowItWorks({ text }: { text: string }) {
  return (
    <p className="text-sm text-slate-700">
      <strong>How It Works:</strong> {text}
    </p>
  );
}

/**
 * The AI dashboard's charts region: Block Height Prediction and Network Learning Progress with their
 * Daily / Monthly / Yearly ranges, Gas Fee Optimization, the Transaction Priority Distribution doughnut (SVG), each
 * chart with its data as a table. Live from the shared store (src/lib/ai/store.ts): a refresh redraws the charts and
 * rewrites the tables. A range link is a plain link without JavaScript; on the hydrated island it changes the chart in
 * place and the address follows (history.replaceState), the other chart keeping its range. Hydrate it `client:visible`:
 * each chart loads uPlot only once it is in view (src/islands/Chart.tsx).
 */
export default function AiCharts({ data, address: initialAddress, explain, live }: Props) {
  const state = useAiDashboard(live);
  const d = state.data ?? data;
  const [address, setAddress] = useState(initialAddress);
  const choose = useCallback((href: string) => {
    setAddress(href.replace(/#.*$/, ''));
    window.history.replaceState(window.history.state, '', href);
  }, []);
  const predictionRange = rangeAt(address, 'prediction');
  const learningRange = rangeAt(address, 'learning');

  const predictionRows = rangeLabelsFor(d.blockPredictionData, predictionRange).map((label, i) => [label, d.blockPredictionData.predicted[i] ?? null, d.blockPredictionData.actual[i] ?? null]);
  const learningRows = rangeLabelsFor(d.learningProgressData, learningRange).map((label, i) => {
    const accuracy = d.learningProgressData.accuracy[i];
    return [label, accuracy === null || accuracy === undefined ? null : formatPercentFigure(accuracy)];
  });
  const gasRows = d.gasOptimizationData.labels.map((label, i) => [label, d.gasOptimizationData.traditional[i] ?? null, d.gasOptimizationData.optimized[i] ?? null]);

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2" data-test="ai-charts">
      <ChartCard title="Block Height Prediction" test="chart-block-prediction" id="block-height-prediction" range={{ param: 'prediction', current: predictionRange, address, onChoose: choose }}>
        <Chart {...predictionChart(d, predictionRange)} />
        <DataTable caption="Predicted and actual block heights" columns={['Time', 'Predicted', 'Actual']} rows={predictionRows} test="table-block-prediction" />
        {explain && <HowItWorks text="the network fits the time between recent blocks and predicts the height each block should have had at its time; the closer the predicted line follows the actual one, the higher the prediction accuracy." />}
      </ChartCard>

      <ChartCard title="Gas Fee Optimization" test="chart-gas-optimization">
        {gasRows.length > 0 ? (
          <>
            <Chart {...gasChart(d)} />
            <DataTable caption="Average fee per priority in gwei, traditional and AI optimized" columns={['Priority', 'Traditional (Gwei)', 'AI Optimized (Gwei)']} rows={gasRows} test="table-gas-optimization" />
          </>
        ) : (
          <p className="text-sm text-slate-600">No priced transactions in the sample.</p>
        )}
        {explain && <HowItWorks text="for each priority, the average fee the transactions paid is compared with what they would have paid at the network's reference gas price; the difference is the gas the priority system saved." />}
      </ChartCard>

      <ChartCard title="Transaction Priority Distribution" test="chart-priority-distribution">
        <PriorityDoughnut data={d.transactionPriorityData} />
        {explain && <HowItWorks text="each of the latest transactions is classed by what it does (a native STO transfer, an ERC-20 token transfer, a contract call, an NFT transfer or other), the class deciding its priority." />}
      </ChartCard>

      <ChartCard title="Network Learning Progress" test="chart-learning-progress" id="network-learning-progress" range={{ param: 'learning', current: learningRange, address, onChoose: choose }}>
        <Chart {...learningChart(d, learningRange)} />
        <DataTable caption="Prediction accuracy over time, percent (40 to 100)" columns={['Time', 'Accuracy']} rows={learningRows} test="table-learning-progress" />
        {explain && <HowItWorks text="after each block the network's cumulative prediction accuracy is recorded; a gap means there was nothing to learn from at that point." />}
      </ChartCard>
    </div>
  );
}
