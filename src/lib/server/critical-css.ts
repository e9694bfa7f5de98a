import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { textMemo } from './text-memo.ts';

// The page's own CSS, inlined: of the site's one stylesheet (Tailwind's output, 42 KB, 8.5 KB with Brotli) a page
// keeps only the rules whose classes it uses, in its HTML or in the scripts it loads, and the custom properties,
// keyframes and @property rules those rules name. On a slow link that keeps the first response of a list page within
// the first round trips (a TCP connection's first window is about 14 KB). The whole stylesheet follows after the
// load event, from an immutable URL, so anything a script adds later is styled as well.

/** Classes that scripts put on <html> before the first paint (the head script's `js`). */
export const ALWAYS_PRESENT = ['js'];

type Node =
  /** varsOnly: a rule that only defines custom properties for everything (see pruneCss). */
  | { kind: 'rule'; prelude: string; body: string; classes: string[][]; varsOnly: boolean }
  | { kind: 'group'; prelude: string; children: Node[] }
  | { kind: 'opaque'; prelude: string; body: string; name: string | null }
  | { kind: 'statement'; text: string };

/** Index of the `}` that closes the block whose `{` is just before `start` (strings and comments skipped). */
function blockEnd(css: string, start: number): number {
  let depth = 1;
  for (let i = start; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      i = stringEnd(css, i);
    } else if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 1;
    } else if (c === '{') {
      depth++;
    } else if (c === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return css.length;
}

function stringEnd(css: string, start: number): number {
  const quote = css[start];
  for (let i = start + 1; i < css.length; i++) {
    if (css[i] === '\\') i++;
    else if (css[i] === quote) return i;
  }
  return css.length;
}

/**
 * Splits CSS text at a separator outside strings, parentheses, brackets and braces (a selector list at its commas,
 * a declaration block at its semicolons); escapes are kept.
 */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '"' || c === "'") i = stringEnd(text, i);
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === separator && depth === 0) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(text.slice(from));
  return parts;
}

/** Unescapes a CSS identifier (`hover\:bg-x` → `hover:bg-x`, `\32 xl` → `2xl`). */
function unescapeIdent(ident: string): string {
  return ident.replace(/\\([0-9a-fA-F]{1,6})\s?|\\(.)/g, (_m, hex: string | undefined, ch: string | undefined) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : (ch ?? ''),
  );
}

/** Removes `:not(…)` arguments: a class named there need not be on the page for the rule to apply. */
function withoutNegations(selector: string): string {
  let out = '';
  let i = 0;
  while (i < selector.length) {
    const at = selector.indexOf(':not(', i);
    if (at < 0) return out + selector.slice(i);
    out += selector.slice(i, at);
    let depth = 1;
    let j = at + 5;
    for (; j < selector.length && depth > 0; j++) {
      if (selector[j] === '\\') j++;
      else if (selector[j] === '(') depth++;
      else if (selector[j] === ')') depth--;
    }
    i = j;
  }
  return out;
}

/** Removes attribute selectors' contents; escaped brackets (`.aria-\\[current\\=true\\]`) belong to class names. */
function withoutAttributes(selector: string): string {
  let out = '';
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === '\\') {
      out += c + (selector[i + 1] ?? '');
      i++;
    } else if (c === '[') {
      let j = i + 1;
      for (; j < selector.length && selector[j] !== ']'; j++) {
        if (selector[j] === '\\') j++;
        else if (selector[j] === '"' || selector[j] === "'") j = stringEnd(selector, j);
      }
      out += '[]';
      i = j;
    } else {
      out += c;
    }
  }
  return out;
}

const CLASS_IN_SELECTOR = /\.((?:[-_a-zA-Z\u00a0-\uffff]|\\[0-9a-fA-F]{1,6}\s?|\\.)(?:[-\w\u00a0-\uffff]|\\[0-9a-fA-F]{1,6}\s?|\\.)*)/g;

/** The classes each selector of a list requires. */
function selectorClasses(prelude: string): string[][] {
  return splitTopLevel(prelude, ',').map((selector) => {
    // Attribute values may contain dots ([href$=".pdf"]): drop them before looking for classes.
    const bare = withoutAttributes(withoutNegations(selector));
    return [...bare.matchAll(CLASS_IN_SELECTOR)].map((m) => unescapeIdent(m[1] ?? ''));
  });
}

