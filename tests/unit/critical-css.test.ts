import { describe, expect, it } from 'vitest';
import {
  createPruner,
  cssClasses,
  htmlClasses,
  inlinedStylesheet,
  pageScriptUrls,
  parseCss,
  prunePage,
  pruneCss,
  scriptClasses,
  stylesheetPath,
} from '../../src/lib/server/critical-css.ts';
import { deferModuleScripts } from '../../src/lib/server/late-scripts.ts';

// A stylesheet shaped like Tailwind 4's output: layers, theme variables, fallback initial values, escaped class
// names, variants in @media, @property and @keyframes.
const CSS = [
  '/*! tailwindcss v4.3.5 | MIT License | https://tailwindcss.com */',
  '@layer properties{@supports (((-webkit-hyphens:none)) and (not (margin-trim:block))){*,:before,:after,::backdrop{--tw-shadow:0 0 #0000;--tw-ring-shadow:0 0 #0000;--tw-font-weight:initial}}}',
  '@layer theme{:root,:host{--font-sans:Arial, sans-serif;--default-font-family:var(--font-sans);--color-red-600:red;--color-slate-50:#f8fafc;--color-indigo-600:indigo;--animate-spin:spin 1s linear infinite}}',
  '@layer base{*,:after,:before{box-sizing:border-box}html,:host{font-family:var(--default-font-family)}}',
  '@layer components;',
  '@layer utilities{.text-red-600{color:var(--color-red-600)}.hover\\:bg-slate-50:hover{@media (hover:hover){background-color:var(--color-slate-50)}}.w-1\\/2{width:50%}.\\32 xl\\:p-4{padding:1rem}',
  '.font-bold{--tw-font-weight:700;font-weight:700}.shadow{--tw-shadow:0 1px 3px;box-shadow:var(--tw-ring-shadow),var(--tw-shadow)}.animate-spin{animation:var(--animate-spin)}',
  '.js .copy-btn{display:inline-flex}.group:hover .group-hover\\:underline{text-decoration:underline}.peer:not(.is-off)~.x{color:blue}a[href$=".pdf"].pdf-link{color:green}',
  '.aria-\\[current\\=true\\]\\:bg-indigo-600[aria-current=true]{background:var(--color-indigo-600)}}',
  '@media (width>=40rem){.sm\\:hidden{display:none}.sm\\:block{display:block}}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}@property --tw-font-weight{syntax:"*";inherits:false}',
  '@keyframes spin{to{transform:rotate(360deg)}}@keyframes ping{75%,to{opacity:0}}',
  '.sol-line:before{content:counter(sol-line) / "";color:gray}',
].join('');

const prune = (classes: string[]): string => pruneCss(parseCss(CSS), new Set(classes));

