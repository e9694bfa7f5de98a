// If-None-Match as every server of the project reads it (common/etag.ts): the list of tags, commas inside a quoted
// tag included, and the weak comparison RFC 9110 asks for (a W/ on either side does not matter), `*` for any.
import { describe, expect, it } from 'vitest';
import { etagMatches, ifNoneMatchTags, opaqueTag } from '../../common/etag.ts';

describe('ifNoneMatchTags', () => {
  it.each<[string | null | undefined, string[]]>([
    [undefined, []],
    [null, []],
    ['', []],
    ['   ', []],
    ['*', ['*']],
    ['"a"', ['"a"']],
    ['W/"a"', ['W/"a"']],
    ['"a", W/"b" ,"c"', ['"a"', 'W/"b"', '"c"']],
    // Empty list members and tabs are white space.
    [', "a",,\t"b" ,', ['"a"', '"b"']],
    // A comma is a legal character inside a tag: it does not split it.
    ['"a,b", "c"', ['"a,b"', '"c"']],
    ['W/"x, y"', ['W/"x, y"']],
    // What is not a quoted tag is kept as written, trimmed (servers have always been lenient with it).
    ['abc, "d"', ['abc', '"d"']],
    // An unterminated tag runs to the end.
    ['"a", "b', ['"a"', '"b']],
  ])('%j', (header, tags) => {
    expect(ifNoneMatchTags(header)).toEqual(tags);
  });
});

describe('opaqueTag', () => {
  it.each([
    ['W/"a"', '"a"'],
    ['"a"', '"a"'],
    ['"W/a"', '"W/a"'],
    ['w/"a"', 'w/"a"'],
  ])('%s → %s', (tag, opaque) => {
    expect(opaqueTag(tag)).toBe(opaque);
  });
});

describe('etagMatches', () => {
  it.each<[string, string | null | undefined, string, boolean]>([
    ['no header', undefined, 'W/"a"', false],
    ['a null header (the Fetch API)', null, 'W/"a"', false],
    ['an empty header', '', '"a"', false],
    ['the same weak tag', 'W/"a"', 'W/"a"', true],
    ['the same strong tag', '"a"', '"a"', true],
    ['a weak header, a strong tag', 'W/"a"', '"a"', true],
    ['a strong header, a weak tag', '"a"', 'W/"a"', true],
    ['another tag', 'W/"b"', 'W/"a"', false],
    ['a tag that only starts the same', '"ab"', '"a"', false],
    ['the tag last in a list', 'W/"x", "y", W/"a"', 'W/"a"', true],
    ['no tag of a list', 'W/"x", "y"', 'W/"a"', false],
    ['any (*)', '*', '"a"', true],
    ['a tag holding a comma', '"a,b"', '"a,b"', true],
    ['half of a tag holding a comma', '"a,b"', '"a"', false],
    ['a tag that differs only by case', '"A"', '"a"', false],
    // Without the quotes the header names something else: no match (the old site server compared the whole header).
    ['an unquoted name', 'a', '"a"', false],
  ])('%s', (_name, header, etag, expected) => {
    expect(etagMatches(header, etag)).toBe(expected);
  });
});
