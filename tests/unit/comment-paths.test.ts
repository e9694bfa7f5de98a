// Files that comments and the READMEs name exist: a module that moves or is deleted leaves no comment pointing at
// nothing. A named path (`src/lib/server/render-cache.ts`, `http/router.ts`, or one relative to the naming file) is
// found from the naming file's folder or any folder above it, or from the roots comments name paths from for short
// (src/lib for the site's folders, src/components for `ui/…`, indexer/src for the indexer's folders). Paths of .ts,
// .tsx, .astro and .md files only: URLs, JSON fixtures and generated files are not modules.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const SKIP = new Set(['node_modules', '.git', 'dist', '.astro', 'data', 'test-results', 'playwright-report', 'scratch']);
const SHORT_ROOTS = ['src/lib', 'src/components', 'indexer/src'];
/** Paths written as examples, not as references. */
const EXAMPLES = new Set([
  // indexer-layout.test.ts: how a worker is named, `new URL('./x.ts', import.meta.url)`.
  './x.ts',
  // eslint.config.js: Astro's generated types (written by `astro sync`).
  '.astro/types.d.ts',
]);

const PATH = /(?<![\w@/.:$-])((?:\.{1,2}\/)*(?:[\w.[\]-]+\/)+[\w.[\]-]+\.(?:ts|tsx|astro|md))(?![\w/])/g;
/** The comment part of a line: after `//`, `/*`, a JSDoc `*`, `#` or `<!--` (not `//` inside a URL). */
const COMMENT = /(?:^|\s)(?:\/\/|\/\*+|\*|#|<!--)\s(.*)$/;

function sourceFiles(dir = '.'): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(path) : [path];
  });
}

/** The paths a file's comments (every line of a Markdown file) name, with their line numbers. */
function namedPaths(file: string, text: string): { line: number; path: string }[] {
  const markdown = file.endsWith('.md');
  return text.split('\n').flatMap((line, i) => {
    const comment = markdown ? line : COMMENT.exec(line)?.[1];
    return comment ? [...comment.matchAll(PATH)].map((m) => ({ line: i + 1, path: m[1] ?? '' })) : [];
  });
}

/** Whether a path named in `file` is a file: from the file's folder or one above it, or from a short root. */
function resolves(file: string, path: string, exists: (p: string) => boolean): boolean {
  const folders: string[] = [];
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    folders.push(dir);
    if (dir === '.') break;
  }
  return [...folders, ...SHORT_ROOTS].some((folder) => exists(join(ROOT, folder, path)));
}

describe('paths named in comments', () => {
  const files = sourceFiles().filter((f) => /\.(ts|tsx|astro|mjs|js|md|yaml|conf|service)$|(^|\/)(Dockerfile|run)$/.test(f));
  const named = files.flatMap((file) => namedPaths(file, readFileSync(join(ROOT, file), 'utf8')).map((n) => ({ file, ...n })));

  it('reads the comments of the whole repository', () => {
    expect(files).toContain('src/lib/server/site-server.ts');
    expect(named.length).toBeGreaterThan(200);
  });

  it('name files that exist', () => {
    const missing = named.filter((n) => !EXAMPLES.has(n.path) && !resolves(n.file, n.path, existsSync)).map((n) => `${n.file}:${n.line}: ${n.path}`);
    expect(missing).toEqual([]);
  });

  it.each<[string, string, string | null]>([
    // [file, line, the path it should find, or null]
    ['common/ip.ts', '// the rate limiter (http/client-address.ts) and', 'http/client-address.ts'],
    ['src/lib/model/types.ts', '* built by the normalizers in ../normalize/block.ts', '../normalize/block.ts'],
    ['indexer/README.md', 'parameters in `src/api/etherscan-request.ts`), which', 'src/api/etherscan-request.ts'],
    ['deploy/nginx.conf', '# see deploy/README.md', 'deploy/README.md'],
    ['src/x.ts', "const url = 'https://example.com/a/b.ts'; // no path here", null],
    ['src/x.ts', "import { a } from './lib/a.ts';", null],
  ])('%s: finds %j', (file, line, path) => {
    expect(namedPaths(file, line).map((n) => n.path)).toEqual(path === null ? [] : [path]);
  });

  it('would report a path that names nothing, and not one found from a folder above or a short root', () => {
    expect(resolves('common/ip.ts', 'http/client-address.ts', existsSync)).toBe(false);
    expect(resolves('src/lib/server/request-checks.ts', 'indexer/src/http/client-address.ts', existsSync)).toBe(false);
    expect(resolves('indexer/src/api/health.ts', 'http/router.ts', existsSync)).toBe(true);
    expect(resolves('src/lib/model/types.ts', '../normalize/block.ts', existsSync)).toBe(true);
    expect(resolves('tests/unit/x.test.ts', 'common/client-address.ts', existsSync)).toBe(true);
  });
});