describe('critical CSS: a page keeps the rules of the classes it uses', () => {
  it('reads class names as the browser does: escapes, variants, arbitrary values', () => {
    const known = cssClasses(parseCss(CSS));
    for (const c of ['hover:bg-slate-50', 'w-1/2', '2xl:p-4', 'aria-[current=true]:bg-indigo-600', 'sm:hidden', 'group', 'group-hover:underline', 'js', 'copy-btn', 'pdf-link']) {
      expect(known.has(c), c).toBe(true);
    }
    // Classes inside :not(…) and dots inside attribute values are not requirements.
    expect(known.has('is-off')).toBe(false);
    expect(known.has('pdf')).toBe(false);
  });

  it('keeps the used utilities, drops the others, keeps rules without classes and every layer', () => {
    const css = prune(['text-red-600', 'w-1/2', 'sm:hidden']);
    expect(css).toContain('.text-red-600{color:var(--color-red-600)}');
    expect(css).toContain('.w-1\\/2{width:50%}');
    expect(css).toContain('@media (width>=40rem){.sm\\:hidden{display:none}}');
    expect(css).not.toContain('sm\\:block');
    expect(css).not.toContain('hover\\:bg-slate-50');
    expect(css).not.toContain('.\\32 xl');
    expect(css).toContain('*,:after,:before{box-sizing:border-box}');
    expect(css).toMatch(/^\/\*! tailwindcss/);
    // The layers' order is fixed by their first appearance, so each stays, even empty.
    expect(css.indexOf('@layer properties')).toBeLessThan(css.indexOf('@layer theme'));
    expect(css).toContain('@layer components;');
    expect(css).toContain('@layer utilities{');
  });

  it('keeps a rule only when every class of one of its selectors is there', () => {
    expect(prune(['group-hover:underline'])).not.toContain('group-hover');
    expect(prune(['group', 'group-hover:underline'])).toContain('.group:hover .group-hover\\:underline{text-decoration:underline}');
    expect(prune(['copy-btn'])).not.toContain('.copy-btn');
    expect(prune(['js', 'copy-btn'])).toContain('.js .copy-btn{display:inline-flex}');
    expect(prune(['pdf-link'])).toContain('a[href$=".pdf"].pdf-link{color:green}');
    expect(prune(['2xl:p-4'])).toContain('.\\32 xl\\:p-4{padding:1rem}');
    expect(prune(['aria-[current=true]:bg-indigo-600'])).toContain('[aria-current=true]{background:var(--color-indigo-600)}');
  });

  it('keeps the theme variables, fallback values, @property and @keyframes the kept rules name, and no others', () => {
    const none = prune([]);
    // Base rules use the font through another variable: both stay.
    expect(none).toContain('--font-sans:Arial, sans-serif');
    expect(none).toContain('--default-font-family:var(--font-sans)');
    for (const gone of ['--color-red-600', '--color-slate-50', '--animate-spin', '--tw-shadow', '@keyframes spin', '@keyframes ping', '@property --tw-shadow']) {
      expect(none, gone).not.toContain(gone);
    }
    const used = prune(['text-red-600', 'shadow', 'animate-spin']);
    expect(used).toContain('--color-red-600:red');
    expect(used).not.toContain('--color-slate-50');
    expect(used).toContain('--tw-shadow:0 0 #0000;--tw-ring-shadow:0 0 #0000');
    expect(used).not.toContain('--tw-font-weight:initial');
    expect(used).toContain('@property --tw-shadow{');
    expect(used).not.toContain('@property --tw-font-weight');
    expect(used).toContain('--animate-spin:spin 1s linear infinite');
    expect(used).toContain('@keyframes spin{to{transform:rotate(360deg)}}');
    expect(used).not.toContain('@keyframes ping');
    // Nested variant bodies stay whole.
    expect(prune(['hover:bg-slate-50'])).toContain('.hover\\:bg-slate-50:hover{@media (hover:hover){background-color:var(--color-slate-50)}}');
  });

  it('keeps a rule whose body has strings with braces and semicolons intact', () => {
    const css = pruneCss(parseCss('.a{content:"};{"}.b{color:red}'), new Set(['a']));
    expect(css).toBe('.a{content:"};{"}');
  });
});

