import { resultCards, type AiTestFigures } from '../lib/ai/run-view.ts';
import { useAiDashboard } from './ai/use-ai-dashboard.ts';

/**
 * The AI test page's four result cards, from the shared store the page's test runs publish to
 * (the server's first result until then); data-value holds each figure unformatted.
 */
export default function AiTestResults({ figures }: { figures: AiTestFigures | null }) {
  const state = useAiDashboard();
  const shown = state.data ?? figures;
  return (
    <div data-test="ai-cards" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {shown &&
        resultCards(shown).map((card) => (
          <div key={card.key} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <h3 className="text-sm font-medium text-slate-700">{card.label}</h3>
            <p className="mt-1 text-2xl font-bold text-slate-900" data-test={`ai-card-${card.key}`} data-value={String(card.value)}>
              {card.text}
            </p>
          </div>
        ))}
    </div>
  );
}
