import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { textMemo } from '../text-memo.ts';

// The classes a page uses: those written in its HTML's class attributes, those its inline scripts and the script
// files it loads name (they may add classes after the first paint), and those the head script puts on <html>.

/** Classes that scripts put on <html> before the first paint (the head script's `js`). */
const ALWAYS_PRESENT = ['js'];

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
 * Every class a page uses: its class attributes, the head script's, and those of `known` (the stylesheet's) that its
 * inline scripts and loaded script files name (`scripts`, per file URL).
 */
export function pageClasses(html: string, known: ReadonlySet<string>, scripts: (url: string) => ReadonlySet<string>): Set<string> {
  const classes = htmlClasses(html);
  for (const c of ALWAYS_PRESENT) classes.add(c);
  addInlineScriptClasses(html, known, classes);
  for (const url of pageScriptUrls(html)) for (const c of scripts(url)) classes.add(c);
  return classes;
}
