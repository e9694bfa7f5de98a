// Nothing reads process.env but the settings modules: each process parses its environment once, through
// its schema, and hands the settings on. This finds every `process.env` in the code the processes run (the site,
// the indexer, common/, the scripts, the devnet, the deploy files; not the tests and benches, which set up the
// environments they start) and allows it only in the settings modules and in the few places listed below, each with
// its reason and how many it may have.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const SCANNED = ['src', 'indexer', 'common', 'scripts', 'deploy', 'devnet', 'astro.config.mjs'];

/** Where the environment is parsed through a schema: any number. */
const SETTINGS_MODULES = ['common/settings.ts', 'src/lib/server/settings.ts', 'indexer/src/config/settings.ts', 'scripts/start-settings.ts', 'devnet/settings.ts'];

/** The exceptions: how many `process.env` each file may have, and why. */
const ALLOWED: Readonly<Record<string, { count: number; reason: string }>> = {
  'src/lib/server/site-server.ts': {
    count: 3,
    reason:
      'writes, not settings: SITE_CLIENT_DIR (the built client folder, for page-css.ts in the built pages), NODE_ENV=production (React\'s production build) and ASTRO_NODE_AUTOSTART=disabled (the built entry must not start a server of its own)',
  },
  'src/lib/server/page-css.ts': { count: 1, reason: 'reads SITE_CLIENT_DIR, which site-server.ts sets for the built pages (a hand-over inside one process, no operator setting)' },
  'scripts/start.ts': { count: 1, reason: "hands on what it made up for the run (the admin token, the devnet admin's password) in the environment the site server's child process and the stack's indexer parse" },
  'scripts/bench.ts': { count: 1, reason: "LOG_LEVEL=warn, unless set, for the servers the benches start (their request lines would be measured): set for them, not read" },
  'scripts/site.ts': { count: 2, reason: 'the environment of child processes (the build, the site server): passed on, not read' },
  'scripts/test.ts': { count: 1, reason: 'the environment of the test runners it starts: passed on, not read' },
  'devnet/anvil.ts': { count: 1, reason: "anvil's environment (a HOME of its own): passed on, not read" },
  'deploy/probe.ts': { count: 1, reason: "the container's health check: the port of the process it asks (PROBE_PORT, INDEXER_PORT, PORT); a few lines that must answer even when a setting is bad" },
};

function filesUnder(path: string): string[] {
  const full = join(ROOT, path);
  if (/\.(ts|tsx|mts|js|mjs|astro)$/.test(path)) return [full];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mts|js|mjs|astro)$/.test(e.name) && !join(e.parentPath, e.name).includes('node_modules'))
    .map((e) => join(e.parentPath, e.name));
}

/** The `process.env` expressions of a file (code only: comments and strings do not count). */
function envReads(file: string): number {
  const text = readFileSync(file, 'utf8');
  // An Astro component's code is its frontmatter and its expressions: read as TypeScript, the markup is only noise.
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  let count = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'env' && ts.isIdentifier(node.expression) && node.expression.text === 'process') count++;
    ts.forEachChild(node, visit);
  };
  visit(source);
  // A component's markup may not parse as TypeScript: count its text too, whichever finds more.
  if (file.endsWith('.astro')) count = Math.max(count, (text.match(/\bprocess\.env\b/g) ?? []).length);
  return count;
}

describe('process.env', () => {
  const found = new Map<string, number>();
  for (const path of SCANNED) for (const file of filesUnder(path)) {
    const n = envReads(file);
    if (n > 0) found.set(relative(ROOT, file).split('\\').join('/'), n);
  }

  it('is found where it is (the scan works)', () => {
    expect(found.get('common/settings.ts')).toBeGreaterThan(0);
    expect(found.get('src/lib/server/site-server.ts')).toBe(3);
  });

  it('is read only by the settings modules and the listed exceptions, as often as listed', () => {
    const outside = [...found].filter(([file]) => !SETTINGS_MODULES.includes(file)).map(([file, n]) => `${file}: ${n}`);
    const allowed = Object.entries(ALLOWED).map(([file, { count }]) => `${file}: ${count}`);
    expect(outside.sort()).toEqual(allowed.sort());
  });

  it('has a reason for every exception', () => {
    for (const [file, { reason }] of Object.entries(ALLOWED)) expect(reason.length, file).toBeGreaterThan(40);
  });
});
