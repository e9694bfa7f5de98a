import { readdirSync, readFileSync } from 'node:fs';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import SolidityCodeComponent from '../../src/components/contracts/SolidityCode.astro';
import { hiddenMarker, revealHidden, splitHidden } from '../../src/lib/contracts/hidden-chars.ts';
import { highlightLines, tokenizeSolidity, type SolidityToken } from '../../src/lib/contracts/highlight.ts';
import { sourceMaxHeight } from '../../src/lib/contracts/code-height.ts';

// Plain TypeScript cannot resolve .astro modules (`astro check` can), so type the import as what the container renders.
const SolidityCode = SolidityCodeComponent as Parameters<AstroContainer['renderToString']>[0];

const CONTRACTS = new URL('../../devnet/contracts/', import.meta.url);
const FILES = readdirSync(CONTRACTS).filter((name) => name.endsWith('.sol')).sort();
const read = (name: string): string => readFileSync(new URL(name, CONTRACTS), 'utf8');
const PLAYGROUND = read('Playground.sol');

/** [kind, text] of every token but whitespace, to compare with a table. */
function significant(source: string): [string, string][] {
  return tokenizeSolidity(source)
    .filter((token) => token.kind !== 'whitespace')
    .map((token) => [token.kind, token.text]);
}

/** The source rebuilt from its lines, to check that cutting into lines loses nothing. */
function joinLines(source: string): string {
  return highlightLines(source)
    .map((line) => line.tokens.map((token) => token.text).join('') + line.eol)
    .join('');
}

/** Checks every invariant of the tokens of one source: lossless, no empty token, no token ending between CR and LF. */
function expectWellFormed(source: string): SolidityToken[] {
  const tokens = tokenizeSolidity(source);
  // Plain checks first and one expect each: a 1 MB input has hundreds of thousands of tokens and lines.
  expect(tokens.map((token) => token.text).join('') === source).toBe(true);
  expect(tokens.some((token) => token.text === '')).toBe(false);
  expect(tokens.some((token, k) => token.text.endsWith('\r') && tokens[k + 1]?.text.startsWith('\n'))).toBe(false);
  expect(joinLines(source) === source).toBe(true);
  expect(highlightLines(source).some((line) => line.tokens.some((token) => token.text === '' || /[\r\n]/.test(token.text)))).toBe(false);
  return tokens;
}

