// Comments, test titles and the READMEs explain themselves: none points at an issue number ("issue 28", "issues 12 and
// 42") or at a section of a specification ("spec core §5", "tokens §2.8"). The issue tracker and the specification
// documents are not in the repository, so a reader has neither; such a line says the rule or the behaviour itself, or
// "the spec's text" where the exact wording matters. Every line is read, not only comments: test titles are strings,
// and a reference reads the same anywhere. A section of a public standard (RFC 9110 §13.1.2) names a document everyone
// has, so it may stay.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const SKIP = new Set(['node_modules', '.git', 'dist', '.astro', 'data', 'test-results', 'playwright-report', 'scratch']);
/** This file names references as its examples. */
const SELF = 'tests/unit/comment-references.test.ts';
/** Files whose history keeps its issue numbers (a changelog): none yet. */
const HISTORY = /(^|\/)CHANGELOG[^/]*$/i;

/** An issue number, or a section sign not after an RFC's number. */
const REFERENCE = /\bissues? #?\d+|(?<!\bRFC \d+ )§/i;

/**
 * References that may stay for now, each with the fragment of its line and why. Lines of files that another branch
 * is rewriting at the same time: rewritten when that branch is merged, and then taken off this list (the last case
 * fails while an entry matches nothing).
 */
const ALLOWED: ReadonlyArray<{ file: string; fragment: string; reason: string }> = [];

function sourceFiles(dir = '.'): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(path) : [path];
  });
}

/** The lines of a text that name an issue or a specification's section, with their numbers. */
function references(text: string): { line: number; text: string }[] {
  return text.split('\n').flatMap((line, i) => (REFERENCE.test(line) ? [{ line: i + 1, text: line.trim() }] : []));
}

describe('references to issues and specification sections', () => {
  const files = sourceFiles().filter((f) => f !== SELF && !HISTORY.test(f) && /\.(ts|tsx|astro|mjs|js|css|md|yaml|conf|service)$|(^|\/)(Dockerfile|run)$/.test(f));
  const found = files.flatMap((file) => references(readFileSync(join(ROOT, file), 'utf8')).map((r) => ({ file, ...r })));
  const allowed = (r: { file: string; text: string }) => ALLOWED.some((a) => a.file === r.file && r.text.includes(a.fragment));

  it('reads the whole repository', () => {
    expect(files).toContain('src/lib/server/site-server.ts');
    expect(files).toContain('README.md');
    expect(files.length).toBeGreaterThan(500);
  });

  it('are not in comments, test titles or the READMEs', () => {
    expect(found.filter((r) => !allowed(r)).map((r) => `${r.file}:${r.line}: ${r.text}`)).toEqual([]);
  });

  it('allowed for now match a line each', () => {
    const stale = ALLOWED.filter((a) => !found.some((r) => r.file === a.file && r.text.includes(a.fragment)));
    expect(stale.map((a) => `${a.file}: ${a.fragment}`)).toEqual([]);
  });

  it.each<[string, boolean]>([
    // [line, whether it is a reference]
    ['// The tab\'s one live stream (issue 28), as the live parts see it', true],
    ["// The gas tracker (issues 12 and 42; see there)", true],
    ['// Issue 30: the daily series and the gas tracker.', true],
    ["/** Rows of the Top Collections table (spec tokens §9). */", true],
    ["// The verification form of tokens §2.9: its fields", true],
    ["  it('covers the spec §7 calls', () => {", true],
    ['// Conditional requests (RFC 9110 §13.1.2, If-None-Match): a client that holds a copy', false],
    ["// Fixed figures of the token list's info card, as the spec words them.", false],
    ['const ISSUE_31_VARIABLES = [];', false],
    ['// 30 issues per page, 5 tissues', false],
  ])('%s: %s', (line, expected) => {
    expect(references(line).length > 0).toBe(expected);
  });
});
