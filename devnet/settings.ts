// The devnet CLI's settings (`npx node devnet/index.ts`, devnet/README.md), as a zod schema like the servers'
// (common/settings.ts): parsed once at start, a bad value refused with a message naming it. `npm start` reads
// DEVNET_PORT through the same field (scripts/start-settings.ts).
import { z } from 'zod';
import { defineSettings, field, flag, parseSettings, port, wholeNumber, type Env, type Parsed } from '../common/settings.ts';

/** The port of the devnet's anvil: a free one unless set. */
export const DEVNET_PORT = defineSettings({ DEVNET_PORT: port(undefined, { describe: 'Port of the local anvil.', shown: 'a free port' }) }).DEVNET_PORT;

export const DEVNET_SETTINGS_SCHEMA = z.object({
  DEVNET_PORT,
  ...defineSettings({
    DEVNET_SCALE: field(
      (raw, given) => {
        const n = /^\d{1,6}(\.\d{1,6})?$/.test(raw) ? Number(raw) : NaN;
        if (n > 0) return n;
        throw new Error(`DEVNET_SCALE must be a positive number such as 1 or 20, got ${JSON.stringify(given)}`);
      },
      1,
      'Multiplies the amount of history the scenario writes (1: about 340 blocks and 1,000 transactions; 20: about 20,000).',
      '`1`',
    ),
    DEVNET_INTERVAL_MS: wholeNumber(100, 3_600_000, 4000, { describe: 'Milliseconds between the live blocks mined after the scenario (100-3600000).' }),
    DEVNET_VERBOSE: flag(false, "forward anvil's log", { describe: "`1` forwards anvil's own log to standard output." }),
  }),
});

/** The devnet CLI's settings. */
export type DevnetSettings = z.output<typeof DEVNET_SETTINGS_SCHEMA>;

/** This process's environment through the schema (the CLI, once at start). */
export function devnetSettingsFromProcess(): Parsed<DevnetSettings> {
  return parseDevnetSettings(process.env);
}

/** Parses an environment into the devnet CLI's settings, or every problem. */
export function parseDevnetSettings(env: Env): Parsed<DevnetSettings> {
  return parseSettings(DEVNET_SETTINGS_SCHEMA, env);
}
