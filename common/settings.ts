// The environment as settings: each process (the site server, the indexer, `npm start`) describes the
// variables it reads as one zod schema, parses process.env through it once at start into a frozen, typed object, and
// hands that object on; nothing else reads process.env (tests/unit/settings-env-reads.test.ts holds the code to it).
// This module holds what the schemas are made of: one field builder per kind of value (each with its default and a
// .describe() text, and the message a bad value gets: the variable, the accepted forms, the value unless secret), the
// settings both servers read alike (SHARED_SETTINGS, defined once here), the parse that lists every problem at once,
// and the rows of the README's configuration tables (scripts/settings-table.ts writes them, a unit test checks them).
import { isIP } from 'node:net';
import { z } from 'zod';
import { parseAddressSet } from './client-address.ts';
import { errorMessage } from './errors.ts';
import { DEFAULT_IPFS_GATEWAY } from './ipfs.ts';
import { DEFAULT_SHUTDOWN_TIMEOUT_MS } from './shutdown.ts';

/** An environment map (process.env or a test's table row). */
export type Env = Readonly<Record<string, string | undefined>>;

/** One variable's schema: a string or nothing in, the typed value out (its default when unset or blank). */
export type EnvField<T> = z.ZodType<T, string | undefined>;

/** A field before it knows its variable's name (the name goes into its messages): see defineSettings. */
export type FieldSpec<T> = (name: string) => EnvField<T>;

/** What the README's tables show of a field besides its description: the default as an operator would write it. */
export interface FieldMeta {
  /** The default, in Markdown (`\`3300\``, `none`, or words when it depends on something). */
  shownDefault: string;
}

/** A variable's value, trimmed; undefined when unset or blank (blank means "the default", as unset does). */
export function envValue(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/** How a bad value is quoted in a message: as JSON, so spaces and empty parts show. */
function quoted(value: string | undefined): string {
  return JSON.stringify(value ?? '');
}

/** `value` in Markdown code. */
function code(value: string | number): string {
  return `\`${value}\``;
}

/**
 * The general field: `parse` reads a set value (trimmed, and as given) or throws an Error whose message is the
 * problem's line; unset or blank gives `fallback`. `describe` is the README's text; `shown` the default it shows.
 */
export function field<T>(parse: (raw: string, given: string) => T, fallback: T, describe: string, shown: string): FieldSpec<T> {
  return () =>
    z
      .string()
      .optional()
      .transform((given, ctx): T => {
        const raw = given?.trim();
        if (raw === undefined || raw === '') return fallback;
        try {
          return parse(raw, given as string);
        } catch (err) {
          ctx.addIssue({ code: 'custom', message: errorMessage(err), input: given });
          return z.NEVER;
        }
      })
      .describe(describe)
      .meta({ shownDefault: shown } satisfies FieldMeta);
}

/** Documentation of one field: its description and shown default, or the default's text when it is not the value's. */
export interface Doc {
  describe: string;
  /** The default as the README shows it, when it is not simply the fallback value (`none` when that is undefined). */
  shown?: string;
}

function shownOf(doc: Doc, fallback: string | number | undefined): string {
  return doc.shown ?? (fallback === undefined ? 'none' : code(fallback));
}

/** A port number 0-65535 (PORT, INDEXER_PORT, DEVNET_PORT, INDEXER_METRICS_PORT). */
export function port<F extends number | undefined>(fallback: F, doc: Doc): FieldSpec<number | F> {
  return (name) =>
    field<number | F>(
      (raw, given) => {
        const n = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
        if (!(n >= 0 && n <= 65_535)) throw new Error(`${name} must be a port number (0-65535), got ${quoted(given)}`);
        return n;
      },
      fallback,
      doc.describe,
      shownOf(doc, fallback),
    )(name);
}

/** A whole number in [min, max]. */
export function wholeNumber(min: number, max: number, fallback: number, doc: Doc): FieldSpec<number> {
  return (name) =>
    field(
      (raw, given) => {
        const n = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
        if (!(n >= min && n <= max)) throw new Error(`${name} must be a whole number from ${min} to ${max}, got ${quoted(given)}`);
        return n;
      },
      fallback,
      doc.describe,
      shownOf(doc, fallback),
    )(name);
}

/** `0` or `1`; `meaning` says what 1 does, in the message. */
export function flag(fallback: boolean, meaning: string, doc: Doc): FieldSpec<boolean> {
  return (name) =>
    field(
      (raw, given) => {
        if (raw === '1' || raw === '0') return raw === '1';
        throw new Error(`${name} must be 1 (${meaning}) or 0 (not), got ${quoted(given)}`);
      },
      fallback,
      doc.describe,
      shownOf(doc, fallback ? '1' : '0'),
    )(name);
}

/** An http:// or https:// URL; `fallback` when unset. */
export function httpUrl<F extends string | undefined>(fallback: F, doc: Doc): FieldSpec<string | F> {
  return (name) =>
    field<string | F>(
      (raw, given) => {
        if (/^https?:\/\/\S+$/i.test(raw) && URL.canParse(raw)) return raw;
        throw new Error(`${name} must be an http:// or https:// URL, got ${quoted(given)}`);
      },
      fallback,
      doc.describe,
      shownOf(doc, fallback),
    )(name);
}

/** A host name or an IP address to listen on. */
export function host(fallback: string, doc: Doc): FieldSpec<string> {
  return (name) =>
    field(
      (raw, given) => {
        if (isIP(raw) !== 0 || /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(raw)) return raw;
        throw new Error(`${name} must be a host name or an IP address to listen on (such as 127.0.0.1, 0.0.0.0 or ::), got ${quoted(given)}`);
      },
      fallback,
      doc.describe,
      shownOf(doc, fallback),
    )(name);
}

/**
 * A secret sent in an HTTP header (INDEXER_ADMIN_TOKEN, METRICS_TOKEN, MARKET_DATA_API_KEY): visible ASCII without
 * spaces, since anything else fails only at the first request that sends it. The value is never repeated.
 */
export function headerSecret(doc: Doc): FieldSpec<string | undefined> {
  return (name) =>
    field<string | undefined>(
      (raw) => {
        if (/^[\x21-\x7e]+$/.test(raw)) return raw;
        throw new Error(`${name} must be visible ASCII characters without spaces (it is sent in an HTTP header); the value set is not repeated here`);
      },
      undefined,
      doc.describe,
      shownOf(doc, undefined),
    )(name);
}

/** A comma-separated list of `loopback`, `private`, `none`, addresses and CIDR ranges, kept as written. */
export function addressSet<F extends string | undefined>(fallback: F, doc: Doc): FieldSpec<string | F> {
  return (name) =>
    field<string | F>(
      (raw) => {
        try {
          parseAddressSet(raw);
        } catch (err) {
          throw new Error(`${name}: ${errorMessage(err)} (accepted: loopback, private, none, addresses and CIDR ranges, comma-separated)`, { cause: err });
        }
        return raw;
      },
      fallback,
      doc.describe,
      shownOf(doc, fallback),
    )(name);
}

/** One of a few words (case-insensitive), as the list gives them. */
export function oneOf<const V extends string>(values: readonly V[], fallback: V, doc: Doc): FieldSpec<V> {
  return (name) =>
    field(
      (raw, given) => {
        const value = raw.toLowerCase();
        if ((values as readonly string[]).includes(value)) return value as V;
        throw new Error(`${name} must be one of ${values.join(', ')}, got ${quoted(given)}`);
      },
      fallback,
      doc.describe,
      shownOf(doc, fallback),
    )(name);
}

/** Free text, trimmed (a folder, a user name). */
export function text<F extends string | undefined>(fallback: F, doc: Doc): FieldSpec<string | F> {
  return (name) => field<string | F>((raw) => raw, fallback, doc.describe, shownOf(doc, fallback))(name);
}

/** The fields of a schema, each told its variable's name. */
export type Fields<S extends Record<string, FieldSpec<unknown>>> = { [K in keyof S]: S[K] extends FieldSpec<infer T> ? EnvField<T> : never };

/** Names the fields: `{ PORT: port(4321, …) }` becomes the zod shape whose PORT field's messages say `PORT`. */
export function defineSettings<S extends Record<string, FieldSpec<unknown>>>(specs: S): Fields<S> {
  return Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, spec(name)])) as Fields<S>;
}

