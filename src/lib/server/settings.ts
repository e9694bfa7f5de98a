// The site server's settings: the variables it reads, as one zod schema (common/settings.ts builds the
// fields; the ones the indexer reads too come from SHARED_SETTINGS). site-server.ts parses process.env through it once
// at start, refuses to start on any problem (every one listed, each naming the variable and the accepted forms), and
// installs the frozen result where the pages read it: siteSettings(). The built pages are a module graph of their own
// (dist/server), so the object is handed over on a global symbol, as the render cache's look-up is; under `astro dev`
// and in tests, where nothing installed it, the first siteSettings() parses process.env the same way (a bad value
// then throws with every problem). The README's configuration tables are written from this schema
// (npm run settings:table) and checked against it (tests/unit/settings-readme.test.ts).
import { z } from 'zod';
import {
  addressSet,
  defineSettings,
  field,
  headerSecret,
  httpUrl,
  parseSettings,
  port,
  settingsOrThrow,
  SHARED_SETTINGS,
  text,
  wholeNumber,
  type Env,
  type Parsed,
} from '../../../common/settings.ts';
import { parsePasswordHash } from './admin/credentials.ts';

/** The indexer the site reads unless INDEXER_URL says otherwise: the bundled one on loopback. */
export const DEFAULT_INDEXER_URL = 'http://127.0.0.1:3300';

const { HOST, IPFS_GATEWAY, HTTP_COMPRESSION, INDEXER_ADMIN_TOKEN, LOG_LEVEL, LOG_FORMAT, METRICS_TOKEN, SHUTDOWN_TIMEOUT_MS } = SHARED_SETTINGS;

/** The site server's variables, in the order their problems are listed. */
export const SITE_SETTINGS_SCHEMA = z
  .object({
    ...defineSettings({
      INDEXER_URL: httpUrl(DEFAULT_INDEXER_URL, { describe: 'Indexer the server fetches page data from. With `npm start`, setting it starts only the site.' }),
      PUBLIC_INDEXER_URL: httpUrl(undefined, {
        describe: 'Indexer address browsers use for live parts; handed to islands at request time.',
        shown: '`INDEXER_URL`',
      }),
    }),
    IPFS_GATEWAY,
    ...defineSettings({
      DAPP_URL: httpUrl('https://app.sto.network', { describe: 'External dApp link of the header (opens in a new tab).' }),
      API_DOCS_URL: httpUrl(undefined, { describe: 'API documentation link of the footer.', shown: '`{INDEXER_URL}/openapi.json`' }),
      DEVELOPERS_URL: httpUrl('https://docs.sto.network', { describe: 'Developer resources link of the footer.' }),
      CODE_HOST_URL: httpUrl('https://github.com/sto-network', { describe: 'Code host link of the footer.' }),
      MICROBLOG_URL: httpUrl('https://x.com/sto_network', { describe: 'Microblog link of the footer.' }),
      CHAT_URL: httpUrl('https://discord.gg/sto-network', { describe: 'Chat link of the footer.' }),
    }),
    HOST,
    ...defineSettings({
      PORT: port(4321, { describe: 'Port the site listens on (0: any free port).' }),
    }),
    HTTP_COMPRESSION,
    ...defineSettings({
      // Read by Astro itself (the built server islands); checked here so that a bad key stops the start.
      ASTRO_KEY: field<string | undefined>(
        (raw) => {
          const bytes = Buffer.from(raw, 'base64');
          if (bytes.toString('base64').replace(/=+$/, '') === raw.replace(/=+$/, '') && [16, 24, 32].includes(bytes.length)) return raw;
          throw new Error('ASTRO_KEY must be a base64 AES key of 16, 24 or 32 bytes, as `npx astro create-key` prints; the value set is not repeated here');
        },
        undefined,
        "Key of Astro's server islands (the gas-optimisation tiles), read by Astro itself: base64 of a 16, 24 or 32-byte key (`npx astro create-key`). Set the same value on every instance when several serve one site.",
        'generated per build',
      ),
      CSV_EXPORT_MAX_ROWS: wholeNumber(1, 999_999_999, 100_000, {
        describe:
          'Most rows of one CSV export (`/export/{kind}`, the "Download CSV Export" links), from 1 to 999999999. A date or block range holding more is refused (400, "choose a shorter range"); a list without a range (token holders) stops there, with `-first-N-rows` in the file name and a last line saying so. Each client may start 3 exports at once and one more every 20 s (a token bucket of the site server), and one server streams 8 exports at most at a time; past either, `429` with `Retry-After`.',
      }),
      MARKET_DATA_API_KEY: headerSecret({
        describe:
          'Key of the market-data provider (CoinMarketCap quotes) for token prices, refreshed every 5 minutes. Without it no request is ever made and the built-in prices are used (USDT 1, USDC 1, STO 0.1, 3DC 0.00129).',
      }),
    }),
    INDEXER_ADMIN_TOKEN,
    ...defineSettings({
      TOKEN_ADMIN_USER: text(undefined, {
        describe: 'User name of the token admin (`/token-admin`); required whenever a password or hash is set.',
        shown: 'none (`admin` with `npm start` on the devnet)',
      }),
      TOKEN_ADMIN_PASSWORD_HASH: field<string | undefined>(
        (raw) => {
          if (parsePasswordHash(raw) !== null) return raw;
          throw new Error('TOKEN_ADMIN_PASSWORD_HASH must be a hash printed by `npm run admin:hash` (scrypt$N$r$p$salt$hash); the value set is not repeated here');
        },
        undefined,
        "scrypt hash of the admin's password, made with `npm run admin:hash` (reads the password from standard input, prints the hash). Preferred over `TOKEN_ADMIN_PASSWORD`.",
        'none',
      ),
      // As given (a password may begin or end with a space); blank is unset.
      TOKEN_ADMIN_PASSWORD: field<string | undefined>(
        (_raw, given) => given,
        undefined,
        "The admin's password in clear, for development only. Without a password or hash the panel says it is not configured.",
        'none (random with `npm start` on the devnet, printed once)',
      ),
      TRUST_PROXY: addressSet(undefined, {
        describe:
          '`loopback`, `private`, or addresses and CIDR ranges (read as `INDEXER_TRUST_PROXY` is): the site sits behind a proxy there, the client address (for the login throttle and the export limits) is the last entry of `X-Forwarded-For`, and `X-Forwarded-Proto`/`-Host` give the origin (Secure cookies, HSTS).',
      }),
      CONTACT_EMAIL: field(
        (raw, given) => {
          if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw)) return raw;
          throw new Error(`CONTACT_EMAIL must be an email address (name@example.org), got ${JSON.stringify(given)}`);
        },
        'contact@sto.network',
        'Contact mail link of the footer.',
        '`contact@sto.network`',
      ),
    }),
    LOG_LEVEL,
    LOG_FORMAT,
    METRICS_TOKEN,
    SHUTDOWN_TIMEOUT_MS,
  })
  // The admin logs in with both: a password without a user name is a configuration that can never work.
  .superRefine(
    (s, ctx) => {
      if ((s.TOKEN_ADMIN_PASSWORD_HASH !== undefined || s.TOKEN_ADMIN_PASSWORD !== undefined) && s.TOKEN_ADMIN_USER === undefined) {
        ctx.addIssue({ code: 'custom', path: ['TOKEN_ADMIN_USER'], message: 'TOKEN_ADMIN_USER must be set when TOKEN_ADMIN_PASSWORD_HASH or TOKEN_ADMIN_PASSWORD is (the admin logs in with both)' });
      }
    },
    // Also when another field failed (a bad hash is still a hash without a user name).
    { when: () => true },
  );

