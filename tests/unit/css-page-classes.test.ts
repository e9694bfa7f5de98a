import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createScriptClassIndex, htmlClasses, pageClasses, pageScriptUrls, scriptClasses } from '../../src/lib/server/css/page-classes.ts';

describe('critical CSS: the classes a page uses', () => {
  it('reads class attributes, entities decoded', () => {
    const classes = htmlClasses('<div class="a  b\nc"><p class=\'d\'></p><i class="[&amp;_a]:underline"></i><span data-class="no"></span>');
    expect([...classes].sort()).toEqual(['[&_a]:underline', 'a', 'b', 'c', 'd']);
  });

  it("finds a script's classes as whole words of its strings", () => {
    const known = new Set(['hidden', 'px-3', 'bg-red-50', 'block']);
    const found = scriptClasses('el.className = "px-3 bg-red-50"; x.classList.add(`hidden`); const blocked = 1;', known);
    expect([...found].sort()).toEqual(['bg-red-50', 'hidden', 'px-3']);
  });

  it('lists the scripts a page loads: module scripts, after-paint placeholders, islands, preloads', () => {
    const html = [
      '<script type="module" src="/_astro/a.1.js"></script>',
      '<script type="text/x-after-paint" data-src="/_astro/b.2.js"></script>',
      '<astro-island component-url="/_astro/C.3.js" renderer-url="/_astro/client.4.js"></astro-island>',
      '<link rel="modulepreload" href="/_astro/d.5.js">',
      '<script src="https://elsewhere.example/x.js"></script>',
    ].join('');
    expect(pageScriptUrls(html)).toEqual(['/_astro/a.1.js', '/_astro/b.2.js', '/_astro/C.3.js', '/_astro/client.4.js', '/_astro/d.5.js']);
  });

  it('finds only script files named by those attributes, as whole quoted values', () => {
    const html = [
      '<a title="/_astro/x.js">',
      '<img src="/_astro/pic.png">',
      '<p>see /_astro/y.js"</p>',
      '<div data-srcset="/_astro/z.js"></div>',
      '<script src="/base/_astro/e.6.js"></script>',
      '<script src="/_astro/f.7.js?v=1"></script>',
      '<link\nhref="/_astro/g.8.js">',
    ].join('');
    expect(pageScriptUrls(html)).toEqual(['/base/_astro/e.6.js', '/_astro/g.8.js']);
  });

  it("gathers a page's classes: attributes, the head script's, inline scripts' and loaded scripts' known classes", () => {
    const known = new Set(['sm:block', 'shadow', 'hidden']);
    const html = '<body class="text-red-600"><script type="module" src="/_astro/s.1.js"></script><script>el.classList.add("sm:block", "not-known")</script><script src="/_astro/t.js">"hidden"</script></body>';
    const asked: string[] = [];
    const classes = pageClasses(html, known, (url) => {
      asked.push(url);
      return new Set(url.endsWith('s.1.js') ? ['shadow'] : []);
    });
    expect([...classes].sort()).toEqual(['js', 'shadow', 'sm:block', 'text-red-600']);
    expect(asked).toEqual(['/_astro/s.1.js', '/_astro/t.js']);
  });
});

describe("critical CSS: the classes of the build's script files", () => {
  const dir = mkdtempSync(join(tmpdir(), 'sto-page-classes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, '_astro'));
  writeFileSync(join(dir, '_astro', 'Island.a1.js'), 'import{x}from"./shared.b2.js";el.className="px-3 unknown";import("./Lazy.c3.js")');
  writeFileSync(join(dir, '_astro', 'shared.b2.js'), 'export const x="hidden"');
  writeFileSync(join(dir, '_astro', 'Lazy.c3.js'), 'import "./Island.a1.js";y.classList.add(`block`)');
  writeFileSync(join(dir, '_astro', 'Other.d4.js'), 'z.className="bg-red-50"');
  const index = createScriptClassIndex(dir, new Set(['px-3', 'hidden', 'block', 'bg-red-50']));

  it('names the classes of a file and of every module it imports, statically or on demand (cycles included)', () => {
    expect([...index('/_astro/Island.a1.js')].sort()).toEqual(['block', 'hidden', 'px-3']);
    expect([...index('/_astro/Lazy.c3.js?v=1')].sort()).toEqual(['block', 'hidden', 'px-3']);
    expect([...index('/_astro/Other.d4.js')]).toEqual(['bg-red-50']);
  });

  it('names nothing for a file the build does not have, or a URL that is no script', () => {
    expect(index('/_astro/missing.e5.js').size).toBe(0);
    expect(index('/_astro/site.css').size).toBe(0);
    expect(createScriptClassIndex(join(dir, 'nowhere'), new Set(['px-3']))('/_astro/Island.a1.js').size).toBe(0);
  });
});
