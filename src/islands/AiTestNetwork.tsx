import { networkFigures, type AiTestFigures } from '../lib/ai/run-view.ts';
import { useAiDashboard } from './ai/use-ai-dashboard.ts';

/** The AI test page's neural network figures (nodes, connections, layers), from the shared store the runs publish to. */
export default function AiTestNetwork({ figures }: { figures: AiTestFigures | null }) {
  const state = useAiDashboard();
  const shown = state.data ?? figures;
  return (
    <dl data-test="ai-network" className="grid grid-cols-3 gap-3 p-4">
      {shown &&
        networkFigures(shown).map((f) => (
          <div key={f.key} className="rounded-md bg-indigo-50 p-3">
            <dt className="text-xs font-medium uppercase text-indigo-900">{f.label}</dt>
            <dd className="text-xl font-bold text-indigo-950" data-test={`ai-network-${f.key}`}>
              {String(f.value)}
            </dd>
          </div>
        ))}
    </dl>
  );
}
