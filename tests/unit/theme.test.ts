import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { THEME_FROM_COOKIE } from '../../src/lib/server/head-script.ts';
import { isSameOrigin } from '../../src/lib/server/request-checks.ts';
import { localReturnPath } from '../../src/lib/server/same-site.ts';
import { isThemePreference, nextTheme, parseThemePreference, THEME_COOKIE_MAX_AGE, type ThemePreference } from '../../src/lib/page/theme.ts';

/** The theme the head's inline script puts on <html> for a document.cookie string. */
function headScriptTheme(cookie: string): string | null {
  let theme: string | null = null;
  const documentElement = { setAttribute: (name: string, value: string) => { if (name === 'data-theme') theme = value; } };
  runInNewContext(THEME_FROM_COOKIE, { document: { cookie, documentElement } });
  return theme;
}

/** The cookie value a Cookie header carries for theme_preference (what the server reads). */
const cookieValue = (cookie: string): string | undefined => /(?:^|;\s*)theme_preference=([^;]*)/.exec(cookie)?.[1];

describe('the theme_preference cookie', () => {
  it.each<[unknown, ThemePreference]>([
    ['light', 'light'],
    ['dark', 'dark'],
    ['system', 'system'],
    [undefined, 'system'],
    [null, 'system'],
    ['', 'system'],
    ['Dark', 'system'],
    [' dark', 'system'],
    ['dark;', 'system'],
    ['"dark"', 'system'],
    ['sepia', 'system'],
    ['<script>', 'system'],
    [1, 'system'],
  ])('reads %j as %s', (value, theme) => {
    expect(parseThemePreference(value)).toBe(theme);
  });

  it.each<[string, string]>([
    ['', 'system'],
    ['theme_preference=dark', 'dark'],
    ['theme_preference=light', 'light'],
    ['theme_preference=system', 'system'],
    ['a=1; theme_preference=dark; b=2', 'dark'],
    ['a=1;theme_preference=light', 'light'],
    ['theme_preference=darker', 'system'],
    ['theme_preference=Dark', 'system'],
    ['my_theme_preference=dark', 'system'],
    ['x=theme_preference=dark', 'system'],
    ['theme_preference=', 'system'],
  ])('the head script reads the cookie %j as the server does: %s', (cookie, theme) => {
    expect(headScriptTheme(cookie)).toBe(theme);
    expect(parseThemePreference(cookieValue(cookie))).toBe(theme);
  });

  it.each<[ThemePreference, ThemePreference]>([
    ['system', 'light'],
    ['light', 'dark'],
    ['dark', 'system'],
  ])('the toggle goes from %s to %s', (from, to) => {
    expect(nextTheme(from)).toBe(to);
  });

  it.each<[unknown, boolean]>([
    ['system', true],
    ['light', true],
    ['dark', true],
    ['', false],
    ['auto', false],
    [null, false],
  ])('a posted %j is a theme: %s', (value, ok) => {
    expect(isThemePreference(value)).toBe(ok);
  });

  it('lasts 12 months, as the cookie policy says', () => {
    expect(THEME_COOKIE_MAX_AGE).toBe(31_536_000);
  });
});

describe('the theme form: where it may come from and send back to', () => {
  const SITE = 'http://127.0.0.1:4321';

  it.each<[string | null, boolean]>([
    [SITE, true],
    ['http://127.0.0.1:4322', false],
    ['https://127.0.0.1:4321', false],
    ['http://evil.example', false],
    ['null', false],
    ['', false],
    [null, false],
  ])('a post from origin %j is accepted: %s', (origin, ok) => {
    const request = new Request(`${SITE}/theme`, { method: 'POST', headers: origin === null ? {} : { origin } });
    expect(isSameOrigin(request, SITE)).toBe(ok);
  });

  it.each<[unknown, string | null]>([
    ['/', '/'],
    ['/blocks', '/blocks'],
    ['/blocks?page=2&size=50', '/blocks?page=2&size=50'],
    ['/search?q=a b', '/search?q=a%20b'],
    ['/address/0xabc#tokens', '/address/0xabc'],
    ['/a/../blocks', '/blocks'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/été', '/%C3%A9t%C3%A9'],
    // Off the site, or read by browsers as another host:
    ['https://evil.example/', null],
    ['http://127.0.0.1:4321/blocks', null],
    ['//evil.example', null],
    ['///evil.example', null],
    ['/\\evil.example', null],
    ['\\\\evil.example', null],
    ['/\t/evil.example', null],
    ['/\n/evil.example', null],
    ['/.//evil.example', null],
    ['/./\u0000/evil.example', null],
    ['javascript:alert(1)', null],
    ['blocks', null],
    ['', null],
    [null, null],
    [undefined, null],
    [42, null],
    [`/${'a'.repeat(2100)}`, null],
  ])('the return path %j is %j', (value, path) => {
    expect(localReturnPath(value)).toBe(path);
  });
});