/** A small deterministic PRNG (mulberry32), so the random inputs are the same on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('tokenizeSolidity token kinds', () => {
  it.each<[string, string, [string, string][]]>([
    ['sized types and a scientific number', 'uint256 x = 1e18;', [['type', 'uint256'], ['identifier', 'x'], ['operator', '='], ['number', '1e18'], ['punctuation', ';']]],
    ['valid and invalid sizes', 'int8 bytes32 uint7 bytes33 int264 uint08 bytes0', [['type', 'int8'], ['type', 'bytes32'], ['identifier', 'uint7'], ['identifier', 'bytes33'], ['identifier', 'int264'], ['identifier', 'uint08'], ['identifier', 'bytes0']]],
    ['elementary types', 'bool string bytes int uint fixed128x18 ufixed', [['type', 'bool'], ['type', 'string'], ['type', 'bytes'], ['type', 'int'], ['type', 'uint'], ['type', 'fixed128x18'], ['type', 'ufixed']]],
    ['address payable', 'address payable owner;', [['type', 'address'], ['type', 'payable'], ['identifier', 'owner'], ['punctuation', ';']]],
    ['payable conversion', 'payable(msg.sender)', [['keyword', 'payable'], ['punctuation', '('], ['builtin', 'msg'], ['punctuation', '.'], ['identifier', 'sender'], ['punctuation', ')']]],
    ['mapping', 'mapping(address => uint256) public deposits;', [['type', 'mapping'], ['punctuation', '('], ['type', 'address'], ['operator', '=>'], ['type', 'uint256'], ['punctuation', ')'], ['keyword', 'public'], ['identifier', 'deposits'], ['punctuation', ';']]],
    ['double-quoted string with escapes', 's = "a \\"q\\" \\n";', [['identifier', 's'], ['operator', '='], ['string', '"a \\"q\\" \\n"'], ['punctuation', ';']]],
    ['single-quoted string', "'it''s'", [['string', "'it'"], ['string', "'s'"]]],
    ['unicode string', 'unicode"héllo 😀"', [['string', 'unicode"héllo 😀"']]],
    ['hex strings', "hex\"00_ff\" hex'AB'", [['string', 'hex"00_ff"'], ['string', "hex'AB'"]]],
    ['hex and unicode as names', 'hex + unicode', [['identifier', 'hex'], ['operator', '+'], ['identifier', 'unicode']]],
    ['string continued on the next line', '"a\\\nb" x', [['string', '"a\\\nb"'], ['identifier', 'x']]],
    ['unterminated string stops at the line end', '"abc\nuint x', [['string', '"abc'], ['type', 'uint'], ['identifier', 'x']]],
    ['hex number', '0xDEAD_beef 0X1f', [['number', '0xDEAD_beef'], ['number', '0X1f']]],
    ['separators, fraction and exponent', '1_000 2.5e-3 1e1_8 .5', [['number', '1_000'], ['number', '2.5e-3'], ['number', '1e1_8'], ['number', '.5']]],
    ['ether and time units', '1 ether + 2 gwei + 3 wei + 4 days', [['number', '1'], ['number', 'ether'], ['operator', '+'], ['number', '2'], ['number', 'gwei'], ['operator', '+'], ['number', '3'], ['number', 'wei'], ['operator', '+'], ['number', '4'], ['number', 'days']]],
    ['a member access is not a number', 'x.length', [['identifier', 'x'], ['punctuation', '.'], ['identifier', 'length']]],
    ['line comment', 'a // note */\nb', [['identifier', 'a'], ['comment', '// note */'], ['identifier', 'b']]],
    ['block comment', 'a /* x\n y */ b', [['identifier', 'a'], ['comment', '/* x\n y */'], ['identifier', 'b']]],
    ['empty block comment is not NatSpec', '/**/', [['comment', '/**/']]],
    ['NatSpec line', '/// @notice Hi\nx', [['natspec', '/// @notice Hi'], ['identifier', 'x']]],
    ['NatSpec block', '/** @dev Hi */', [['natspec', '/** @dev Hi */']]],
    ['pragma', 'pragma solidity ^0.8.24;', [['pragma', 'pragma solidity ^0.8.24'], ['punctuation', ';']]],
    ['pragma followed by a comment', 'pragma abicoder v2; // x', [['pragma', 'pragma abicoder v2'], ['punctuation', ';'], ['comment', '// x']]],
    ['pragma without a semicolon stops at the line end', 'pragma solidity ^0.8.0\ncontract C', [['pragma', 'pragma solidity ^0.8.0'], ['keyword', 'contract'], ['type', 'C']]],
    ['contract declaration', 'contract Playground is ERC20 {', [['keyword', 'contract'], ['type', 'Playground'], ['keyword', 'is'], ['identifier', 'ERC20'], ['punctuation', '{']]],
    ['function declaration', 'function add(uint256 a) external pure returns (uint256) {', [['keyword', 'function'], ['function', 'add'], ['punctuation', '('], ['type', 'uint256'], ['identifier', 'a'], ['punctuation', ')'], ['keyword', 'external'], ['keyword', 'pure'], ['keyword', 'returns'], ['punctuation', '('], ['type', 'uint256'], ['punctuation', ')'], ['punctuation', '{']]],
    ['event and error names', 'event E (uint a); error Bad();', [['keyword', 'event'], ['function', 'E'], ['punctuation', '('], ['type', 'uint'], ['identifier', 'a'], ['punctuation', ')'], ['punctuation', ';'], ['keyword', 'error'], ['function', 'Bad'], ['punctuation', '('], ['punctuation', ')'], ['punctuation', ';']]],
    ['calls and builtins', 'require(ok, "x"); emit Done(keccak256(d));', [['builtin', 'require'], ['punctuation', '('], ['identifier', 'ok'], ['punctuation', ','], ['string', '"x"'], ['punctuation', ')'], ['punctuation', ';'], ['keyword', 'emit'], ['function', 'Done'], ['punctuation', '('], ['builtin', 'keccak256'], ['punctuation', '('], ['identifier', 'd'], ['punctuation', ')'], ['punctuation', ')'], ['punctuation', ';']]],
    ['member call and member named like a keyword', 'abi.encode(x); f.address', [['builtin', 'abi'], ['punctuation', '.'], ['function', 'encode'], ['punctuation', '('], ['identifier', 'x'], ['punctuation', ')'], ['punctuation', ';'], ['identifier', 'f'], ['punctuation', '.'], ['identifier', 'address']]],
    ['import from', 'import {A} from "./A.sol";', [['keyword', 'import'], ['punctuation', '{'], ['identifier', 'A'], ['punctuation', '}'], ['keyword', 'from'], ['string', '"./A.sol"'], ['punctuation', ';']]],
    ['from as a name', 'address indexed from, uint x', [['type', 'address'], ['keyword', 'indexed'], ['identifier', 'from'], ['punctuation', ','], ['type', 'uint'], ['identifier', 'x']]],
    ['longest operators', 'a >>>= b >> c >= d ** e != f && g', [['identifier', 'a'], ['operator', '>>>='], ['identifier', 'b'], ['operator', '>>'], ['identifier', 'c'], ['operator', '>='], ['identifier', 'd'], ['operator', '**'], ['identifier', 'e'], ['operator', '!='], ['identifier', 'f'], ['operator', '&&'], ['identifier', 'g']]],
    ['assembly', 'assembly { let v := mload(0x40) }', [['keyword', 'assembly'], ['punctuation', '{'], ['keyword', 'let'], ['identifier', 'v'], ['operator', ':='], ['function', 'mload'], ['punctuation', '('], ['number', '0x40'], ['punctuation', ')'], ['punctuation', '}']]],
    ['anything else, merged, surrogate pairs kept whole', 'a #@😀` b', [['identifier', 'a'], ['other', '#@😀`'], ['identifier', 'b']]],
    ['booleans and unchecked', 'unchecked { ok = true; }', [['keyword', 'unchecked'], ['punctuation', '{'], ['identifier', 'ok'], ['operator', '='], ['keyword', 'true'], ['punctuation', ';'], ['punctuation', '}']]],
  ])('%s', (_name, source, expected) => {
    expectWellFormed(source);
    expect(significant(source)).toEqual(expected);
  });
});

