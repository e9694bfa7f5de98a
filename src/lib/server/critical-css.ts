import { pageClasses } from './css/page-classes.ts';
import type { CssPruner } from './css/prune.ts';

// The page's own CSS, inlined: of the site's one stylesheet (Tailwind's output, 42 KB, 8.5 KB with Brotli) a page
// keeps only the rules whose classes it uses, in its HTML or in the scripts it loads, and the custom properties,
// keyframes and @property rules those rules name. On a slow link that keeps the first response of a list page within
// the first round trips (a TCP connection's first window is about 14 KB). The whole stylesheet follows after the
// load event, from an immutable URL, so anything a script adds later is styled as well.
// This module rewrites the page; the stylesheet is parsed in css/parse.ts, pruned in css/prune.ts, and the page's
// classes are found in css/page-classes.ts.

/** The site's stylesheet in a page: the inline <style> that Tailwind's output starts with its licence comment. */
const SITE_STYLE = /<style(\s[^>]*)?>(\/\*! tailwindcss[\s\S]*?)<\/style>/;

/** The stylesheet a built page inlines, if it has one. */
export function inlinedStylesheet(html: string): string | null {
  return SITE_STYLE.exec(html)?.[2] ?? null;
}

/**
 * Rewrites a page: its inlined site stylesheet becomes the page's own part of it, marked with the whole
 * stylesheet's URL. Pages without it are returned unchanged.
 */
export function prunePage(html: string, pruner: CssPruner, scripts: (url: string) => ReadonlySet<string>): string {
  const match = SITE_STYLE.exec(html);
  if (!match || match[2] !== pruner.full) return html;
  const css = pruner.pruneFor(pageClasses(html, pruner.known, scripts));
  const attrs = (match[1] ?? '').replace(/\sdata-full-css="[^"]*"/, '');
  return html.slice(0, match.index) + `<style${attrs} data-full-css="${pruner.fullPath}">${css}</style>` + html.slice(match.index + match[0].length);
}
