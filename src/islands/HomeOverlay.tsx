import { HOME_PARTS, loadedCount, overlayWaiting, type HomeBaseline, type HomePart } from '../lib/home/feed.ts';
import { useHomeFeed } from './home/use-home-feed.ts';

const LABELS: Record<HomePart, string> = { blocks: 'Blocks', transactions: 'Transactions', stats: 'Network stats', ai: 'AI data' };

/**
 * The full-screen loading overlay, on the page only when the server could not load some parts: 'n/4
 * loaded' while the browser fetches them; it goes once blocks, transactions and stats are in. Without JavaScript a
 * noscript style hides it (the page says what it could not load).
 */
export default function HomeOverlay({ baseline }: { baseline: HomeBaseline }) {
  const feed = useHomeFeed(baseline);
  const pending = feed.pending ?? baseline.missing;
  if (!overlayWaiting(pending)) return null;
  return (
    <div data-test="home-overlay" role="status" aria-live="polite" className="home-overlay fixed inset-0 z-50 grid place-items-center bg-white/90 backdrop-blur-sm">
      <div className="w-72 rounded-lg border border-slate-200 bg-white p-6 text-center shadow-lg">
        <div aria-hidden="true" className="mx-auto size-10 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600" />
        <p className="mt-4 font-semibold text-slate-900">Loading network data</p>
        <p className="mt-1 text-sm text-slate-700" data-test="home-overlay-progress">{`${loadedCount(pending)}/${HOME_PARTS.length} loaded`}</p>
        <ul className="mt-3 space-y-1 text-left text-xs text-slate-700">
          {HOME_PARTS.map((part) => (
            <li key={part} className="flex justify-between">
              <span>{LABELS[part]}</span>
              <span>{pending.includes(part) ? 'Loading…' : 'Loaded'}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
