import type { Page } from '@playwright/test';

// Pages inline only their part of the site's stylesheet (src/lib/server/critical-css.ts) and name the whole one: this
// adds the whole one and compares every computed property of every element (and its ::before / ::after) with it
// switched off and on.

/** Adds the whole stylesheet, then returns the elements whose computed style changes when it is switched on. */
export async function styleDifferences(page: Page): Promise<{ pruned: number; full: number; differences: string[] }> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const href = document.querySelector('style[data-full-css]')?.getAttribute('data-full-css');
        if (!href) return resolve();
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = href;
        link.onload = () => resolve();
        link.onerror = () => reject(new Error(`${href} did not load`));
        document.head.appendChild(link);
      }),
  );
  return page.evaluate(() => {
    const link = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).find((l) => l.href.includes('/_astro/site.'));
    const own = document.querySelector('style[data-full-css]');
    if (!link || !own) return { pruned: 0, full: 0, differences: ['no page stylesheet or no whole stylesheet'] };
    const sheet = link.sheet as CSSStyleSheet;
    const fullText = Array.from(sheet.cssRules, (r) => r.cssText).join('');
    const elements = Array.from(document.querySelectorAll('html, body, body *'));
    const describe = (el: Element): string => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${Array.from(el.classList).join('.')}`;
    const snapshot = (): string[][] =>
      elements.map((el) =>
        [null, '::before', '::after'].map((pseudo) => {
          const cs = getComputedStyle(el, pseudo);
          // A pseudo-element without content is not drawn (and reading all its properties is slow on a big page).
          if (pseudo !== null && (cs.content === 'none' || cs.content === 'normal')) return `content:${cs.content}`;
          // Custom properties are left out: the page's part drops those nothing on the page reads.
          return Array.from(cs)
            .filter((p) => !p.startsWith('--'))
            .map((p) => `${p}:${cs.getPropertyValue(p)}`)
            .join(';');
        }),
      );
    link.disabled = true;
    const prunedOnly = snapshot();
    link.disabled = false;
    const both = snapshot();
    const differences: string[] = [];
    elements.forEach((el, i) => {
      [null, '::before', '::after'].forEach((pseudo, j) => {
        const a = prunedOnly[i]?.[j] ?? '';
        const b = both[i]?.[j] ?? '';
        if (a !== b && differences.length < 10) {
          const pa = a.split(';');
          const pb = b.split(';');
          const changed = pb.filter((p, k) => p !== pa[k]).slice(0, 3).join(' ');
          differences.push(`${describe(el)}${pseudo ?? ''}: ${changed}`);
        }
      });
    });
    return { pruned: own.textContent?.length ?? 0, full: fullText.length, differences };
  });
}