describe('tokenizeSolidity on Playground.sol', () => {
  const tokens = significant(PLAYGROUND);

  it.each<[string, string]>([
    ['comment', '// SPDX-License-Identifier: MIT'],
    ['pragma', 'pragma solidity ^0.8.24'],
    ['natspec', '/// @title Playground: a standalone contract exercising every kind of function and event.'],
    ['comment', '// ---- pure ----'],
    ['type', 'Playground'],
    ['type', 'Info'],
    ['type', 'mapping'],
    ['type', 'bytes32'],
    ['type', 'int256'],
    ['keyword', 'constructor'],
    ['keyword', 'calldata'],
    ['keyword', 'receive'],
    ['function', 'add'],
    ['function', 'ValueChanged'],
    ['function', 'Unauthorized'],
    ['builtin', 'keccak256'],
    ['builtin', 'require'],
    ['builtin', 'msg'],
    ['identifier', 'sender'],
    ['string', '"Playground: this call always reverts"'],
    ['string', '""'],
    ['number', '0'],
    ['number', '1'],
    ['operator', '+='],
    ['operator', '++'],
    ['operator', '!='],
  ])('has a %s token %j', (kind, text) => {
    expect(tokens).toContainEqual([kind, text]);
  });

  it('cuts it into one line per LF', () => {
    const lines = highlightLines(PLAYGROUND);
    expect(lines).toHaveLength(PLAYGROUND.split('\n').length - 1);
    expect(lines.map((line) => line.tokens.map((token) => token.text).join(''))).toEqual(PLAYGROUND.split('\n').slice(0, -1));
  });
});

