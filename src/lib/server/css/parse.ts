import { parse, type AtRule, type ChildNode, type Container, type Declaration, type Rule } from 'postcss';
import { selectorListClasses } from './selectors.ts';

// A stylesheet read once (by PostCSS) into what pruning decides on: style rules with the classes their selectors
// require and the custom properties they name, grouping at-rules (@media, @layer…) whose contents are pruned in turn,
// opaque at-rules (@keyframes, @property…) kept or dropped whole, and statements kept as they are. Every text is the
// stylesheet's own, sliced at PostCSS's source offsets, so a kept rule is written back byte for byte.

/** A custom property a rule defines. */
export interface CssVariable {
  readonly name: string;
  /** The declaration as written (`--font-sans:Arial, sans-serif`). */
  readonly text: string;
  /** The custom properties its value names (`var(--font-sans)`). */
  readonly refs: readonly string[];
}

export interface CssRule {
  readonly kind: 'rule';
  /** The selector list, as written. */
  readonly prelude: string;
  /** The declaration block's contents, as written (nested blocks included). */
  readonly body: string;
  /** The classes each selector of the list requires. */
  readonly classes: readonly (readonly string[])[];
  /** The custom properties its block names (`var(--…)`, nested blocks included). */
  readonly refs: readonly string[];
  /**
   * The custom properties it defines, when it has no class and defines nothing else (the theme's `:root,:host`, the
   * fallback initial values of `*,:before,:after,::backdrop`): pruning keeps only those in use. Null for other rules.
   */
  readonly variables: readonly CssVariable[] | null;
}

export interface CssGroup {
  readonly kind: 'group';
  /** The at-rule's name and parameters (`@media (width>=40rem)`). */
  readonly prelude: string;
  /** An @layer block: its first appearance fixes the layer's order, so it is kept even when nothing in it is. */
  readonly layer: boolean;
  readonly children: readonly CssNode[];
}

export interface CssOpaque {
  readonly kind: 'opaque';
  /** The at-rule as written, block included. */
  readonly text: string;
  /** The name it defines (`spin` of `@keyframes spin`, `--tw-shadow` of `@property --tw-shadow`), if any. */
  readonly name: string | null;
  /** An @property rule, kept when its custom property is used. */
  readonly property: boolean;
}

export interface CssStatement {
  readonly kind: 'statement';
  readonly text: string;
}

export type CssNode = CssRule | CssGroup | CssOpaque | CssStatement;

/** At-rules whose blocks hold rules that are pruned one by one. */
const GROUPING = new Set(['media', 'supports', 'layer', 'container', 'scope', 'starting-style', 'document']);
const DEFINED_NAME = /^@(?:-\w+-)?(?:keyframes|property)\s+([^\s{]+)/i;
const VAR_REF = /var\(\s*(--[-\w]+)/g;

/** The custom properties a text names through var(). */
function varRefs(text: string): string[] {
  return [...text.matchAll(VAR_REF)].map((m) => m[1] ?? '');
}

/** A node's text in the stylesheet, from PostCSS's source offsets (the end offset of a child node is exclusive). */
function sourceText(node: ChildNode, css: string): string {
  const start = node.source?.start?.offset;
  const end = node.source?.end?.offset;
  if (start === undefined || end === undefined) throw new Error(`critical CSS: PostCSS gave no source range for a ${node.type} node`);
  return css.slice(start, end);
}

/**
 * A block's prelude (trimmed) and body, split where PostCSS's raws say the prelude ends: a brace inside a comment of
 * the prelude is not the block's.
 */
function splitBlock(node: Rule | AtRule, text: string): { prelude: string; body: string } {
  const head =
    node.type === 'rule'
      ? (node.raws.selector?.raw ?? node.selector) + (node.raws.between ?? '')
      : `@${node.name}${node.raws.afterName ?? ''}${node.raws.params?.raw ?? node.params}${node.raws.between ?? ''}`;
  if (text[head.length] !== '{' || !text.endsWith('}')) throw new Error(`critical CSS: cannot find the block of ${text.slice(0, 80)}`);
  return { prelude: text.slice(0, head.length).trim(), body: text.slice(head.length + 1, -1) };
}

/** A statement as the stylesheet has it, ended by its semicolon when it had one (`@layer components;`). */
function statement(text: string): CssStatement {
  return { kind: 'statement', text: text.endsWith(';') ? `${text.slice(0, -1).trim()};` : text.trim() };
}

function readRule(node: Rule, css: string): CssRule {
  const text = sourceText(node, css);
  const { prelude, body } = splitBlock(node, text);
  const classes = selectorListClasses(node.selector);
  const declarations = node.nodes.filter((child): child is Declaration => child.type === 'decl');
  const definesOnly =
    classes.every((list) => list.length === 0) && declarations.length === node.nodes.length && declarations.every((d) => d.prop.startsWith('--'));
  const variables = definesOnly
    ? declarations.map((d) => {
        const text = d.toString();
        return { name: d.prop, text, refs: varRefs(text) };
      })
    : null;
  return { kind: 'rule', prelude, body, classes, refs: varRefs(body), variables };
}

function readNode(node: ChildNode, css: string): CssNode | null {
  switch (node.type) {
    case 'comment': {
      // Only the licence comment (`/*! … */`) is kept.
      const text = sourceText(node, css);
      return text.startsWith('/*!') ? { kind: 'statement', text } : null;
    }
    case 'decl':
      return statement(sourceText(node, css));
    case 'rule':
      return readRule(node, css);
    case 'atrule': {
      const text = sourceText(node, css);
      if (node.nodes === undefined) return statement(text);
      const { prelude, body } = splitBlock(node, text);
      const name = node.name.toLowerCase();
      if (GROUPING.has(name)) return { kind: 'group', prelude, layer: name === 'layer', children: readChildren(node, css) };
      return { kind: 'opaque', text: `${prelude}{${body}}`, name: DEFINED_NAME.exec(prelude)?.[1] ?? null, property: /^@property/i.test(prelude) };
    }
  }
}

function readChildren(container: Container, css: string): CssNode[] {
  const nodes: CssNode[] = [];
  for (const child of container.nodes ?? []) {
    const node = readNode(child, css);
    if (node) nodes.push(node);
  }
  return nodes;
}

/** Parses a stylesheet (PostCSS throws CssSyntaxError on what it cannot read, an unclosed block for one). */
export function parseStylesheet(css: string): CssNode[] {
  return readChildren(parse(css), css);
}

/** Every class a stylesheet's selectors name. */
export function stylesheetClasses(nodes: readonly CssNode[], into = new Set<string>()): Set<string> {
  for (const node of nodes) {
    if (node.kind === 'rule') for (const list of node.classes) for (const c of list) into.add(c);
    else if (node.kind === 'group') stylesheetClasses(node.children, into);
  }
  return into;
}
