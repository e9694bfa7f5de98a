// News for islands hydrated `client:news="name"` (src/lib/client-directives/news.ts): the page's script follows the
// store the island reads from the start, and announces the island's name when the store first has something the server
// HTML does not show; the island then hydrates and shows it.

/** The window as this module leaves it: the names announced so far (an island whose directive runs later reads them). */
type NewsWindow = Window & { stoNews?: Set<string> };

/** Tells the island(s) hydrated `client:news="name"` that their store has news. */
export function announceNews(name: string): void {
  const w = window as NewsWindow;
  if (w.stoNews?.has(name)) return;
  (w.stoNews ??= new Set()).add(name);
  w.dispatchEvent(new CustomEvent('sto:news', { detail: name }));
}
