// `npm run settings:table`: writes the README's configuration tables from the settings' schemas, between
// the two settings-table markers of README.md: the settings both servers read alike (common/settings.ts), the site
// server's (src/lib/server/settings.ts), the indexer's (indexer/src/config/settings.ts), `npm start`'s own
// (scripts/start-settings.ts) and the devnet CLI's (devnet/settings.ts), each variable with its default and its .describe() text. `--check` changes nothing and
// exits 1 when the README differs; tests/unit/settings-readme.test.ts checks the same.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { settingRows, SHARED_SETTINGS, type SettingRow } from '../common/settings.ts';
import { INDEXER_SETTINGS_SCHEMA } from '../indexer/src/config/settings.ts';
import { SITE_SETTINGS_SCHEMA } from '../src/lib/server/settings.ts';
import { START_SETTINGS_SCHEMA } from './start-settings.ts';
import { DEVNET_SETTINGS_SCHEMA } from '../devnet/settings.ts';

export const README = fileURLToPath(new URL('../README.md', import.meta.url));
export const START_MARKER = '<!-- settings-table: start (written by `npm run settings:table` from the settings schemas; edit those, not this) -->';
export const END_MARKER = '<!-- settings-table: end -->';

/** One table of the README: a heading, who reads the variables, and their rows. */
export interface SettingsTable {
  heading: string;
  intro: string;
  rows: SettingRow[];
}

/** The tables, in the README's order: the shared settings once, then each process's own. */
export function settingsTables(): SettingsTable[] {
  const shared = new Set(Object.keys(SHARED_SETTINGS));
  const own = (shape: Record<string, unknown>) => Object.fromEntries(Object.entries(shape).filter(([name]) => !shared.has(name))) as typeof SHARED_SETTINGS;
  return [
    {
      heading: 'Both servers',
      intro: 'Read alike by the site server and the indexer (`common/settings.ts`); `npm start` passes them to both.',
      rows: settingRows(SHARED_SETTINGS),
    },
    { heading: 'Site server', intro: 'Read by the site server (`src/lib/server/settings.ts`).', rows: settingRows(own(SITE_SETTINGS_SCHEMA.shape)) },
    { heading: 'Indexer', intro: 'Read by the indexer (`indexer/src/config/settings.ts`).', rows: settingRows(own(INDEXER_SETTINGS_SCHEMA.shape)) },
    {
      heading: '`npm start`',
      intro:
        "`npm start` parses and checks the site server's settings and, unless `INDEXER_URL` is set, the indexer's, and reads these itself (`scripts/start-settings.ts`), differently from the servers where they share a name:",
      rows: settingRows(START_SETTINGS_SCHEMA.shape),
    },
    {
      heading: 'Devnet',
      intro: 'Read by the devnet on its own (`npx node devnet/index.ts`, `devnet/settings.ts`); `npm start` reads only `DEVNET_PORT` of these.',
      rows: settingRows(DEVNET_SETTINGS_SCHEMA.shape),
    },
  ];
}

/** A table cell: one line, its pipes escaped. */
function cell(text: string): string {
  return text.replaceAll('\n', ' ').replaceAll('|', '\\|');
}

/** The Markdown between the markers. */
export function settingsMarkdown(tables: readonly SettingsTable[] = settingsTables()): string {
  const parts = tables.map(({ heading, intro, rows }) =>
    [`### ${heading}`, '', intro, '', '| Variable | Default | Meaning |', '|---|---|---|', ...rows.map((r) => `| \`${r.name}\` | ${cell(r.shownDefault)} | ${cell(r.description)} |`)].join('\n'),
  );
  return `${START_MARKER}\n\n${parts.join('\n\n')}\n\n${END_MARKER}`;
}

/** The README with its tables as the schemas write them. */
export function readmeWithTables(readme: string): string {
  const start = readme.indexOf(START_MARKER);
  const end = readme.indexOf(END_MARKER);
  if (start === -1 || end < start) throw new Error(`README.md has no ${START_MARKER} … ${END_MARKER} part`);
  return readme.slice(0, start) + settingsMarkdown() + readme.slice(end + END_MARKER.length);
}

if (import.meta.main) {
  const readme = readFileSync(README, 'utf8');
  const written = readmeWithTables(readme);
  if (process.argv.includes('--check')) {
    if (written !== readme) {
      console.error('README.md: the configuration tables differ from the settings schemas; run `npm run settings:table`');
      process.exit(1);
    }
  } else if (written !== readme) {
    writeFileSync(README, written);
    console.log('README.md: configuration tables written');
  } else console.log('README.md: configuration tables up to date');
}
