import { CssSyntaxError } from 'postcss';
import { describe, expect, it } from 'vitest';
import { parseStylesheet, stylesheetClasses, type CssNode } from '../../src/lib/server/css/parse.ts';
import { TAILWIND_CSS } from './css-fixtures.ts';

/** The top-level and grouped nodes of a stylesheet, depth first. */
function flatten(nodes: readonly CssNode[]): CssNode[] {
  return nodes.flatMap((node) => (node.kind === 'group' ? [node, ...flatten(node.children)] : [node]));
}

describe('critical CSS: the stylesheet as PostCSS reads it', () => {
  it('knows every class the selectors require, unescaped, and none from :not(…) or attribute values', () => {
    const known = stylesheetClasses(parseStylesheet(TAILWIND_CSS));
    for (const c of ['hover:bg-slate-50', 'w-1/2', '2xl:p-4', 'aria-[current=true]:bg-indigo-600', 'sm:hidden', 'group', 'group-hover:underline', 'js', 'copy-btn', 'pdf-link', 'sol-line']) {
      expect(known.has(c), c).toBe(true);
    }
    expect(known.has('is-off')).toBe(false);
    expect(known.has('pdf')).toBe(false);
  });

  it('tells groups, rules, opaque at-rules and statements apart, with their texts as written', () => {
    const nodes = parseStylesheet(TAILWIND_CSS);
    expect(nodes.map((n) => (n.kind === 'group' ? `${n.kind} ${n.prelude}` : n.kind))).toEqual([
      'statement',
      'group @layer properties',
      'group @layer theme',
      'group @layer base',
      'statement',
      'group @layer utilities',
      'group @media (width>=40rem)',
      'opaque',
      'opaque',
      'opaque',
      'opaque',
      'rule',
    ]);
    expect(nodes[0]).toEqual({ kind: 'statement', text: '/*! tailwindcss v4.3.5 | MIT License | https://tailwindcss.com */' });
    expect(nodes[4]).toEqual({ kind: 'statement', text: '@layer components;' });
    expect(nodes[7]).toEqual({ kind: 'opaque', text: '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}', name: '--tw-shadow', property: true });
    expect(nodes[10]).toEqual({ kind: 'opaque', text: '@keyframes ping{75%,to{opacity:0}}', name: 'ping', property: false });
    const hover = flatten(nodes).find((n) => n.kind === 'rule' && n.prelude.startsWith('.hover'));
    // A nested block stays in its rule's body, and the custom properties it names are the rule's.
    expect(hover).toMatchObject({ prelude: '.hover\\:bg-slate-50:hover', body: '@media (hover:hover){background-color:var(--color-slate-50)}', refs: ['--color-slate-50'], variables: null });
    expect(nodes[11]).toMatchObject({ prelude: '.sol-line:before', body: 'content:counter(sol-line) / "";color:gray', classes: [['sol-line']] });
  });

  it('lists the custom properties of rules that define nothing else for everything, with the ones they name', () => {
    const theme = flatten(parseStylesheet(TAILWIND_CSS)).find((n) => n.kind === 'rule' && n.prelude === ':root,:host');
    expect(theme?.kind === 'rule' && theme.variables?.slice(0, 2)).toEqual([
      { name: '--font-sans', text: '--font-sans:Arial, sans-serif', refs: [] },
      { name: '--default-font-family', text: '--default-font-family:var(--font-sans)', refs: ['--font-sans'] },
    ]);
    // A class, or a declaration of anything but a custom property, makes a rule an ordinary one.
    const [withClass, withColour] = parseStylesheet('.dark{--a:1}:root{--a:1;color:red}');
    expect(withClass).toMatchObject({ kind: 'rule', variables: null });
    expect(withColour).toMatchObject({ kind: 'rule', variables: null });
  });

  it('keeps strings with braces and semicolons, and a brace in a comment of the selector, inside their rule', () => {
    expect(parseStylesheet('.a{content:"};{"}.b{color:red}')).toMatchObject([
      { kind: 'rule', prelude: '.a', body: 'content:"};{"' },
      { kind: 'rule', prelude: '.b', body: 'color:red' },
    ]);
    expect(parseStylesheet('.a/* { */ {color:red}')).toMatchObject([{ kind: 'rule', prelude: '.a/* { */', body: 'color:red', classes: [['a']] }]);
  });

  it('drops comments other than the licence, and trims statements to their semicolon', () => {
    expect(parseStylesheet('/* note */\n@import "x.css" ;\n/*! keep */\n.a{b:c}')).toMatchObject([
      { kind: 'statement', text: '@import "x.css";' },
      { kind: 'statement', text: '/*! keep */' },
      { kind: 'rule', prelude: '.a' },
    ]);
  });

  it('throws on a stylesheet it cannot read', () => {
    expect(() => parseStylesheet('.a{color:red')).toThrow(CssSyntaxError);
  });
});
