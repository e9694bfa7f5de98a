import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The indexer's SQL lives in one layer: indexer/src/store/ (the backends, the migrations' runner and the
// query modules of store/queries/). Elsewhere code calls the layer's typed functions and holds no SQL. A file that
// cannot move yet is listed in NOT_YET_MOVED with its reason; the list only shrinks: a listed file that no longer holds
// SQL must leave it.

const ROOT = resolve(import.meta.dirname, '../../indexer/src');
const LAYER = 'store/';

/** Files outside the layer that still hold SQL, each with why (none left). */
const NOT_YET_MOVED: [file: string, reason: string][] = [];

/** Statements and clauses that mark SQL (keywords in capitals, as the indexer writes its SQL). */
const SQL_PATTERNS: RegExp[] = [
  /\bSELECT\b[\s\S]{0,1500}?\bFROM\b/g,
  /\bINSERT\s+(?:OR\s+[A-Z]+\s+)?INTO\b/g,
  /\bUPDATE\s+\w+\s+SET\b/g,
  /\bDELETE\s+FROM\b/g,
  /\b(?:CREATE|DROP|ALTER)\s+(?:UNIQUE\s+|TEMP\s+|TEMPORARY\s+)?(?:TABLE|INDEX)\b/g,
  /\bWITH\s+(?:RECURSIVE\s+)?\w+(?:\s*\([^)]*\))?\s+AS\s*\(/g,
  /\bON\s+CONFLICT\b/g,
];

/** The lines of `text` where SQL starts, 1-based, with the line's text; comment lines are blanked first. */
function sqlLines(text: string): { line: number; text: string }[] {
  const lines = text.split('\n');
  const code = lines.map((l) => (/^\s*(?:\/\/|\/\*|\*)/.test(l) ? '' : l)).join('\n');
  const found = new Set<number>();
  for (const pattern of SQL_PATTERNS) {
    for (const m of code.matchAll(pattern)) found.add(code.slice(0, m.index).split('\n').length);
  }
  return [...found].sort((a, b) => a - b).map((line) => ({ line, text: (lines[line - 1] ?? '').trim() }));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Every file outside the layer that holds SQL, by path relative to indexer/src, with its SQL lines. */
function sqlOutsideLayer(): Map<string, { line: number; text: string }[]> {
  const out = new Map<string, { line: number; text: string }[]>();
  for (const path of sourceFiles(ROOT)) {
    const file = relative(ROOT, path);
    if (file.startsWith(LAYER)) continue;
    const lines = sqlLines(readFileSync(path, 'utf8'));
    if (lines.length > 0) out.set(file, lines);
  }
  return out;
}

describe('the SQL detector', () => {
  it.each([
    ["db.one('SELECT * FROM blocks WHERE number = ?', n)"],
    ['`SELECT number, hash\n   FROM blocks ORDER BY number DESC LIMIT 1`'],
    ["tx.run('INSERT INTO signatures (kind, hash) VALUES (?, ?)', k, h)"],
    ["'INSERT OR IGNORE INTO address_transactions (address, tx_id) VALUES (?, ?)'"],
    ["run('UPDATE sync_state SET owner = ? WHERE id = 1', me)"],
    ["run('DELETE FROM blocks WHERE number > ?', n)"],
    ["'CREATE TABLE t (a INTEGER)'"],
    ["'CREATE UNIQUE INDEX t_a ON t (a)'"],
    ['`WITH recent AS (SELECT 1) SELECT 2`'],
    ["' ON CONFLICT (address) DO UPDATE SET balance = excluded.balance'"],
  ])('finds %j', (text) => {
    expect(sqlLines(text)).toHaveLength(1);
  });

  it.each([
    ['// SELECT the newest block FROM the table (a comment)'],
    ['  * DELETE FROM the cache when it is stale'],
    ["const label = 'Select a block from the list';"],
    ['update(state); deleteFrom(list);'],
  ])('ignores %j', (text) => {
    expect(sqlLines(text)).toEqual([]);
  });

  it('names the line where the SQL starts', () => {
    expect(sqlLines("const a = 1;\nconst b = await db.all(\n  'SELECT hash FROM blocks',\n);")).toEqual([{ line: 3, text: "'SELECT hash FROM blocks'," }]);
  });
});

describe('the indexer SQL layer', () => {
  const found = sqlOutsideLayer();
  const listed = new Map(NOT_YET_MOVED);

  it('finds the SQL it checks', () => {
    // The detector reads the layer's own modules too: a layer without SQL would mean it finds nothing.
    expect(sqlLines(readFileSync(join(ROOT, 'store/migrate.ts'), 'utf8')).length).toBeGreaterThan(0);
  });

  it('keeps SQL in indexer/src/store/ (apart from the files not yet moved)', () => {
    const stray = [...found].filter(([file]) => !listed.has(file)).flatMap(([file, lines]) => lines.map((l) => `${file}:${l.line}: ${l.text}`));
    expect(stray).toEqual([]);
  });

  it('lists only files that still hold SQL, so the list only shrinks', () => {
    expect(NOT_YET_MOVED.map(([file]) => file).filter((file) => !found.has(file))).toEqual([]);
  });

  it('gives each file not yet moved a reason', () => {
    expect(NOT_YET_MOVED.filter(([, reason]) => reason.trim() === '')).toEqual([]);
  });
});
