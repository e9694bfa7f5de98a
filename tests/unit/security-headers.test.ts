import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HEAD_SCRIPT } from '../../src/lib/server/head-script.ts';
import {
  baseSecurityHeaders,
  contentSecurityPolicy,
  HSTS_MAX_AGE_SECONDS,
  indexerOrigin,
  inlineScriptHashes,
  servedOverHttps,
} from '../../src/lib/server/security-headers.ts';

const sha = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes the exact script text after chain text whose lower case is longer (İ, U+0130)', () => {
    const html = `<p title="İİİİ">${'İ'.repeat(20)}</p><SCRIPT>a()</SCRIPT><textarea>İ<script>no()</script></TEXTAREA><script>b()</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('b()')]);
  });

  it('hashes the scripts a browser runs, each once, in document order', () => {
    const html = [
      `<head><script>${HEAD_SCRIPT}</script>`,
      '<script type="module">import("/_astro/a.js")</script>',
      '<script type="text/javascript" defer>var a = 1;</script>',
      '<SCRIPT TYPE="MODULE">b()</SCRIPT >',
      '<script>var a = 1;</script>',
      '<script type="text/javascript" defer>var a = 1;</script>',
      '<script>\n  multi\n  line\n</script>',
      '<script></script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([
      sha(HEAD_SCRIPT),
      sha('import("/_astro/a.js")'),
      sha('var a = 1;'),
      sha('b()'),
      sha('\n  multi\n  line\n'),
      sha(''),
    ]);
  });

  it('leaves out external scripts and data blocks', () => {
    const html = [
      '<script type="module" src="/_astro/x.js"></script>',
      "<script src='/a.js'>ignored()</script>",
      '<script type="application/json" id="d">{"a":1}</script>',
      '<script type="text/x-after-paint" data-src="/_astro/y.js"></script>',
      '<script type="importmap">{}</script>',
      '<p data-src="x">&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([]);
  });

  it('does not mistake data-src or a "src" inside a value for an external script', () => {
    expect(inlineScriptHashes('<script data-src="/x.js">run()</script>')).toEqual([sha('run()')]);
    expect(inlineScriptHashes('<script data-note="a src=b" type="module">run()</script>')).toEqual([sha('run()')]);
  });

  it('reads tags as a browser does: chain text in attribute values, comments and raw text is never a script', () => {
    // What a visitor typed or a stranger wrote, escaped as Astro escapes attribute values ('<' stays as it is).
    const html = [
      '<input name="tab" value="<script>">',
      "<a title='x > <script>evil()</script>'>a</a>",
      '<!-- <script>commented()</script> -->',
      '<textarea><script>typed()</script></textarea>',
      '<title>a <script> title</title>',
      '<style>.a::after{content:"<script>"}</style>',
      '<script>real()</script>',
      '<p>x</p><script type="module">second()</script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([sha('real()'), sha('second()')]);
  });
});

describe('contentSecurityPolicy', () => {
  const directives = (policy: string): Record<string, string> =>
    Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0] ?? '', d.split(' ').slice(1).join(' ')]));

  it('allows scripts from this origin and the page’s own inline scripts only', () => {
    const policy = directives(contentSecurityPolicy('<script>a()</script><script type="module">b()</script>', { publicIndexerUrl: 'http://127.0.0.1:3300' }));
    expect(policy['script-src']).toBe(`'self' ${sha('a()')} ${sha('b()')}`);
    expect(policy['default-src']).toBe("'self'");
    expect(policy['frame-ancestors']).toBe("'none'");
    expect(policy['object-src']).toBe("'none'");
    expect(policy['base-uri']).toBe("'none'");
    expect(policy['form-action']).toBe("'self'");
    expect(policy['img-src']).toBe("'self' data: blob: https: http:");
    expect(policy['style-src']).toBe("'self' 'unsafe-inline'");
  });

  it('lets the live parts reach the indexer browsers are given, by origin', () => {
    const policy = (url: string): string | undefined => directives(contentSecurityPolicy('', { publicIndexerUrl: url }))['connect-src'];
    expect(policy('http://127.0.0.1:3300')).toBe("'self' http://127.0.0.1:3300");
    expect(policy('https://indexer.example.org/api/v1')).toBe("'self' https://indexer.example.org");
    // A same-origin path needs nothing more; anything that is not an http(s) URL adds nothing.
    expect(policy('/api')).toBe("'self'");
    expect(policy("javascript:alert(1)")).toBe("'self'");
    expect(policy("http://a b; script-src *")).toBe("'self'");
    expect(indexerOrigin('https://x.example:8443/')).toBe('https://x.example:8443');
  });
});

describe('servedOverHttps and the headers of every answer', () => {
  const headers = (proto: string | null) => ({ get: (name: string) => (name === 'x-forwarded-proto' ? proto : null) });

  it('trusts X-Forwarded-Proto only from a trusted proxy', () => {
    expect(servedOverHttps('https:', headers(null), '203.0.113.9', '')).toBe(true);
    expect(servedOverHttps('http:', headers('https'), '127.0.0.1', '')).toBe(false);
    expect(servedOverHttps('http:', headers('https'), '127.0.0.1', 'loopback')).toBe(true);
    expect(servedOverHttps('http:', headers('https, http'), '::ffff:127.0.0.1', 'loopback')).toBe(true);
    expect(servedOverHttps('http:', headers('https'), '10.0.0.5', 'loopback')).toBe(false);
    expect(servedOverHttps('http:', headers('https'), '10.0.0.5', 'private')).toBe(true);
    expect(servedOverHttps('http:', headers('http'), '127.0.0.1', 'loopback')).toBe(false);
  });

  it('sends Strict-Transport-Security over https only', () => {
    expect(HSTS_MAX_AGE_SECONDS).toBe(365 * 24 * 3600);
    expect(baseSecurityHeaders(true)['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(baseSecurityHeaders(false)).toEqual({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
    });
  });
});
