import { homeAiFigures } from '../lib/ai/fallback.ts';
import { barWidth, formatPercentFigure, type HomeAi, type HomeBaseline } from '../lib/home/feed.ts';
import { useHomeFeed } from './home/use-home-feed.ts';

interface Props {
  /** The server's AI figures; null when it could not load them (the card shows 98 and 92). */
  ai: HomeAi | null;
  baseline: HomeBaseline;
}

function Bar({ label, value, test, tone }: { label: string; value: number; test: string; tone: string }) {
  const text = formatPercentFigure(value);
  return (
    <div>
      <div className="flex items-baseline justify-between text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        <span data-test={test} className="font-semibold text-slate-900">
          {text}
        </span>
      </div>
      <div className="mt-1 h-2.5 overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} aria-valuetext={text}>
        <div data-test={`${test}-bar`} className={`h-full rounded-full ${tone}`} style={{ width: barWidth(value) }} />
      </div>
    </div>
  );
}

/** The AI card's Block Prediction Accuracy and Network Optimization bars (98 and 92 when the AI data lacks them). */
export default function HomeAiBars({ ai, baseline }: Props) {
  const feed = useHomeFeed(baseline);
  const figures = homeAiFigures(feed.ai === undefined ? ai : feed.ai);
  return (
    <div className="space-y-4" data-test="ai-bars">
      <Bar label="Block Prediction Accuracy" value={figures.predictionAccuracy} test="ai-prediction-accuracy" tone="bg-gradient-to-r from-indigo-500 to-violet-500" />
      <Bar label="Network Optimization" value={figures.gasOptimization} test="ai-network-optimization" tone="bg-gradient-to-r from-emerald-500 to-teal-500" />
    </div>
  );
}
