import { swapRegions } from '../page/styles.ts';
import { $aiDashboard } from './store.ts';

// The parts of the AI dashboard that the store does not render: the charts region (the chart islands, src/islands/
// Chart.tsx, with the server's props for the chosen ranges, their tables, the priority doughnut and the Daily/Monthly/
// Yearly links) and the Neural Network tab's graphic and texts. The chart islands swapped in hydrate where they are
// put (client:visible); the old ones unmount. When the shared store brings new data (src/lib/ai/store.ts: the stream, the
// 30 s poll without it, Refresh Data), and when a chart's range link is clicked, the page is fetched again and these
// `data-ai-region`s are swapped for the fresh ones. The stat cards, the feed, the badge and the error boxes are
// islands reading the store (src/islands/Ai*.tsx).

/** Fetches the page (or the page at `href`: another chart range) and swaps its regions; a failure keeps them. */
async function swapFreshRegions(doc: Document, href?: string): Promise<void> {
  try {
    const url = href ?? doc.location.href;
    const res = await fetch(url, { headers: { accept: 'text/html' } });
    if (!res.ok) return;
    swapRegions(new DOMParser().parseFromString(await res.text(), 'text/html'), 'data-ai-region', doc);
    if (href !== undefined) doc.defaultView?.history.replaceState(null, '', href);
  } catch {
    // The regions stay as they are; the store's error box says why a refresh failed.
  }
}

/** Follows the store's refreshes and the range links for the server-rendered regions of the page. */
export function startAiRegions(doc: Document = document): void {
  if (!doc.querySelector('[data-ai-region]')) return;
  doc.addEventListener('click', (event) => {
    const range = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-ai-range]') : null;
    if (!range || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0) return;
    // A chart's range: the page for it is fetched and its regions swapped in place (the link works without
    // JavaScript as a plain navigation).
    event.preventDefault();
    void swapFreshRegions(doc, range.href);
  });
  let shown = $aiDashboard.get().data;
  $aiDashboard.listen((state) => {
    if (state.data === undefined || state.data === shown) return;
    shown = state.data;
    void swapFreshRegions(doc);
  });
}