const GROUPING = /^@(media|supports|layer|container|scope|starting-style|document)\b/i;

/** Parses a stylesheet into rules, grouping at-rules (parsed inside) and opaque blocks (kept or dropped whole). */
export function parseCss(css: string, from = 0, to = css.length): Node[] {
  const nodes: Node[] = [];
  let i = from;
  while (i < to) {
    // Skip whitespace and comments (the licence comment is kept as a statement).
    const c = css[i];
    if (c === ' ' || c === '\n' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      const stop = end < 0 ? to : end + 2;
      if (css[i + 2] === '!') nodes.push({ kind: 'statement', text: css.slice(i, stop) });
      i = stop;
      continue;
    }
    let j = i;
    let depth = 0;
    for (; j < to; j++) {
      const d = css[j];
      if (d === '\\') j++;
      else if (d === '"' || d === "'") j = stringEnd(css, j);
      else if (d === '(' || d === '[') depth++;
      else if (d === ')' || d === ']') depth--;
      else if (depth === 0 && (d === '{' || d === ';' || d === '}')) break;
    }
    const prelude = css.slice(i, j).trim();
    if (j >= to || css[j] === '}') {
      if (prelude) nodes.push({ kind: 'statement', text: prelude });
      i = j + 1;
      continue;
    }
    if (css[j] === ';') {
      nodes.push({ kind: 'statement', text: `${prelude};` });
      i = j + 1;
      continue;
    }
    const end = blockEnd(css, j + 1);
    if (GROUPING.test(prelude)) {
      nodes.push({ kind: 'group', prelude, children: parseCss(css, j + 1, end) });
    } else if (prelude.startsWith('@')) {
      const name = /^@(?:-\w+-)?(?:keyframes|property)\s+([^\s{]+)/i.exec(prelude)?.[1] ?? null;
      nodes.push({ kind: 'opaque', prelude, body: css.slice(j + 1, end), name });
    } else {
      const body = css.slice(j + 1, end);
      const classes = selectorClasses(prelude);
      const varsOnly = classes.every((list) => list.length === 0) && declarations(body).every((d) => d.startsWith('--'));
      nodes.push({ kind: 'rule', prelude, body, classes, varsOnly });
    }
    i = end + 1;
  }
  return nodes;
}

/** Every class a stylesheet's selectors name. */
export function cssClasses(nodes: Node[], into = new Set<string>()): Set<string> {
  for (const node of nodes) {
    if (node.kind === 'rule') for (const list of node.classes) for (const c of list) into.add(c);
    else if (node.kind === 'group') cssClasses(node.children, into);
  }
  return into;
}

const VAR_REF = /var\(\s*(--[-\w]+)/g;

/** A declaration block's declarations. */
function declarations(body: string): string[] {
  return splitTopLevel(body, ';').map((d) => d.trim()).filter(Boolean);
}

/**
 * The stylesheet with only what a page uses: rules whose selectors' classes are all present (for at least one
 * selector of the list), the grouping rules around them, the theme's custom properties, @property and @keyframes
 * that the kept rules name (directly or through other custom properties), and every rule without classes.
 */
export function pruneCss(nodes: Node[], present: ReadonlySet<string>): string {
  // Rules that only define custom properties for everything (the theme's `:root,:host`, the fallback initial values
  // of `*,:before,:after,::backdrop`) keep only the properties that kept rules use.
  const keepRule = (node: Extract<Node, { kind: 'rule' }>): boolean => node.classes.some((list) => list.every((c) => present.has(c)));
  // First pass: the kept rules' text, to learn which custom properties and keyframes they use.
  const used = new Set<string>();
  const collect = (list: Node[]): void => {
    for (const node of list) {
      if (node.kind === 'rule' && !node.varsOnly && keepRule(node)) for (const m of node.body.matchAll(VAR_REF)) used.add(m[1] ?? '');
      else if (node.kind === 'group') collect(node.children);
    }
  };
  collect(nodes);
  // Theme properties that refer to others (--default-font-family: var(--font-sans)): follow until nothing is added.
  const theme = new Map<string, string>();
  const gatherTheme = (list: Node[]): void => {
    for (const node of list) {
      if (node.kind === 'rule' && node.varsOnly) {
        for (const decl of declarations(node.body)) {
          const name = /^(--[-\w]+)\s*:/.exec(decl)?.[1];
          if (name) theme.set(name, decl);
        }
      } else if (node.kind === 'group') gatherTheme(node.children);
    }
  };
  gatherTheme(nodes);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, decl] of theme) {
      if (!used.has(name)) continue;
      for (const m of decl.matchAll(VAR_REF)) {
        if (!used.has(m[1] ?? '')) {
          used.add(m[1] ?? '');
          grew = true;
        }
      }
    }
  }
  // A rule that only defines custom properties keeps the ones in use.
  const usedDeclarations = (node: Extract<Node, { kind: 'rule' }>): string[] =>
    declarations(node.body).filter((d) => {
      const name = /^(--[-\w]+)\s*:/.exec(d)?.[1];
      return !name || used.has(name);
    });
  // Second pass: the text of everything kept, where @keyframes and @property look for their names.
  const keptText: string[] = [];
  const gatherKept = (list: Node[]): void => {
    for (const node of list) {
      if (node.kind === 'rule') {
        if (node.varsOnly) keptText.push(usedDeclarations(node).join(';'));
        else if (keepRule(node)) keptText.push(node.body);
      } else if (node.kind === 'group') gatherKept(node.children);
    }
  };
  gatherKept(nodes);
  const all = keptText.join('\n');
  const named = (name: string): boolean => new RegExp(`(^|[^-\\w])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^-\\w]|$)`).test(all);
  const emit = (list: Node[]): string => {
    let out = '';
    for (const node of list) {
      if (node.kind === 'statement') out += node.text;
      else if (node.kind === 'rule') {
        if (node.varsOnly) {
          const decls = usedDeclarations(node);
          if (decls.length > 0) out += `${node.prelude}{${decls.join(';')}}`;
        } else if (keepRule(node)) out += `${node.prelude}{${node.body}}`;
      } else if (node.kind === 'group') {
        const inner = emit(node.children);
        // Layers are kept even when empty: their first appearance fixes their order for the full stylesheet later.
        if (inner || /^@layer\b/i.test(node.prelude)) out += `${node.prelude}{${inner}}`;
      } else if (node.name === null || (/^@property/i.test(node.prelude) ? used.has(node.name) || all.includes(node.name) : named(node.name))) {
        out += `${node.prelude}{${node.body}}`;
      }
    }
    return out;
  };
  return emit(nodes);
}