/** The site server's settings: each variable's value, typed, its default where unset. */
export type SiteSettings = z.output<typeof SITE_SETTINGS_SCHEMA>;

/** The variables the site server reads. */
export const SITE_VARIABLES: readonly string[] = Object.keys(SITE_SETTINGS_SCHEMA.shape);

/** Parses an environment (process.env at start, a test's map) into the site's settings, or every problem. */
export function parseSiteSettings(env: Env): Parsed<SiteSettings> {
  return parseSettings(SITE_SETTINGS_SCHEMA, env);
}

/** This process's environment through the schema, read when called (site-server.ts and `npm start`, once at start). */
export function siteSettingsFromProcess(): Parsed<SiteSettings> {
  return parseSiteSettings(process.env);
}

/** Every problem of an environment, one line each (empty: the site may start with it). */
export function siteConfigProblems(env: Env): string[] {
  const parsed = parseSiteSettings(env);
  return parsed.ok ? [] : parsed.problems;
}

/** The settings of an environment, or an Error listing its problems (tests build settings from a map with it). */
export function siteSettingsFrom(env: Env): SiteSettings {
  return settingsOrThrow('site', parseSiteSettings(env));
}

/** Where the process's settings are kept: one global slot shared by site-server.ts and the built pages. */
const SLOT = Symbol.for('sto-explorer.site-settings');
type Holder = { [SLOT]?: SiteSettings };

/**
 * The process's settings: those site-server.ts installed at start, else (astro dev, tests) process.env parsed once
 * now. Throws, listing every problem, when the environment has a bad value.
 */
export function siteSettings(): SiteSettings {
  const holder = globalThis as Holder;
  return (holder[SLOT] ??= settingsOrThrow('site', siteSettingsFromProcess()));
}

/**
 * Makes `settings` the process's (site-server.ts at start, after the check); returns a function that puts back what was
 * there before (tests that serve with other settings).
 */
export function installSiteSettings(settings: SiteSettings): () => void {
  const holder = globalThis as Holder;
  const before = holder[SLOT];
  holder[SLOT] = settings;
  return () => {
    if (before === undefined) delete holder[SLOT];
    else holder[SLOT] = before;
  };
}
