import { list } from 'postcss';

// What a selector requires of a page: the classes an element must carry for the selector to match. PostCSS splits a
// rule's selector list; the classes of one selector are read here, because the only full selector parsers installed
// (postcss-selector-parser) are development dependencies, absent from the server's production install.

const CLASS_IN_SELECTOR = /\.((?:[-_a-zA-Z\u00a0-\uffff]|\\[0-9a-fA-F]{1,6}\s?|\\.)(?:[-\w\u00a0-\uffff]|\\[0-9a-fA-F]{1,6}\s?|\\.)*)/g;

/** Index of the quote that closes the string starting at `start` (escapes skipped). */
function stringEnd(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote) return i;
  }
  return text.length;
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

/** The classes one selector requires, unescaped as the browser reads them. */
export function requiredClasses(selector: string): string[] {
  // Attribute values may contain dots ([href$=".pdf"]): drop them before looking for classes.
  const bare = withoutAttributes(withoutNegations(selector));
  return [...bare.matchAll(CLASS_IN_SELECTOR)].map((m) => unescapeIdent(m[1] ?? ''));
}

/** The classes each selector of a selector list requires (the list split by PostCSS, outside strings and parentheses). */
export function selectorListClasses(selectorList: string): string[][] {
  return list.comma(selectorList).map(requiredClasses);
}