/** The levels LOG_LEVEL accepts, most severe first; `silent` writes nothing. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The forms LOG_FORMAT accepts: `json` lines, `pretty` (coloured, for a terminal), or `auto` (pretty on a TTY). */
export const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

const COMPRESSION_ON = ['1', 'on', 'true', 'yes'];
const COMPRESSION_OFF = ['0', 'off', 'false', 'no'];

export { DEFAULT_IPFS_GATEWAY };

/**
 * The settings both servers read alike, defined once: each server's schema takes these fields as they are (the
 * README's table of them says "both servers"; tests/unit/settings-readme.test.ts checks they are the same fields).
 */
export const SHARED_SETTINGS = defineSettings({
  HOST: host('127.0.0.1', { describe: 'Interface the server listens on (`0.0.0.0` or `::` for every interface, as in a container).' }),
  IPFS_GATEWAY: httpUrl(DEFAULT_IPFS_GATEWAY, { describe: 'Gateway for `ipfs://` URIs: NFT metadata (indexer) and images (site).' }),
  HTTP_COMPRESSION: field(
    (raw, given) => {
      const value = raw.toLowerCase();
      if (COMPRESSION_ON.includes(value)) return true;
      if (COMPRESSION_OFF.includes(value)) return false;
      throw new Error(`HTTP_COMPRESSION must be 1 (compress) or 0 (do not; also off, false, no), got ${quoted(given)}`);
    },
    true,
    '`0` (also `off`, `false`, `no`) sends everything uncompressed, for a reverse proxy that compresses itself. Otherwise pages and JSON are compressed with Brotli or gzip as the client accepts (streamed for pages), and the built scripts are sent from their precompressed copies.',
    code(1),
  ),
  INDEXER_ADMIN_TOKEN: headerSecret({
    describe:
      "Shared secret of the indexer's admin routes (logo uploads, admin sessions, failed logins); the site server sends it as a bearer token on all its indexer requests (which exempts it from the rate limits), browsers never see it. Without it the admin routes answer 503. Set the same value on the indexer and every site instance.",
    shown: 'none (random per run with `npm start`)',
  }),
  LOG_LEVEL: oneOf(LOG_LEVELS, 'info', {
    describe: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`: the least severe level written (see [Logs](#logs)). Health probes and scrapes are logged at `debug`.',
  }),
  LOG_FORMAT: oneOf(LOG_FORMATS, 'auto', {
    describe: '`json` (one JSON object a line), `pretty` (readable), or `auto` (pretty when the output is a terminal, JSON lines otherwise).',
  }),
  METRICS_TOKEN: headerSecret({
    describe: 'Bearer token of `GET /metrics` (visible ASCII without spaces): a scrape then needs `Authorization: Bearer {token}`, `401` otherwise. With neither this nor `INDEXER_ADMIN_TOKEN` set, `/metrics` is open. See [Metrics](#metrics).',
    shown: '`INDEXER_ADMIN_TOKEN` when set, else none',
  }),
  SHUTDOWN_TIMEOUT_MS: wholeNumber(100, 600_000, DEFAULT_SHUTDOWN_TIMEOUT_MS, {
    describe:
      'On SIGTERM or SIGINT the server stops accepting connections, closes idle keep-alive connections at once, closes the event streams, and lets the requests in flight finish for at most this many milliseconds (a whole number from 100 to 600000); what is left then is cut, a warning line says how many, and the process still exits 0. The indexer also ends its sync batch, releases the PostgreSQL sync lock (a waiting process takes over at once) and closes its database. A second signal exits at once with code 1.',
  }),
});

/** The settings every process's logger reads (createLogger's default when it is given none). */
const LOGGING_SCHEMA = z.object({ LOG_LEVEL: SHARED_SETTINGS.LOG_LEVEL, LOG_FORMAT: SHARED_SETTINGS.LOG_FORMAT });
export type LoggingSettings = z.output<typeof LOGGING_SCHEMA>;

/** A schema of settings: an object of fields, keyed by the variables' names. */
export type SettingsSchema = z.ZodObject<Record<string, EnvField<unknown>>>;

/** A parse's outcome: the frozen settings, or every problem (one line each, in the order of the schema's fields). */
export type Parsed<T> = { ok: true; settings: Readonly<T> } | { ok: false; problems: string[] };

/** Parses an environment through a schema: the frozen settings, or every problem at once. */
export function parseSettings<S extends z.ZodType<object, Record<string, unknown>>>(schema: S, env: Env): Parsed<z.output<S>> {
  const result = schema.safeParse({ ...env });
  if (result.success) return { ok: true, settings: Object.freeze(result.data) };
  // In the order of the variables (a check across fields names the one it is about), each problem once.
  const order = 'shape' in schema ? Object.keys((schema as unknown as SettingsSchema).shape) : [];
  const position = (path: readonly PropertyKey[]): number => {
    const at = order.indexOf(String(path[0]));
    return at === -1 ? order.length : at;
  };
  const issues = [...result.error.issues].sort((a, b) => position(a.path) - position(b.path));
  return { ok: false, problems: [...new Set(issues.map((issue) => issue.message))] };
}

/** The settings or an Error listing every problem (for code that cannot report and exit itself). */
export function settingsOrThrow<T>(what: string, parsed: Parsed<T>): Readonly<T> {
  if (parsed.ok) return parsed.settings;
  throw new Error(`${what}: the configuration has ${parsed.problems.length === 1 ? 'a problem' : `${parsed.problems.length} problems`}: ${parsed.problems.join('; ')}`);
}

/**
 * LOG_LEVEL and LOG_FORMAT of this process's environment, for a logger made without settings (a test's indexer, a
 * script): read when asked, not kept, so a test's LOG_LEVEL applies to the servers it starts. A bad value throws.
 */
export function loggingFromProcess(): LoggingSettings {
  return settingsOrThrow('logging', parseSettings(LOGGING_SCHEMA, process.env));
}

/** Prints the problems of a refused start, one per line, on standard error. */
export function reportProblems(what: string, problems: readonly string[]): void {
  console.error(`${what}: the configuration has ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}, not starting:`);
  for (const problem of problems) console.error(`  - ${problem}`);
}

/** One row of a README configuration table. */
export interface SettingRow {
  name: string;
  shownDefault: string;
  description: string;
}

/** A schema's rows, in its order: each field's .describe() text and the default the README shows. */
export function settingRows(shape: Readonly<Record<string, z.ZodType>>): SettingRow[] {
  return Object.entries(shape).map(([name, schema]) => {
    const meta = z.globalRegistry.get(schema) as (FieldMeta & { description?: string }) | undefined;
    if (!meta?.description || meta.shownDefault === undefined) throw new Error(`${name}: a setting needs a description and a shown default`);
    return { name, shownDefault: meta.shownDefault, description: meta.description };
  });
}
