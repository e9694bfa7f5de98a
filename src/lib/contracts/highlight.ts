// Solidity highlighting for the contract source view. Sources are written by strangers, so the scanner is one
// left-to-right pass over character codes (no regular expression over the source, hence no backtracking): every
// character is looked at a bounded number of times, whatever the input. Tokens are lossless (their texts joined give
// the source back) so the view never shows anything the compiler did not read, nor hides anything it did.
import { wordKind } from './solidity-words.ts';

/** What a token is, for its colour. */
export type SolidityTokenKind =
  | 'keyword'
  | 'type'
  | 'builtin'
  | 'string'
  | 'number'
  | 'comment'
  | 'natspec'
  | 'pragma'
  | 'punctuation'
  | 'operator'
  | 'identifier'
  | 'function'
  | 'whitespace'
  | 'other';

/** One piece of the source; the texts of all tokens, in order, are the source. */
export interface SolidityToken {
  kind: SolidityTokenKind;
  text: string;
}

/** One line of the source: its tokens (cut at the line's end) and the line break that ended it ('' for the last). */
export interface SolidityLine {
  tokens: SolidityToken[];
  eol: '' | '\n' | '\r\n' | '\r';
}

const LF = 0x0a;
const CR = 0x0d;

// Longest first, so `>>>=` is one operator rather than `>>` and `>=`.
const OPERATORS = [
  '>>>=', '>>>', '<<=', '>>=', '**', '==', '!=', '<=', '>=', '&&', '||', '++', '--', '+=', '-=', '*=', '/=', '%=', '|=',
  '&=', '^=', '<<', '>>', '=>', '->', ':=', '=', '<', '>', '!', '~', '+', '-', '*', '/', '%', '&', '|', '^', '?',
];
const PUNCTUATION = '()[]{};,.:';

// Words after which a name is declared: a type (contract C) or something called (function f, event E).
const DECLARES_TYPE = new Set(['contract', 'interface', 'library', 'struct', 'enum']);
const DECLARES_CALLABLE = new Set(['function', 'event', 'error', 'modifier']);

/** Whether a character code ends a `//` comment or an unescaped string: solc's line breaks (LF, VT, FF, CR, NEL, LS, PS). */
function isLineBreak(c: number): boolean {
  return (c >= 0x0a && c <= 0x0d) || c === 0x85 || c === 0x2028 || c === 0x2029;
}

