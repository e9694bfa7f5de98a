import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Chain data is written by strangers: no React code of the site may render raw HTML, and the .astro files
// that write raw HTML (set:html) are a short, named list whose HTML the site builds itself.

const root = join(import.meta.dirname, '../..');

/** .astro files allowed to use set:html, and why their HTML is safe. */
const SET_HTML_ALLOWED: Record<string, string> = {
  'src/components/ui/JsonScript.astro': 'JSON with <, >, & and the line separators escaped, inside a script of type application/json',
  'src/layouts/Layout.astro': 'the head script, a constant of the site',
};

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));
}

describe('raw HTML', () => {
  const eslint = new ESLint({ cwd: root });

  it.each(['src/islands/SearchBox.tsx', 'src/islands/home/BlockRow.tsx', 'src/lib/home/feed.ts'])('react/no-danger is an error in %s', async (file) => {
    const config = (await eslint.calculateConfigForFile(join(root, file))) as { rules?: Record<string, unknown> };
    const setting = config.rules?.['react/no-danger'];
    expect(Array.isArray(setting) ? setting[0] : setting).toBe(2);
  });

  it('set:html appears only in the allow-listed .astro files', () => {
    const found = walk(join(root, 'src'))
      .filter((file) => file.endsWith('.astro') && /\sset:html=/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file))
      .sort();
    expect(found).toEqual(Object.keys(SET_HTML_ALLOWED).sort());
  });
});
