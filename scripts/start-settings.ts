// `npm start`'s own settings: what it reads besides the site server's and the indexer's settings, which it
// parses and checks too (scripts/start.ts). These four are read differently than the servers read them: unset, they
// make `npm start` start something (a devnet, the bundled indexer) rather than fall back to a fixed default.
import { z } from 'zod';
import { defineSettings, httpUrl, parseSettings, text, type Env, type Parsed } from '../common/settings.ts';
import { DEVNET_PORT } from '../devnet/settings.ts';

export const START_SETTINGS_SCHEMA = z.object({
  ...defineSettings({
    INDEXER_URL: httpUrl(undefined, {
      describe: 'An indexer to use: `npm start` then starts only the site, which reads this indexer (as the site server does).',
      shown: 'none: the bundled indexer is started',
    }),
    RPC_URL: httpUrl(undefined, {
      describe: 'A JSON-RPC endpoint for the bundled indexer to index instead of starting the local devnet.',
      shown: 'none: a devnet is started',
    }),
    DATA_DIR: text(undefined, {
      describe: "Folder of the bundled indexer's database. On the devnet it is emptied at each start (the devnet is a new chain each time).",
      shown: '`data/devnet-index` on the devnet, else `data/index`',
    }),
  }),
  // The devnet CLI's field (devnet/settings.ts): the same variable, read alike.
  DEVNET_PORT,
});

/** `npm start`'s own settings. */
export type StartSettings = z.output<typeof START_SETTINGS_SCHEMA>;

/** Parses an environment into `npm start`'s own settings, or every problem. */
export function parseStartSettings(env: Env): Parsed<StartSettings> {
  return parseSettings(START_SETTINGS_SCHEMA, env);
}

/** This process's environment through the schema (read once, at start). */
export function startSettingsFromProcess(): Parsed<StartSettings> {
  return parseStartSettings(process.env);
}