function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x09 || (c >= 0x0a && c <= 0x0d);
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isHexDigit(c: number): boolean {
  return isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

function isWordStart(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x24;
}

function isWordPart(c: number): boolean {
  return isWordStart(c) || isDigit(c);
}

/** Index of the first character at or after `from` that fails `test` (the end of a run). */
function runEnd(source: string, from: number, test: (c: number) => boolean): number {
  let i = from;
  while (i < source.length && test(source.charCodeAt(i))) i++;
  return i;
}

/** End of a quoted string starting at `from` (the quote): after the closing quote, or before the line break or end that cut it. */
function stringEnd(source: string, from: number): number {
  const quote = source.charCodeAt(from);
  let i = from + 1;
  while (i < source.length) {
    const c = source.charCodeAt(i);
    if (c === quote) return i + 1;
    if (c === 0x5c) {
      // A backslash takes the next character with it, and a CRLF whole (solc's line continuation), so a token never
      // ends between CR and LF.
      i += source.charCodeAt(i + 1) === CR && source.charCodeAt(i + 2) === LF ? 3 : 2;
      continue;
    }
    if (isLineBreak(c)) return i;
    i++;
  }
  return source.length;
}

/** End of a number literal starting at `from`: hex (0x…), or decimal with fraction and exponent; `_` separators allowed. */
function numberEnd(source: string, from: number): number {
  const c1 = source.charCodeAt(from + 1);
  if (source.charCodeAt(from) === 0x30 && (c1 === 0x78 || c1 === 0x58)) {
    return runEnd(source, from + 2, (c) => isHexDigit(c) || c === 0x5f);
  }
  const digitOrSeparator = (c: number): boolean => isDigit(c) || c === 0x5f;
  let i = runEnd(source, from, digitOrSeparator);
  if (source.charCodeAt(i) === 0x2e && isDigit(source.charCodeAt(i + 1))) i = runEnd(source, i + 1, digitOrSeparator);
  const e = source.charCodeAt(i);
  if (e === 0x65 || e === 0x45) {
    const sign = source.charCodeAt(i + 1) === 0x2d ? 1 : 0;
    if (isDigit(source.charCodeAt(i + 1 + sign))) i = runEnd(source, i + 1 + sign, digitOrSeparator);
  }
  return i;
}

/** End of a pragma's text starting at `from`: before its `;`, a line break or a comment, so a malformed one cannot swallow the file. */
function pragmaEnd(source: string, from: number): number {
  let i = from;
  while (i < source.length) {
    const c = source.charCodeAt(i);
    if (c === 0x3b || isLineBreak(c)) break;
    if (c === 0x2f) {
      const next = source.charCodeAt(i + 1);
      if (next === 0x2f || next === 0x2a) break;
    }
    i++;
  }
  return i;
}

const TOKEN_STARTS = new Set([...`"'./${PUNCTUATION}${OPERATORS.join('')}`].map((ch) => ch.charCodeAt(0)));

/** Whether a character code can begin a token other than `other` (so it ends a run of `other`). */
function startsToken(c: number): boolean {
  return isBlank(c) || isDigit(c) || isWordStart(c) || TOKEN_STARTS.has(c);
}

/** The character code after `from` once spaces and tabs are skipped (NaN at the end). */
function nextAfterSpaces(source: string, from: number): number {
  return source.charCodeAt(runEnd(source, from, (c) => c === 0x20 || c === 0x09));
}

/** Splits Solidity source into highlighting tokens, losslessly and in linear time, whatever the input. */
export function tokenizeSolidity(source: string): SolidityToken[] {
  const tokens: SolidityToken[] = [];
  let i = 0;
  // The last token that is not whitespace or a comment: what a word's colour may depend on.
  const context: { previous: SolidityToken | null } = { previous: null };
  const push = (kind: SolidityTokenKind, end: number): void => {
    const token = { kind, text: source.slice(i, end) };
    tokens.push(token);
    if (kind !== 'whitespace' && kind !== 'comment' && kind !== 'natspec') context.previous = token;
    i = end;
  };

  while (i < source.length) {
    const c = source.charCodeAt(i);
    const next = source.charCodeAt(i + 1);

    if (isBlank(c)) {
      push('whitespace', runEnd(source, i, isBlank));
    } else if (c === 0x2f && next === 0x2f) {
      // `///` is NatSpec; the comment stops before the line break, as in solc.
      push(source.charCodeAt(i + 2) === 0x2f ? 'natspec' : 'comment', runEnd(source, i + 2, (d) => !isLineBreak(d)));
    } else if (c === 0x2f && next === 0x2a) {
      const close = source.indexOf('*/', i + 2);
      // `/**` is NatSpec, but `/**/` is an empty ordinary comment.
      const doc = source.charCodeAt(i + 2) === 0x2a && source.charCodeAt(i + 3) !== 0x2f;
      push(doc ? 'natspec' : 'comment', close === -1 ? source.length : close + 2);
    } else if (c === 0x22 || c === 0x27) {
      push('string', stringEnd(source, i));
    } else if (isDigit(c) || (c === 0x2e && isDigit(next))) {
      push('number', numberEnd(source, i));
    } else if (isWordStart(c)) {
      const end = runEnd(source, i, isWordPart);
      const word = source.slice(i, end);
      const after = source.charCodeAt(end);
      const prev = context.previous;
      const member = prev?.text === '.';
      if (!member && (word === 'hex' || word === 'unicode') && (after === 0x22 || after === 0x27)) {
        push('string', stringEnd(source, end));
      } else if (!member && word === 'pragma') {
        push('pragma', pragmaEnd(source, end));
      } else if (member) {
        // After a dot every word is a member name (`msg.sender`, `f.address`), whatever it would be alone.
        push(nextAfterSpaces(source, end) === 0x28 ? 'function' : 'identifier', end);
      } else {
        let kind: SolidityTokenKind = wordKind(word);
        if (word === 'payable' && prev?.text === 'address') kind = 'type';
        else if (word === 'from' && (nextAfterSpaces(source, end) === 0x22 || nextAfterSpaces(source, end) === 0x27)) kind = 'keyword';
        else if (kind === 'identifier' && prev?.kind === 'keyword' && DECLARES_TYPE.has(prev.text)) kind = 'type';
        else if (kind === 'identifier' && prev?.kind === 'keyword' && DECLARES_CALLABLE.has(prev.text)) kind = 'function';
        else if (kind === 'identifier' && nextAfterSpaces(source, end) === 0x28) kind = 'function';
        push(kind, end);
      }
    } else {
      // Operators first, so Yul's `:=` is not taken for the punctuation `:`.
      const operator = OPERATORS.find((op) => source.startsWith(op, i));
      if (operator) {
        push('operator', i + operator.length);
      } else if (PUNCTUATION.includes(source[i] ?? '')) {
        push('punctuation', i + 1);
      } else {
        // Anything else (`#`, `@`, non-ASCII outside strings and comments) up to the next character that can start a
        // token: one token for the run, which therefore never cuts a surrogate pair.
        push('other', runEnd(source, i + 1, (d) => !startsToken(d)));
      }
    }
  }
  return tokens;
}

/** Tokens of Solidity source cut into lines (a token spanning lines, like a block comment, becomes one piece per line). */
export function highlightLines(source: string): SolidityLine[] {
  const lines: SolidityLine[] = [];
  let current: SolidityToken[] = [];
  for (const { kind, text } of tokenizeSolidity(source)) {
    let from = 0;
    for (let k = 0; k < text.length; k++) {
      const c = text.charCodeAt(k);
      if (c !== LF && c !== CR) continue;
      // The scanner never ends a token between CR and LF, so a CRLF is always seen here whole.
      const eol = c === LF ? '\n' : text.charCodeAt(k + 1) === LF ? '\r\n' : '\r';
      if (k > from) current.push({ kind, text: text.slice(from, k) });
      lines.push({ tokens: current, eol });
      current = [];
      k += eol.length - 1;
      from = k + 1;
    }
    if (from < text.length) current.push({ kind, text: from === 0 ? text : text.slice(from) });
  }
  // A final line break ends the last line rather than starting an empty one, as editors number lines.
  if (current.length > 0 || lines.length === 0) lines.push({ tokens: current, eol: '' });
  return lines;
}
