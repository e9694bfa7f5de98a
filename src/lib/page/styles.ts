/**
 * Scripts that swap parts of the page for the same parts of a freshly fetched page (the transaction list's
 * Refresh, the NFT search) adopt that page's own stylesheet as well: a page inlines only the rules its HTML uses
 * (src/lib/server/critical-css.ts), and the fresh parts may use others (a Failed badge where there was none).
 */
function adoptPageStyles(fresh: Document, doc: Document = document): void {
  const incoming = fresh.querySelector('style[data-full-css]');
  if (!incoming?.textContent) return;
  const present = Array.from(doc.querySelectorAll('style[data-full-css]'), (s) => s.textContent);
  if (present.includes(incoming.textContent)) return;
  const style = doc.createElement('style');
  style.setAttribute('data-full-css', incoming.getAttribute('data-full-css') ?? '');
  style.textContent = incoming.textContent;
  doc.head.appendChild(style);
}

/**
 * Replaces each region of the page marked with `attribute` (data-x="name") by the region of the same name in a
 * freshly fetched page, adopting that page's CSS first; returns the regions put in.
 */
export function swapRegions(fresh: Document, attribute: string, doc: Document = document): HTMLElement[] {
  adoptPageStyles(fresh, doc);
  const swapped: HTMLElement[] = [];
  for (const region of doc.querySelectorAll<HTMLElement>(`[${attribute}]`)) {
    const next = fresh.querySelector(`[${attribute}="${region.getAttribute(attribute) ?? ''}"]`);
    if (!next) continue;
    const node = doc.importNode(next, true) as HTMLElement;
    region.replaceWith(node);
    swapped.push(node);
  }
  return swapped;
}
