import { describe, expect, it } from 'vitest';
import { parseStylesheet } from '../../src/lib/server/css/parse.ts';
import { createPruner, pruneCss, stylesheetPath } from '../../src/lib/server/css/prune.ts';
import { TAILWIND_CSS, THEMED_CSS } from './css-fixtures.ts';

const prune = (classes: string[]): string => pruneCss(parseStylesheet(TAILWIND_CSS), new Set(classes));

describe('critical CSS: a page keeps the rules of the classes it uses', () => {
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

  it('writes what it keeps exactly as the stylesheet has it: with every class, the whole stylesheet', () => {
    const all = prune(['text-red-600', 'hover:bg-slate-50', 'w-1/2', '2xl:p-4', 'font-bold', 'shadow', 'animate-spin', 'js', 'copy-btn', 'group', 'group-hover:underline', 'peer', 'x', 'pdf-link', 'aria-[current=true]:bg-indigo-600', 'sm:hidden', 'sm:block', 'sol-line']);
    // All but the keyframes no rule names (ping) and the fallback value no rule reads (.font-bold sets its own).
    expect(all).toBe(TAILWIND_CSS.replace('@keyframes ping{75%,to{opacity:0}}', '').replace(';--tw-font-weight:initial', ''));
  });

  it('keeps an @layer block with nothing left in it (its place fixes the order), and no other empty group', () => {
    expect(pruneCss(parseStylesheet('@layer base{.a{color:red}}@media (width>=40rem){.a{color:blue}}@supports (display:grid){.a{display:grid}}'), new Set())).toBe('@layer base{}');
  });

  it('keeps a rule only when every class of one of its selectors is there', () => {
    expect(prune(['group-hover:underline'])).not.toContain('group-hover');
    expect(prune(['group', 'group-hover:underline'])).toContain('.group:hover .group-hover\\:underline{text-decoration:underline}');
    expect(prune(['copy-btn'])).not.toContain('.copy-btn');
    expect(prune(['js', 'copy-btn'])).toContain('.js .copy-btn{display:inline-flex}');
    expect(prune(['pdf-link'])).toContain('a[href$=".pdf"].pdf-link{color:green}');
    expect(prune(['2xl:p-4'])).toContain('.\\32 xl\\:p-4{padding:1rem}');
    expect(prune(['aria-[current=true]:bg-indigo-600'])).toContain('[aria-current=true]{background:var(--color-indigo-600)}');
    expect(pruneCss(parseStylesheet('.a,.b .c{color:red}'), new Set(['c']))).toBe('');
    expect(pruneCss(parseStylesheet('.a,.b .c{color:red}'), new Set(['b', 'c']))).toBe('.a,.b .c{color:red}');
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
    expect(pruneCss(parseStylesheet('.a{content:"};{"}.b{color:red}'), new Set(['a']))).toBe('.a{content:"};{"}');
  });
});

describe('critical CSS: the dark theme is kept on every page', () => {
  const pruneThemed = (classes: string[]): string => pruneCss(parseStylesheet(THEMED_CSS), new Set(classes));

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
});

describe('critical CSS: a pruner for one stylesheet', () => {
  it('prunes for a set of classes whatever their order (the first order seen answers at once)', () => {
    const pruner = createPruner(TAILWIND_CSS);
    const a = pruner.pruneFor(new Set(['text-red-600', 'shadow', 'unknown']));
    expect(a).toBe(prune(['text-red-600', 'shadow']));
    expect(pruner.pruneFor(new Set(['shadow', 'text-red-600']))).toBe(a);
    expect(pruner.pruneFor(new Set(['text-red-600', 'shadow', 'unknown']))).toBe(a);
    expect(pruner.pruneFor(new Set(['shadow']))).not.toBe(a);
    expect(pruner.known.has('sm:hidden')).toBe(true);
    expect(pruner.known.has('unknown')).toBe(false);
  });

  it('names the whole stylesheet by its content', () => {
    expect(createPruner(TAILWIND_CSS).fullPath).toBe(stylesheetPath(TAILWIND_CSS));
    expect(stylesheetPath(TAILWIND_CSS)).toMatch(/^\/_astro\/site\.[\w-]{10}\.css$/);
    expect(stylesheetPath(`${TAILWIND_CSS} `)).not.toBe(stylesheetPath(TAILWIND_CSS));
    expect(createPruner(TAILWIND_CSS, '/_astro/site.shared.css').fullPath).toBe('/_astro/site.shared.css');
  });

  it('keeps a stylesheet PostCSS cannot read whole, so the page is still styled', () => {
    const broken = '/*! tailwindcss */.a{color:red}.b{color:blue';
    const pruner = createPruner(broken);
    expect(pruner.pruneFor(new Set(['a']))).toBe(broken);
    expect(pruner.known.size).toBe(0);
  });
});
