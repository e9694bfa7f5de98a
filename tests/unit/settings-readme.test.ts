// The README's configuration tables against the settings' schemas: written by `npm run settings:table`
// (scripts/settings-table.ts) and unchanged since; read back, every variable of each schema has its row with its
// default, no row names a variable its schema lacks, and a default written as a value is the value the schema gives
// when the variable is unset. The settings both servers read are the same fields in both schemas, defined once.
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { parseSettings, settingRows, SHARED_SETTINGS, type Env, type Parsed } from '../../common/settings.ts';
import { INDEXER_SETTINGS_SCHEMA, parseIndexerSettings } from '../../indexer/src/config/settings.ts';
import { END_MARKER, README, settingsMarkdown, START_MARKER } from '../../scripts/settings-table.ts';
import { parseStartSettings, START_SETTINGS_SCHEMA } from '../../scripts/start-settings.ts';
import { DEVNET_SETTINGS_SCHEMA, parseDevnetSettings } from '../../devnet/settings.ts';
import { parseSiteSettings, SITE_SETTINGS_SCHEMA } from '../../src/lib/server/settings.ts';

const readme = readFileSync(README, 'utf8');

/** The README's part between the markers. */
function writtenPart(): string {
  const start = readme.indexOf(START_MARKER);
  const end = readme.indexOf(END_MARKER);
  return start === -1 || end < start ? '' : readme.slice(start, end + END_MARKER.length);
}

/** The rows of each `### heading` table of the part: variable name → default cell. */
function readTables(markdown: string): Map<string, Map<string, string>> {
  const tables = new Map<string, Map<string, string>>();
  let rows: Map<string, string> | null = null;
  for (const line of markdown.split('\n')) {
    const heading = /^### (.+)$/.exec(line);
    if (heading) tables.set(heading[1] as string, (rows = new Map<string, string>()));
    const row = /^\| `([A-Z][A-Z0-9_]*)` \| ((?:[^|\\]|\\.)*) \|/.exec(line);
    if (row && rows) rows.set(row[1] as string, (row[2] as string).trim());
  }
  return tables;
}

const shared = Object.keys(SHARED_SETTINGS);
const own = (keys: string[]): string[] => keys.filter((name) => !shared.includes(name));

/** Each table, the variables it must list, and how its schema parses an environment. */
const TABLES: [string, string[], (env: Env) => Parsed<object>][] = [
  ['Both servers', shared, (env) => parseSettings(INDEXER_SETTINGS_SCHEMA, env)],
  ['Site server', own(Object.keys(SITE_SETTINGS_SCHEMA.shape)), parseSiteSettings],
  ['Indexer', own(Object.keys(INDEXER_SETTINGS_SCHEMA.shape)), parseIndexerSettings],
  ['`npm start`', Object.keys(START_SETTINGS_SCHEMA.shape), parseStartSettings],
  ['Devnet', Object.keys(DEVNET_SETTINGS_SCHEMA.shape), parseDevnetSettings],
];

const valueOf = (parse: (env: Env) => Parsed<object>, env: Env, name: string): unknown => {
  const parsed = parse(env);
  if (!parsed.ok) throw new Error(parsed.problems.join('; '));
  return (parsed.settings as Record<string, unknown>)[name];
};

describe("the README's configuration tables", () => {
  it('are what `npm run settings:table` writes from the schemas', () => {
    expect(writtenPart(), 'run `npm run settings:table`').toBe(settingsMarkdown());
  });

  const tables = readTables(writtenPart());

  it.each(TABLES)('%s: lists each of its variables once, with its default, and no other', (heading, names) => {
    const rows = tables.get(heading);
    expect(rows, `no "### ${heading}" table`).toBeDefined();
    expect([...(rows as Map<string, string>).keys()].sort()).toEqual([...names].sort());
    const schemas: Record<string, Record<string, z.ZodType>> = { 'Site server': SITE_SETTINGS_SCHEMA.shape, '`npm start`': START_SETTINGS_SCHEMA.shape, Devnet: DEVNET_SETTINGS_SCHEMA.shape };
    const schema: Record<string, z.ZodType> = schemas[heading] ?? INDEXER_SETTINGS_SCHEMA.shape;
    const defaults = new Map(settingRows(Object.fromEntries(names.map((n) => [n, schema[n] as z.ZodType]))).map((r) => [r.name, r.shownDefault]));
    for (const name of names) expect(rows?.get(name), name).toBe(defaults.get(name));
  });

  it.each(TABLES)('%s: a default written as a value is the one the schema gives when unset', (heading, names, parse) => {
    const rows = tables.get(heading) as Map<string, string>;
    let checked = 0;
    for (const name of names) {
      const value = /^`([^`]+)`$/.exec(rows.get(name) ?? '')?.[1];
      const unset = valueOf(parse, {}, name);
      // Described rather than given (`INDEXER_URL` for PUBLIC_INDEXER_URL, none): nothing to compare.
      if (value === undefined || unset === undefined) continue;
      expect(valueOf(parse, { [name]: value }, name), name).toEqual(unset);
      checked++;
    }
    if (heading !== '`npm start`') expect(checked).toBeGreaterThan(2);
  });

  it('names no variable that no schema has, in its prose either', () => {
    const known = new Set([SITE_SETTINGS_SCHEMA, INDEXER_SETTINGS_SCHEMA, START_SETTINGS_SCHEMA, DEVNET_SETTINGS_SCHEMA].flatMap((schema) => Object.keys(schema.shape)));
    const start = readme.indexOf('\n## Configuration');
    const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
    const named = [...section.matchAll(/`([A-Z][A-Z0-9]*_[A-Z0-9_]+|HOST|PORT|PROGRESS)`/g)].map((m) => m[1] as string);
    expect(named.length).toBeGreaterThan(60);
    expect([...new Set(named)].filter((name) => !known.has(name))).toEqual([]);
  });
});

describe('the settings both servers read', () => {
  it.each(Object.keys(SHARED_SETTINGS))('%s is the same field in both schemas', (name) => {
    const field = SHARED_SETTINGS[name as keyof typeof SHARED_SETTINGS];
    expect(SITE_SETTINGS_SCHEMA.shape[name as keyof typeof SITE_SETTINGS_SCHEMA.shape]).toBe(field);
    expect(INDEXER_SETTINGS_SCHEMA.shape[name as keyof typeof INDEXER_SETTINGS_SCHEMA.shape]).toBe(field);
  });
});