/** Classes of a class attribute's value (entities decoded), by value: pages of a kind repeat the same few hundred values. */
const classValues = textMemo(
  (raw) => raw.replace(/&(amp|quot|#39|#x27|lt|gt);/g, (_e, name: string) => ({ amp: '&', quot: '"', '#39': "'", '#x27': "'", lt: '<', gt: '>' })[name] ?? '').split(/\s+/).filter(Boolean),
  10_000,
);

/** Class names written in an HTML document's class attributes. */
export function htmlClasses(html: string, into = new Set<string>()): Set<string> {
  for (const m of html.matchAll(/\sclass\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    for (const c of classValues(m[1] ?? m[2] ?? '')) into.add(c);
  }
  return into;
}

/** The classes of `known` that a script's text names as a whole word of a string (the way class lists are written). */
export function scriptClasses(text: string, known: ReadonlySet<string>, into = new Set<string>()): Set<string> {
  for (const token of text.split(/[\s"'`]+/)) if (known.has(token)) into.add(token);
  return into;
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
 */
export function createPruner(full: string, fullPath = stylesheetPath(full)): CssPruner {
  const nodes = parseCss(full);
  const known = cssClasses(nodes);
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

/** The site's stylesheet in a page: the inline <style> that Tailwind's output starts with its licence comment. */
const SITE_STYLE = /<style(\s[^>]*)?>(\/\*! tailwindcss[\s\S]*?)<\/style>/;

/** The stylesheet a built page inlines, if it has one. */
export function inlinedStylesheet(html: string): string | null {
  return SITE_STYLE.exec(html)?.[2] ?? null;
}

/**
 * The classes a built script file names, with those of the modules it imports (statically or on demand), from
 * the client directory's `_astro` files; computed once per file.
 */
export function createScriptClassIndex(clientDir: string, known: ReadonlySet<string>): (url: string) => ReadonlySet<string> {
  const astroDir = join(clientDir, '_astro');
  let names: Set<string>;
  try {
    names = new Set(readdirSync(astroDir).filter((f) => f.endsWith('.js')));
  } catch {
    names = new Set();
  }
  const own = new Map<string, { classes: Set<string>; imports: string[] }>();
  const read = (file: string): { classes: Set<string>; imports: string[] } => {
    let entry = own.get(file);
    if (!entry) {
      let text = '';
      try {
        text = readFileSync(join(astroDir, file), 'utf8');
      } catch {
        // a file that is not there names nothing
      }
      const imports = [...text.matchAll(/(?:from|import)\s*\(?\s*["']\.\/([\w.-]+\.js)["']/g)].map((m) => m[1] ?? '').filter((f) => names.has(f));
      entry = { classes: scriptClasses(text, known), imports };
      own.set(file, entry);
    }
    return entry;
  };
  const closure = new Map<string, Set<string>>();
  return (url) => {
    const file = /\/_astro\/([\w.-]+\.js)(?:[?#].*)?$/.exec(url)?.[1];
    if (!file || !names.has(file)) return new Set();
    let result = closure.get(file);
    if (!result) {
      result = new Set();
      const seen = new Set<string>();
      const queue = [file];
      while (queue.length > 0) {
        const f = queue.pop() as string;
        if (seen.has(f)) continue;
        seen.add(f);
        const entry = read(f);
        for (const c of entry.classes) result.add(c);
        queue.push(...entry.imports);
      }
      closure.set(file, result);
    }
    return result;
  };
}

/** Attributes that name a script file a page loads. */
const SCRIPT_URL_ATTRIBUTES = new Set(['src', 'data-src', 'component-url', 'renderer-url', 'href']);
const SCRIPT_FILE = /[\w.-]+\.js"/y;

/**
 * Script files a page loads: module scripts, islands' components and renderers, preloads (a quoted attribute value
 * that ends in /_astro/<file>.js). Found from each '/_astro/' backwards to its attribute, not by a regular expression
 * tried at every whitespace of the page.
 */
export function pageScriptUrls(html: string): string[] {
  const urls: string[] = [];
  for (let at = html.indexOf('/_astro/'); at >= 0; at = html.indexOf('/_astro/', at + 8)) {
    const open = html.lastIndexOf('"', at);
    if (open < 2 || html[open - 1] !== '=') continue;
    let start = open - 1;
    while (start > 0 && /[\w-]/.test(html[start - 1] as string)) start--;
    if (!/\s/.test(html[start - 1] ?? '') || !SCRIPT_URL_ATTRIBUTES.has(html.slice(start, open - 1))) continue;
    SCRIPT_FILE.lastIndex = at + 8;
    if (!SCRIPT_FILE.test(html)) continue;
    urls.push(html.slice(open + 1, SCRIPT_FILE.lastIndex - 1));
  }
  return urls;
}

/** Classes that an inline script's text names, per stylesheet and text: the same few scripts are in every page. */
const inlineScriptClasses = new WeakMap<ReadonlySet<string>, (text: string) => string[]>();

/** Adds the classes a page's inline scripts name (they may add classes too). */
function addInlineScriptClasses(html: string, known: ReadonlySet<string>, into: Set<string>): void {
  let classesOf = inlineScriptClasses.get(known);
  if (!classesOf) inlineScriptClasses.set(known, (classesOf = textMemo((text) => [...scriptClasses(text, known)])));
  for (const m of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    for (const c of classesOf(m[1] ?? '')) into.add(c);
  }
}

/**
 * Rewrites a page: its inlined site stylesheet becomes the page's own part of it, marked with the whole
 * stylesheet's URL. Pages without it are returned unchanged.
 */
export function prunePage(html: string, pruner: CssPruner, scripts: (url: string) => ReadonlySet<string>): string {
  const match = SITE_STYLE.exec(html);
  if (!match || match[2] !== pruner.full) return html;
  const classes = htmlClasses(html);
  for (const c of ALWAYS_PRESENT) classes.add(c);
  addInlineScriptClasses(html, pruner.known, classes);
  for (const url of pageScriptUrls(html)) for (const c of scripts(url)) classes.add(c);
  const css = pruner.pruneFor(classes);
  const attrs = (match[1] ?? '').replace(/\sdata-full-css="[^"]*"/, '');
  return html.slice(0, match.index) + `<style${attrs} data-full-css="${pruner.fullPath}">${css}</style>` + html.slice(match.index + match[0].length);
}
