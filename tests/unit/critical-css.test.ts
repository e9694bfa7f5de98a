import { describe, expect, it } from 'vitest';
import { inlinedStylesheet, prunePage } from '../../src/lib/server/critical-css.ts';
import { createPruner, stylesheetPath } from '../../src/lib/server/css/prune.ts';
import islandRuntime from 'astro/runtime/server/astro-island.prebuilt.js';
import { ISLAND_RUNTIME, scriptsAfterPaint } from '../../src/lib/server/late-scripts.ts';
import { TAILWIND_CSS as CSS, THEMED_CSS } from './css-fixtures.ts';

// The page rewrite; the stylesheet's parsing, pruning and the page's classes have their own tests (css-*.test.ts).

describe('critical CSS: a page inlines its own part of the stylesheet', () => {
  it('rewrites the inlined stylesheet of a page, marking the whole one by its content-named URL', () => {
    const pruner = createPruner(CSS);
    const page = `<html><head><style>${CSS}</style><style>astro-island{display:contents}</style></head><body class="text-red-600"><b class="x-unknown copy-btn">x</b><script type="module" src="/_astro/s.1.js"></script><script>el.classList.add("sm:block")</script></body></html>`;
    expect(inlinedStylesheet(page)).toBe(CSS);
    const out = prunePage(page, pruner, () => new Set(['shadow']));
    const kept = /<style data-full-css="([^"]+)">([\s\S]*?)<\/style>/.exec(out);
    expect(kept?.[1]).toBe(stylesheetPath(CSS));
    expect(kept?.[2]).toBe(pruner.pruneFor(new Set(['text-red-600', 'x-unknown', 'copy-btn', 'js', 'sm:block', 'shadow'])));
    expect(kept?.[2]).toContain('.text-red-600{');
    expect(kept?.[2]).toContain('.sm\\:block{display:block}'); // named by the inline script
    expect(kept?.[2]).toContain('.shadow{'); // named by a loaded script
    expect(kept?.[2]).toContain('.js .copy-btn'); // the head script's class, always there
    expect(kept?.[2]).not.toContain('sm\\:hidden');
    expect(out).toContain('<style>astro-island{display:contents}</style>');
    expect(out.length).toBeLessThan(page.length);
    // Another stylesheet (or none) leaves the page as it was.
    expect(inlinedStylesheet('<style>.a{}</style>')).toBeNull();
    expect(prunePage('<style>/*! tailwindcss other */.a{}</style>', pruner, () => new Set())).toBe('<style>/*! tailwindcss other */.a{}</style>');
    expect(prunePage('<p>no style</p>', pruner, () => new Set())).toBe('<p>no style</p>');
  });

  it("keeps the style element's attributes, replacing an earlier mark", () => {
    const pruner = createPruner(CSS, '/_astro/site.shared.css');
    const out = prunePage(`<style nonce="n1" data-full-css="/old.css">${CSS}</style>`, pruner, () => new Set());
    expect(out).toMatch(/^<style nonce="n1" data-full-css="\/_astro\/site\.shared\.css">\/\*! tailwindcss/);
  });

  it('keeps the dark theme in a page, whatever theme the page was rendered with', () => {
    const full = `/*! tailwindcss */${THEMED_CSS}`;
    const pruner = createPruner(full);
    for (const theme of ['system', 'light', 'dark']) {
      const page = `<html lang="en" data-theme="${theme}"><head><style>${full}</style></head><body class="bg-slate-100 text-slate-900"></body></html>`;
      const out = prunePage(page, pruner, () => new Set());
      expect(out, theme).not.toContain('.text-red-800');
      expect(out, theme).toContain(':root[data-theme=dark]{color-scheme:dark}');
      expect(out, theme).toContain(':root:where([data-theme=dark],[data-theme=dark] *){--color-slate-100:oklch(16% .035 265);--color-slate-900:oklch(96.8% .007 247.896)}');
      expect(out, theme).toContain('@media (prefers-color-scheme:dark){:root:where(:root:not([data-theme=light]),:root:not([data-theme=light]) *){--color-slate-100:oklch(16% .035 265);--color-slate-900:oklch(96.8% .007 247.896)}}');
      expect(out, theme).toContain(`data-theme="${theme}"`);
    }
  });
});

describe('module scripts after the first paint', () => {
  it('turns external module scripts into placeholders the browser neither runs nor fetches, and leaves the rest', () => {
    const html =
      '<script type="module" src="/_astro/Header.x.js"></script><script type="module">import "/_astro/y.js"</script><script>inline()</script><script type="module" data-astro-rerun>island()</script>';
    expect(scriptsAfterPaint(html)).toBe(
      '<script type="text/x-after-paint" data-src="/_astro/Header.x.js"></script><script type="module">import "/_astro/y.js"</script><script>inline()</script><script type="module" data-astro-rerun>island()</script>',
    );
  });

  it("turns Astro's inlined island runtime into a placeholder of its content-named file, the directives' scripts staying inline", () => {
    const directive = '<script>(()=>{var c=async t=>{await(await t())()};(self.Astro||(self.Astro={})).idle=c;window.dispatchEvent(new Event("astro:idle"));})();</script>';
    const html = `<header><style>astro-island{display:contents}</style>${directive}<script>${islandRuntime}</script><astro-island client="idle"></astro-island></header>`;
    const out = scriptsAfterPaint(html);
    expect(out).toBe(`<header><style>astro-island{display:contents}</style>${directive}<script type="text/x-after-paint" data-src="${ISLAND_RUNTIME.path}"></script><astro-island client="idle"></astro-island></header>`);
    expect(ISLAND_RUNTIME.source).toBe(islandRuntime);
    expect(ISLAND_RUNTIME.source).toContain('customElements.define("astro-island"');
    // Named by its content: another runtime (another Astro) gets another name, so no browser keeps a stale one.
    expect(ISLAND_RUNTIME.path).toMatch(/^\/_astro\/astro-island\.[\w-]{10}\.js$/);
    // A page without islands, or whose runtime differs from this Astro's, is left as it is.
    expect(scriptsAfterPaint('<p>no islands</p><script>other()</script>')).toBe('<p>no islands</p><script>other()</script>');
  });
});