describe('lossless', () => {
  it.each(FILES)('devnet/contracts/%s', (name) => {
    const source = read(name);
    expectWellFormed(source);
    expectWellFormed(source.replaceAll('\n', '\r\n'));
    expectWellFormed(source.replaceAll('\n', '\r'));
  });

  // Fragments that start, end or break tokens, so random sequences hit the scanner's edges.
  const FRAGMENTS = [
    '"', "'", '\\', '/', '*', '/*', '*/', '//', '///', '/**', '\n', '\r', '\r\n', '\t', ' ', '\v', '\f', '\u0085', '\u2028',
    '\u202e', '\u2066', '\u0000', 'hex', 'unicode', 'pragma', 'address', 'payable', 'from', '.', '0x', '0', '1e', 'e', '-',
    '_', 'uint256', 'x', '(', ')', '{', ';', '=', '>', '>>>', ':', '😀', '\ud83d', '\ude00', 'é', 'ש', '#', '`', '\u00a0',
  ];

  it.each(Array.from({ length: 40 }, (_, k) => k + 1))('random fragment soup, seed %i', (seed) => {
    const next = random(seed);
    for (let n = 0; n < 50; n++) {
      const length = Math.floor(next() * 60);
      const source = Array.from({ length }, () => FRAGMENTS[Math.floor(next() * FRAGMENTS.length)]).join('');
      expectWellFormed(source);
    }
  });

  it.each([1, 2, 3, 4, 5])('random UTF-16 garbage, seed %i', (seed) => {
    const next = random(seed * 7919);
    for (let n = 0; n < 50; n++) {
      const source = String.fromCharCode(...Array.from({ length: Math.floor(next() * 200) }, () => Math.floor(next() * 0x10000)));
      expectWellFormed(source);
    }
  });
});

describe('pathological input', () => {
  const MB = 1 << 20;
  const big = PLAYGROUND.repeat(Math.ceil(MB / PLAYGROUND.length));

  it('a 1 MB file', () => {
    expect(big.length).toBeGreaterThanOrEqual(MB);
    const tokens = expectWellFormed(big);
    expect(tokens.filter((token) => token.kind === 'pragma')).toHaveLength(Math.ceil(MB / PLAYGROUND.length));
    expect(highlightLines(big)).toHaveLength(big.split('\n').length - 1);
  });

  // [name, source, number of tokens (null: only well-formedness)]; each would take minutes if anything were quadratic.
  it.each<[string, string, number | null]>([
    ['unterminated block comment', `/*${'a'.repeat(MB)}`, 1],
    ['unterminated NatSpec of stars', `/**${'*'.repeat(MB)}`, 1],
    ['many block comment openers', '/*'.repeat(MB / 2), null],
    ['unterminated string', `"${'a'.repeat(MB)}`, 1],
    ['unterminated string of backslashes', `"${'\\'.repeat(MB)}`, 1],
    ['unterminated hex string', `hex"${'0'.repeat(MB)}`, 1],
    ['many unterminated strings, one per line', '"x\n'.repeat(MB / 3), null],
    ['quotes only', '"'.repeat(MB), MB / 2],
    ['slashes only', '/'.repeat(MB), 1],
    ['stars only', '*'.repeat(MB), null],
    ['pragma without an end', `pragma ${'x '.repeat(MB / 2)}`, 1],
    ['one long identifier before a parenthesis', `${'a'.repeat(MB)}(`, 2],
    ['identifier before a long run of spaces', `a${' '.repeat(MB)}(`, 3],
    ['identifiers each before many spaces', `a${' '.repeat(100)}`.repeat(MB / 101), null],
    ['one long number', `0x${'_'.repeat(MB)}`, 1],
    ['exponents', '1e'.repeat(MB / 2), null],
    ['whitespace only', ' \t\r\n'.repeat(MB / 4), 1],
    ['bidi controls only', '\u202e'.repeat(MB), 1],
    ['lone surrogates', '\ud800'.repeat(MB), 1],
    ['CRLF only', '\r\n'.repeat(MB / 2), 1],
  ])('%s', (_name, source, count) => {
    const tokens = expectWellFormed(source);
    if (count !== null) expect(tokens).toHaveLength(count);
  });
});

