import { createHash } from 'node:crypto';
import { textMemo } from '../text-memo.ts';
import { parseStylesheet, stylesheetClasses, type CssNode, type CssRule } from './parse.ts';

// Pruning by class set: of a parsed stylesheet, what a page that uses those classes needs. The stylesheet is parsed
// once per pruner (the first page that carries it, or the build); pages then cost a memo look-up per class set.

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The stylesheet with only what a page uses: rules whose selectors' classes are all present (for at least one
 * selector of the list), the grouping rules around them, the theme's custom properties, @property and @keyframes
 * that the kept rules name (directly or through other custom properties), and every rule without classes.
 */
export function pruneCss(nodes: readonly CssNode[], present: ReadonlySet<string>): string {
  const keepRule = (rule: CssRule): boolean => rule.classes.some((list) => list.every((c) => present.has(c)));
  // First pass: the custom properties the kept rules name, and the definitions of rules that only define custom
  // properties for everything (a later definition of a name replaces an earlier one).
  const used = new Set<string>();
  const theme = new Map<string, readonly string[]>();
  const collect = (list: readonly CssNode[]): void => {
    for (const node of list) {
      if (node.kind === 'rule') {
        if (node.variables) for (const variable of node.variables) theme.set(variable.name, variable.refs);
        else if (keepRule(node)) for (const ref of node.refs) used.add(ref);
      } else if (node.kind === 'group') collect(node.children);
    }
  };
  collect(nodes);
  // Theme properties that refer to others (--default-font-family: var(--font-sans)): follow until nothing is added.
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, refs] of theme) {
      if (!used.has(name)) continue;
      for (const ref of refs) {
        if (!used.has(ref)) {
          used.add(ref);
          grew = true;
        }
      }
    }
  }
  // A rule that only defines custom properties keeps the ones in use.
  const usedDeclarations = (rule: CssRule): string[] => (rule.variables ?? []).filter((v) => used.has(v.name)).map((v) => v.text);
  // Second pass: the text of everything kept, where @keyframes and @property look for their names.
  const keptText: string[] = [];
  const gatherKept = (list: readonly CssNode[]): void => {
    for (const node of list) {
      if (node.kind === 'rule') {
        if (node.variables) keptText.push(usedDeclarations(node).join(';'));
        else if (keepRule(node)) keptText.push(node.body);
      } else if (node.kind === 'group') gatherKept(node.children);
    }
  };
  gatherKept(nodes);
  const all = keptText.join('\n');
  const named = (name: string): boolean => new RegExp(`(^|[^-\\w])${escapeRegExp(name)}([^-\\w]|$)`).test(all);
  const emit = (list: readonly CssNode[]): string => {
    let out = '';
    for (const node of list) {
      if (node.kind === 'statement') out += node.text;
      else if (node.kind === 'rule') {
        if (node.variables) {
          const decls = usedDeclarations(node);
          if (decls.length > 0) out += `${node.prelude}{${decls.join(';')}}`;
        } else if (keepRule(node)) out += `${node.prelude}{${node.body}}`;
      } else if (node.kind === 'group') {
        const inner = emit(node.children);
        // Layers are kept even when empty: their first appearance fixes their order for the full stylesheet later.
        if (inner || node.layer) out += `${node.prelude}{${inner}}`;
      } else if (node.name === null || (node.property ? used.has(node.name) || all.includes(node.name) : named(node.name))) {
        out += node.text;
      }
    }
    return out;
  };
  return emit(nodes);
}

/** A stylesheet, parsed once, that prunes pages. */
export interface CssPruner {
  /** The stylesheet's URL path, named by its content (immutable). */
  readonly fullPath: string;
  readonly full: string;
  /** The page's stylesheet for a set of classes (cached by that set). */
  pruneFor(classes: ReadonlySet<string>): string;
  readonly known: ReadonlySet<string>;
}

/** The immutable URL path of a stylesheet, named by its content. */
export function stylesheetPath(full: string): string {
  return `/_astro/site.${createHash('sha256').update(full).digest('base64url').slice(0, 10)}.css`;
}

/**
 * A pruner for one page stylesheet. Pages that add component styles (the contract source's line numbers) inline a
 * longer stylesheet than the rest; `fullPath` may name the site-wide one, which has every Tailwind rule and is
 * cached once for all pages (classes that scripts add are in the page's part already; the whole file is a spare).
 * A stylesheet PostCSS cannot read is inlined whole: the page is larger but styled.
 */
export function createPruner(full: string, fullPath = stylesheetPath(full)): CssPruner {
  let nodes: CssNode[];
  try {
    nodes = parseStylesheet(full);
  } catch {
    return { full, fullPath, known: new Set(), pruneFor: () => full };
  }
  const known = stylesheetClasses(nodes);
  // The stylesheet per set of known classes (sorted: the canonical key). Pages of one kind list the same classes in
  // the same order: that list, as found, names the result at once (no filtering and sorting of a few hundred names
  // per page). Class lists of whole pages can be long, hence no length limit for either.
  const bySet = textMemo((key) => pruneCss(nodes, new Set(key === '' ? [] : key.split(' '))), 500, Infinity);
  const byOrder = textMemo((seen) => bySet(seen.split(' ').filter((c) => known.has(c)).sort().join(' ')), 500, Infinity);
  return {
    full,
    known,
    fullPath,
    pruneFor(classes) {
      return byOrder([...classes].join(' '));
    },
  };
}
