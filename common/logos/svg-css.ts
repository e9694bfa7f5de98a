// CSS in an SVG logo (style sheets, style attributes and every other attribute value): nothing may load or run.
import { isFragmentUrl } from './svg-values.ts';

/** Functions that load a resource or run code whatever their argument (vendor prefixes removed first). */
const LOADING_FUNCTIONS: ReadonlySet<string> = new Set(['image', 'image-set', 'cross-fade', 'src', 'expression']);
/** A CSS escape: up to six hex digits and one optional blank, an escaped newline, or any escaped character. */
const ESCAPE = /\\(?:([0-9a-fA-F]{1,6})(?:\r\n|[ \t\n\r\f])?|(\r\n|[\n\r\f])|([\s\S]))/g;
/** A character of a CSS identifier. */
const NAME_CHAR = /[\w\u0080-\uffff-]/;
const BLANKS = /[ \t\n\r\f]/;

/** CSS with its escapes decoded, so that no spelling (`\75 rl(`, `@\69mport`) hides a function name or an at-rule. */
function decodeEscapes(css: string): string {
  return css.replace(ESCAPE, (_match, hex: string | undefined, newline: string | undefined, char: string | undefined) => {
    if (hex !== undefined) {
      const code = parseInt(hex, 16);
      return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\ufffd' : String.fromCodePoint(code);
    }
    return newline !== undefined ? '' : (char ?? '');
  });
}

/**
 * The name of the function whose `(` is at `paren`: the identifier right before it, possibly empty. Walked back by
 * hand, not matched with a regular expression, which would rescan a long identifier at every start (quadratic).
 */
function functionName(css: string, paren: number): string {
  let start = paren;
  while (start > 0 && NAME_CHAR.test(css.charAt(start - 1))) start--;
  return css.slice(start, paren);
}

/** The argument of a url( that starts at `start`, unquoted; null when it is not a single string or bare URL. */
function urlArgument(css: string, start: number): string | null {
  let i = start;
  while (i < css.length && BLANKS.test(css.charAt(i))) i++;
  const quote = css.charAt(i);
  if (quote !== '"' && quote !== "'") {
    const close = css.indexOf(')', i);
    // Blanks end a bare URL only as CSS counts them: a no-break space is part of it.
    const value = (close < 0 ? css.slice(i) : css.slice(i, close)).replace(/[ \t\n\r\f]+$/, '');
    return /["'( \t\n\r\f]/.test(value) ? null : value;
  }
  const end = css.indexOf(quote, i + 1);
  if (end < 0) return css.slice(i + 1);
  let j = end + 1;
  while (j < css.length && BLANKS.test(css.charAt(j))) j++;
  return j >= css.length || css.charAt(j) === ')' ? css.slice(i + 1, end) : null;
}

/**
 * Why some CSS could load or run something, or null when it cannot: any url() but url(#id), @import, and the
 * functions that load images whatever their argument. Errs on the side of rejecting: comments are not skipped.
 */
export function cssHazard(css: string): string | null {
  if (!/[(@\\]/.test(css)) return null;
  const text = decodeEscapes(css);
  if (/@import/i.test(text)) return '@import';
  for (let paren = text.indexOf('('); paren >= 0; paren = text.indexOf('(', paren + 1)) {
    const name = functionName(text, paren).toLowerCase().replace(/^-[a-z]+-/, '');
    if (name === 'url') {
      const argument = urlArgument(text, paren + 1);
      if (argument === null || !isFragmentUrl(argument)) return `url(${(argument ?? '…').slice(0, 40)}) is not a #fragment`;
    } else if (LOADING_FUNCTIONS.has(name)) {
      return `${name}() can load a resource`;
    }
  }
  return null;
}
