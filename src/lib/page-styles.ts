/**
 * Scripts that swap parts of the page for the same parts of a freshly fetched page (the transaction list's
 * Refresh, the NFT search) adopt that page's own stylesheet as well: a page inlines only the rules its HTML uses
 * (src/lib/server/critical-css.ts), and the fresh parts may use others (a Failed badge where there was none).
 */
export function adoptPageStyles(fresh: Document, doc: Document = document): void {
  const incoming = fresh.querySelector('style[data-full-css]');
  if (!incoming?.textContent) return;
  const present = Array.from(doc.querySelectorAll('style[data-full-css]'), (s) => s.textContent);
  if (present.includes(incoming.textContent)) return;
  const style = doc.createElement('style');
  style.setAttribute('data-full-css', incoming.getAttribute('data-full-css') ?? '');
  style.textContent = incoming.textContent;
  doc.head.appendChild(style);
}