describe('critical CSS: what a page uses', () => {
  it('reads class attributes, entities decoded', () => {
    const classes = htmlClasses('<div class="a  b\nc"><p class=\'d\'></p><i class="[&amp;_a]:underline"></i><span data-class="no"></span>');
    expect([...classes].sort()).toEqual(['[&_a]:underline', 'a', 'b', 'c', 'd']);
  });

  it("finds a script's classes as whole words of its strings", () => {
    const known = new Set(['hidden', 'px-3', 'bg-red-50', 'block']);
    const found = scriptClasses('el.className = "px-3 bg-red-50"; x.classList.add(`hidden`); const blocked = 1;', known);
    expect([...found].sort()).toEqual(['bg-red-50', 'hidden', 'px-3']);
  });

  it('lists the scripts a page loads: module scripts, after-paint placeholders, islands, preloads', () => {
    const html = [
      '<script type="module" src="/_astro/a.1.js"></script>',
      '<script type="text/x-after-paint" data-src="/_astro/b.2.js"></script>',
      '<astro-island component-url="/_astro/C.3.js" renderer-url="/_astro/client.4.js"></astro-island>',
      '<link rel="modulepreload" href="/_astro/d.5.js">',
      '<script src="https://elsewhere.example/x.js"></script>',
    ].join('');
    expect(pageScriptUrls(html)).toEqual(['/_astro/a.1.js', '/_astro/b.2.js', '/_astro/C.3.js', '/_astro/client.4.js', '/_astro/d.5.js']);
  });

  it('finds only script files named by those attributes, as whole quoted values', () => {
    const html = [
      '<a title="/_astro/x.js">',
      '<img src="/_astro/pic.png">',
      '<p>see /_astro/y.js"</p>',
      '<div data-srcset="/_astro/z.js"></div>',
      '<script src="/base/_astro/e.6.js"></script>',
      '<script src="/_astro/f.7.js?v=1"></script>',
      '<link\nhref="/_astro/g.8.js">',
    ].join('');
    expect(pageScriptUrls(html)).toEqual(['/base/_astro/e.6.js', '/_astro/g.8.js']);
  });

  it('prunes for a set of classes whatever their order (the first order seen answers at once)', () => {
    const pruner = createPruner(CSS);
    const a = pruner.pruneFor(new Set(['text-red-600', 'shadow', 'unknown']));
    expect(pruner.pruneFor(new Set(['shadow', 'text-red-600']))).toBe(a);
    expect(pruner.pruneFor(new Set(['text-red-600', 'shadow', 'unknown']))).toBe(a);
    expect(pruner.pruneFor(new Set(['shadow']))).not.toBe(a);
  });

  it('rewrites the inlined stylesheet of a page, marking the whole one by its content-named URL', () => {
    const pruner = createPruner(CSS);
    const page = `<html><head><style>${CSS}</style><style>astro-island{display:contents}</style></head><body class="text-red-600"><b class="x-unknown copy-btn">x</b><script type="module" src="/_astro/s.1.js"></script><script>el.classList.add("sm:block")</script></body></html>`;
    expect(inlinedStylesheet(page)).toBe(CSS);
    const out = prunePage(page, pruner, () => new Set(['shadow']));
    const kept = /<style data-full-css="([^"]+)">([\s\S]*?)<\/style>/.exec(out);
    expect(kept?.[1]).toBe(stylesheetPath(CSS));
    expect(kept?.[1]).toMatch(/^\/_astro\/site\.[\w-]{10}\.css$/);
    expect(kept?.[2]).toContain('.text-red-600{');
    expect(kept?.[2]).toContain('.sm\\:block{display:block}'); // named by the inline script
    expect(kept?.[2]).toContain('.shadow{'); // named by a loaded script
    expect(kept?.[2]).toContain('.js .copy-btn'); // the head script's class, always there
    expect(kept?.[2]).not.toContain('sm\\:hidden');
    expect(out).toContain('<style>astro-island{display:contents}</style>');
    expect(out.length).toBeLessThan(page.length);
    // Another stylesheet (or none) leaves the page as it was.
    expect(prunePage('<style>/*! tailwindcss other */.a{}</style>', pruner, () => new Set())).toBe('<style>/*! tailwindcss other */.a{}</style>');
    expect(prunePage('<p>no style</p>', pruner, () => new Set())).toBe('<p>no style</p>');
  });
});

describe('module scripts after the first paint', () => {
  it('turns external module scripts into placeholders the browser neither runs nor fetches, and leaves the rest', () => {
    const html =
      '<script type="module" src="/_astro/Header.x.js"></script><script type="module">import "/_astro/y.js"</script><script>inline()</script><script type="module" data-astro-rerun>island()</script>';
    expect(deferModuleScripts(html)).toBe(
      '<script type="text/x-after-paint" data-src="/_astro/Header.x.js"></script><script type="module">import "/_astro/y.js"</script><script>inline()</script><script type="module" data-astro-rerun>island()</script>',
    );
  });
});