describe('highlightLines', () => {
  /** Each line as its [kind, text] pairs and its line break. */
  const shape = (source: string): [[string, string][], string][] =>
    highlightLines(source).map((line) => [line.tokens.map((token) => [token.kind, token.text]), line.eol]);

  it.each<[string, string, [[string, string][], string][]]>([
    ['empty source: one empty line', '', [[[], '']]],
    ['no line break', 'x', [[[['identifier', 'x']], '']]],
    ['a final LF ends the last line', 'x\n', [[[['identifier', 'x']], '\n']]],
    ['empty lines', '\n\n', [[[], '\n'], [[], '\n']]],
    ['LF', 'a\nb', [[[['identifier', 'a']], '\n'], [[['identifier', 'b']], '']]],
    ['CRLF', 'a\r\nb', [[[['identifier', 'a']], '\r\n'], [[['identifier', 'b']], '']]],
    ['lone CR', 'a\rb', [[[['identifier', 'a']], '\r'], [[['identifier', 'b']], '']]],
    ['tabs and indentation kept', '\ta \n  b', [[[['whitespace', '\t'], ['identifier', 'a'], ['whitespace', ' ']], '\n'], [[['whitespace', '  '], ['identifier', 'b']], '']]],
    [
      'block comment split across lines',
      'x /* a\r\n\r\n b */ y',
      [
        [[['identifier', 'x'], ['whitespace', ' '], ['comment', '/* a']], '\r\n'],
        [[], '\r\n'],
        [[['comment', ' b */'], ['whitespace', ' '], ['identifier', 'y']], ''],
      ],
    ],
    ['NatSpec block split across lines', '/**\n * @dev\n */', [[[['natspec', '/**']], '\n'], [[['natspec', ' * @dev']], '\n'], [[['natspec', ' */']], '']]],
    ['string continued with backslash-CRLF', '"a\\\r\nb"', [[[['string', '"a\\']], '\r\n'], [[['string', 'b"']], '']]],
    ['VT, FF, NEL and LS end a comment but not a line', '// a\u2028b', [[[['comment', '// a'], ['other', '\u2028'], ['identifier', 'b']], '']]],
  ])('%s', (_name, source, expected) => {
    expect(shape(source)).toEqual(expected);
    expect(joinLines(source)).toBe(source);
  });
});

describe('hidden characters', () => {
  it.each<[string, string, string]>([
    ['nothing hidden', 'plain text é 😀 שלום', 'plain text é 😀 שלום'],
    ['right-to-left override', 'a\u202eb', 'a⟨U+202E⟩b'],
    ['every bidi embedding, override and isolate', '\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069', '⟨U+202A⟩⟨U+202B⟩⟨U+202C⟩⟨U+202D⟩⟨U+2066⟩⟨U+2067⟩⟨U+2068⟩⟨U+2069⟩'],
    ['bidi marks', '\u200e\u200f\u061c', '⟨U+200E⟩⟨U+200F⟩⟨U+061C⟩'],
    ['line breaks browsers honour', '\u0085\u2028\u2029', '⟨U+0085⟩⟨U+2028⟩⟨U+2029⟩'],
    ['control characters, but not tab, LF or CR', '\u0000\v\f\u007f\u009b\t\n\r', '⟨U+0000⟩⟨U+000B⟩⟨U+000C⟩⟨U+007F⟩⟨U+009B⟩\t\n\r'],
  ])('%s', (_name, text, revealed) => {
    expect(revealHidden(text)).toBe(revealed);
    expect(splitHidden(text).map((piece) => piece.text).join('')).toBe(text);
  });

  it('names each hidden character', () => {
    expect(splitHidden('x\u202ey')).toEqual([
      { hidden: false, text: 'x' },
      { hidden: true, text: '\u202e', codePoint: 'U+202E', name: 'RIGHT-TO-LEFT OVERRIDE' },
      { hidden: false, text: 'y' },
    ]);
    expect(hiddenMarker({ codePoint: 'U+2066' })).toBe('⟨U+2066⟩');
  });
});

describe('sourceMaxHeight', () => {
  it.each<[string | undefined, string]>([
    [undefined, '600px'],
    ['400px', '400px'],
    ['30.5rem', '30.5rem'],
    ['80vh', '80vh'],
    ['', '600px'],
    ['none', '600px'],
    ['600px; background: url(https://evil.example/x)', '600px'],
    ['calc(100vh - 1px)', '600px'],
    ['-5px', '600px'],
  ])('%j → %s', (value, expected) => {
    expect(sourceMaxHeight(value)).toBe(expected);
  });
});

