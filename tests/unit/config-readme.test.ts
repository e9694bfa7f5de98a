// Every variable of the README's configuration table is checked
// at start by the process that reads it: the indexer's checker (indexer/src/config/env.ts), the site server's
// (src/lib/server/config-check.ts), or `npm start`'s own (DEVNET_PORT). A row added without a check fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INDEXER_VARIABLES } from '../../indexer/src/config/env.ts';
import { SITE_VARIABLES } from '../../src/lib/server/config-check.ts';

const root = join(import.meta.dirname, '..', '..');
// Read by `npm start` (scripts/start.ts) itself.
const START_VARIABLES = ['DEVNET_PORT', 'INDEXER_URL', 'RPC_URL'];
// The logging, metrics and shutdown variables, which the table must list.
const ISSUE_31_VARIABLES = ['LOG_LEVEL', 'LOG_FORMAT', 'METRICS_TOKEN', 'INDEXER_METRICS_PORT', 'SHUTDOWN_TIMEOUT_MS'];

/** The variable names in the first column of a markdown table's rows (`| \`NAME\`, \`OTHER\` | …`). */
function tableVariables(markdown: string): string[] {
  const names: string[] = [];
  for (const line of markdown.split('\n')) {
    const first = /^\|([^|]*)\|/.exec(line)?.[1] ?? '';
    for (const m of first.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.push(m[1] as string);
  }
  return names;
}

function readmeConfiguration(): string {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## Configuration');
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

describe("the README's configuration table", () => {
  it('has rows to check (the parser reads it)', () => {
    const listed = tableVariables(readmeConfiguration());
    expect(listed.length).toBeGreaterThan(40);
    expect(listed).toEqual(expect.arrayContaining(['INDEXER_URL', 'CODE_HOST_URL', 'MICROBLOG_URL', 'CHAT_URL', 'INDEXER_RATE_LIMIT_API', ...ISSUE_31_VARIABLES]));
  });

  it('lists no variable that neither checker checks', () => {
    const checked = new Set([...INDEXER_VARIABLES, ...SITE_VARIABLES, ...START_VARIABLES]);
    const listed = new Set(tableVariables(readmeConfiguration()));
    expect([...listed].filter((name) => !checked.has(name))).toEqual([]);
  });
});