describe('critical CSS: the dark theme is kept on every page', () => {
  // Shaped like src/styles/global.css built: the palette redefined under html[data-theme=dark] and again for the
  // system theme inside the colour-scheme query, colour-scheme per attribute, the toggle's icons chosen from <html>.
  const THEMED = [
    '@layer theme{:root,:host{--color-white:#fff;--color-slate-100:oklch(96.8% .007 247.896);--color-slate-900:oklch(20.8% .042 265.755);--color-red-800:red}}',
    '@layer utilities{.bg-white{background-color:var(--color-white)}.bg-slate-100{background-color:var(--color-slate-100)}.text-slate-900{color:var(--color-slate-900)}.text-red-800{color:var(--color-red-800)}',
    '.dark\\:bg-slate-100:where([data-theme=dark],[data-theme=dark] *){background-color:var(--color-slate-100)}',
    '@media (prefers-color-scheme:dark){.dark\\:bg-slate-100:where(:root:not([data-theme=light]),:root:not([data-theme=light]) *){background-color:var(--color-slate-100)}}}',
    ':root{color-scheme:light dark}:root[data-theme=light]{color-scheme:light}:root[data-theme=dark]{color-scheme:dark}',
    ':root:where([data-theme=dark],[data-theme=dark] *){--color-white:oklch(21.5% .04 265);--color-slate-100:oklch(16% .035 265);--color-slate-900:oklch(96.8% .007 247.896);--color-red-800:oklch(88.5% .062 18.334)}',
    '@media (prefers-color-scheme:dark){:root:where(:root:not([data-theme=light]),:root:not([data-theme=light]) *){--color-white:oklch(21.5% .04 265);--color-slate-100:oklch(16% .035 265);--color-slate-900:oklch(96.8% .007 247.896);--color-red-800:oklch(88.5% .062 18.334)}}',
    '.palette-fixed{--color-white:#fff;--color-slate-900:oklch(20.8% .042 265.755)}',
    '.chart-colours{--chart-text:var(--color-slate-900)}',
    '.theme-icon{display:none}:root:not([data-theme=light],[data-theme=dark]) .theme-icon-system,:root[data-theme=light] .theme-icon-light,:root[data-theme=dark] .theme-icon-dark{display:block}',
  ].join('');
  const pruneThemed = (classes: string[]): string => pruneCss(parseCss(THEMED), new Set(classes));

  it.each([
    ['the dark palette under the data-theme attribute', ':root:where([data-theme=dark],[data-theme=dark] *){--color-white:oklch(21.5% .04 265);--color-slate-900:oklch(96.8% .007 247.896)}'],
    ['the same for the system theme, inside its media query', '@media (prefers-color-scheme:dark){:root:where(:root:not([data-theme=light]),:root:not([data-theme=light]) *){--color-white:oklch(21.5% .04 265);--color-slate-900:oklch(96.8% .007 247.896)}}'],
    ['colour-scheme for the system theme', ':root{color-scheme:light dark}'],
    ['colour-scheme for the chosen themes (attribute selectors on html)', ':root[data-theme=light]{color-scheme:light}:root[data-theme=dark]{color-scheme:dark}'],
    ['the toggle icon of each theme (negated attributes are no requirement)', ':root:not([data-theme=light],[data-theme=dark]) .theme-icon-system,:root[data-theme=light] .theme-icon-light,:root[data-theme=dark] .theme-icon-dark{display:block}'],
  ])('keeps %s', (_name, rule) => {
    expect(pruneThemed(['bg-white', 'text-slate-900', 'theme-icon', 'theme-icon-system', 'theme-icon-light', 'theme-icon-dark'])).toContain(rule);
  });

  it("keeps in each theme's block the same variables the page's rules use, and no others", () => {
    const css = pruneThemed(['bg-white', 'text-slate-900']);
    const blocks = [...css.matchAll(/:root:where\([^{]*\)\{([^}]*)\}/g)].map((m) => m[1]);
    expect(blocks).toHaveLength(2);
    for (const block of blocks) {
      expect(block).toContain('--color-white:');
      expect(block).toContain('--color-slate-900:');
      expect(block).not.toContain('--color-slate-100');
      expect(block).not.toContain('--color-red-800');
    }
    // A page with no colour at all still has its colour-scheme rules, and empty theme blocks are left out.
    const bare = pruneThemed([]);
    expect(bare).toContain(':root[data-theme=dark]{color-scheme:dark}');
    expect(bare).not.toContain(':root:where(');
  });

  it('keeps a variable that only a kept rule names through another variable (the charts read theirs)', () => {
    const css = pruneThemed(['chart-colours']);
    expect(css).toContain('.chart-colours{--chart-text:var(--color-slate-900)}');
    expect(css).toContain('--color-slate-900:oklch(20.8% .042 265.755)');
    expect(css).toMatch(/:root:where\(\[data-theme=dark\][^{]*\)\{--color-slate-900:oklch\(96\.8%/);
  });

  it('keeps dark: variants and the fixed palette with their classes only', () => {
    expect(pruneThemed(['dark:bg-slate-100'])).toContain('.dark\\:bg-slate-100:where([data-theme=dark],[data-theme=dark] *){background-color:var(--color-slate-100)}');
    expect(pruneThemed(['dark:bg-slate-100'])).toContain('@media (prefers-color-scheme:dark){.dark\\:bg-slate-100:where(:root:not([data-theme=light]),:root:not([data-theme=light]) *)');
    expect(pruneThemed([])).not.toContain('dark\\:bg-slate-100');
    expect(pruneThemed(['palette-fixed'])).toContain('.palette-fixed{--color-white:#fff;--color-slate-900:oklch(20.8% .042 265.755)}');
    expect(pruneThemed([])).not.toContain('.palette-fixed');
  });

  it('keeps them in a page rewritten by prunePage, whatever theme the page was rendered with', () => {
    const full = `/*! tailwindcss */${THEMED}`;
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