describe('SolidityCode', () => {
  const render = async (props: { source: string; fileName?: string; maxHeight?: string }): Promise<string> => {
    const container = await AstroContainer.create();
    return container.renderToString(SolidityCode, { props });
  };
  /** The text a reader sees in the code block: tags dropped, entities decoded, markers left as they are. */
  const codeText = (html: string): string =>
    (/<code>([\s\S]*)<\/code>/.exec(html)?.[1] ?? '')
      .replace(/<[^>]*>/g, '')
      .replace(/&(lt|gt|quot|#39|#x27|amp);/g, (_m, name: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", amp: '&' })[name] ?? '');

  it.each([
    ['a string', 'string s = "<script>alert(1)</script>";', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['a line comment', '// <script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['a block comment', '/* <script>alert(1)</script> */', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['NatSpec', '/// @notice <script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['an unterminated string', '"<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['code outside any literal', '<script>alert(1)</script>', '<span class="text-slate-700">&lt;</span><span class="text-slate-900">script</span>'],
  ])('escapes <script> inside %s', async (_name, source, escaped) => {
    const html = await render({ source });
    expect(html).not.toContain('<script');
    expect(html).toContain(escaped);
    expect(codeText(html)).toBe(`${source}\n`);
  });

  it('escapes the file name in text and attribute', async () => {
    const html = await render({ source: 'x', fileName: '"><img src=x onerror=alert(1)>.sol' });
    // In the figcaption as text; in aria-label the quote is escaped, so the attribute cannot be left.
    expect(html).toContain('>&quot;&gt;&lt;img src=x onerror=alert(1)&gt;.sol</figcaption>');
    expect(html).toContain('aria-label="Source code of &quot;><img src=x onerror=alert(1)>.sol"');
    expect(html).not.toMatch(/"><img/);
  });

  it('shows a right-to-left override as a visible marker, never as the character', async () => {
    const source = 'string s = "user\u202e \u2066// admin\u2069\u2066";\n/* \u202e } */';
    const html = await render({ source, fileName: 'Token\u202elos.sol' });
    expect(html).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(html).toMatch(/<span class="sol-hidden" title="U\+202E RIGHT-TO-LEFT OVERRIDE[^"]*" data-test="hidden-char">⟨U\+202E⟩<\/span>/);
    expect(html.match(/data-test="hidden-char"/g)).toHaveLength(6);
    expect(html).toContain('aria-label="Source code of Token⟨U+202E⟩los.sol"');
    expect(codeText(html)).toBe(`${revealHidden(source)}\n`);
  });

  it('renders every line with a number gutter that is not part of the text, and the whole source as text', async () => {
    const html = await render({ source: PLAYGROUND, fileName: 'Playground.sol' });
    expect(html.match(/<span class="sol-line">/g)).toHaveLength(PLAYGROUND.split('\n').length - 1);
    expect(codeText(html)).toBe(PLAYGROUND);
    expect(html).toContain('<span class="text-violet-700">contract</span>');
    expect(html).toContain('<span class="italic text-green-800">/// @title Playground');
    expect(html).toContain('>Playground.sol</figcaption>');
    expect(html).not.toContain('data-source-text');
  });

  it('renders CRLF sources as one line per CRLF', async () => {
    const html = await render({ source: 'a\r\nb\r\n' });
    expect(html).toContain('<code><span class="sol-line"><span class="text-slate-900">a</span></span>\n<span class="sol-line"><span class="text-slate-900">b</span></span>\n</code>');
  });

  it.each<[string | undefined, string]>([
    [undefined, 'max-height: 600px'],
    ['320px', 'max-height: 320px'],
    ['1px; background: red', 'max-height: 600px'],
  ])('maxHeight %j → %s, in a focusable scrolling region', async (maxHeight, style) => {
    const html = await render(maxHeight === undefined ? { source: 'x' } : { source: 'x', maxHeight });
    expect(html).toMatch(new RegExp(`<div role="region" aria-label="Solidity source code" tabindex="0" class="overflow-auto[^"]*" style="${style}"`));
  });

  it('renders a 1 MB source completely', async () => {
    const source = PLAYGROUND.repeat(Math.ceil((1 << 20) / PLAYGROUND.length));
    const html = await render({ source });
    expect(codeText(html)).toBe(source);
  });
});
