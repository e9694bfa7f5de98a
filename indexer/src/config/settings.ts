// The indexer's settings: the variables it reads, as one zod schema (common/settings.ts builds the fields;
// the ones the site server reads too come from SHARED_SETTINGS), parsed once at start by the CLI (indexer/index.ts)
// and by `npm start` (scripts/start.ts, scripts/stack.ts) before anything is opened or listens. Every bad value is
// reported with its name and the accepted forms, all of them at once. The README's configuration tables are written
// from this schema (npm run settings:table) and checked against it (tests/unit/settings-readme.test.ts).
import { z } from 'zod';
import { errorMessage } from '../../../common/errors.ts';
import { defineSettings, field, flag, httpUrl, parseSettings, port, SHARED_SETTINGS, addressSet, text, wholeNumber, type Env, type Parsed } from '../../../common/settings.ts';
import { BUILT_IN_STO_USD } from '../api/etherscan/stats.ts';
import { DEFAULT_STREAM_LIMITS } from '../api/stream/limits.ts';
import type { IndexerOptions } from '../app/options.ts';
import { DEFAULT_RATE_LIMITS, type RateClass, type RateRule } from '../http/rate-limit.ts';
import { parseRateRule } from '../http/rate-limit-config.ts';

/** Default node of the CLI: the devnet's usual address. */
export const DEFAULT_RPC_URL = 'http://127.0.0.1:8545';

/** A rate rule (`{count}/{period}[,{burst}]`, or `off`: null); `fallback` is the class's default rule. */
function rateRule(fallback: RateRule, shown: string, describe: string) {
  return (name: string) =>
    field<RateRule | null>(
      (_raw, given) => {
        try {
          return parseRateRule(given);
        } catch (err) {
          throw new Error(`${name}: ${errorMessage(err)}`, { cause: err });
        }
      },
      fallback,
      describe,
      `\`${shown}\``,
    )(name);
}

/** A whole number of at least 1 (the event stream's limits). */
function atLeastOne(fallback: number, describe: string) {
  return (name: string) =>
    field(
      (raw) => {
        const n = Number(raw);
        if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1, got ${raw}`);
        return n;
      },
      fallback,
      describe,
      `\`${fallback}\``,
    )(name);
}

/** A price as stats/ethprice answers it: a plain decimal (no sign, no exponent), kept as its text. */
function price(fallback: string, describe: string) {
  return (name: string) =>
    field(
      (raw) => {
        if (!/^\d{1,20}(\.\d{1,18})?$/.test(raw)) throw new Error(`${name} must be a plain decimal such as 0.1 or 2.75, got ${raw}`);
        return raw;
      },
      fallback,
      describe,
      `\`${fallback}\``,
    )(name);
}

const { HOST, IPFS_GATEWAY, HTTP_COMPRESSION, INDEXER_ADMIN_TOKEN, LOG_LEVEL, LOG_FORMAT, METRICS_TOKEN, SHUTDOWN_TIMEOUT_MS } = SHARED_SETTINGS;

/** The indexer's variables, in the order their problems are listed. */
export const INDEXER_SETTINGS_SCHEMA = z.object({
  ...defineSettings({
    RPC_URL: httpUrl(DEFAULT_RPC_URL, { describe: 'JSON-RPC endpoint of the node to index.' }),
    DATA_DIR: text('./data', { describe: "Folder of the indexer's SQLite database (and of downloaded compilers on either backend)." }),
    DATABASE_URL: field<string | undefined>(
      (raw) => {
        // Not repeated: the URL may hold a password.
        if (/^postgres(ql)?:\/\/\S+$/.test(raw)) return raw;
        throw new Error('DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:port/database); leave it unset for SQLite');
      },
      undefined,
      '`postgres://user:password@host:port/database`: the indexer keeps its data in PostgreSQL instead of SQLite (see [PostgreSQL](#postgresql)).',
      'none (SQLite)',
    ),
    PG_POOL_SIZE: wholeNumber(2, 1000, 10, { describe: 'Most connections one indexer process opens to PostgreSQL (a whole number from 2 to 1000).' }),
    INDEXER_ROLE: field<'all' | 'api'>(
      (raw, given) => {
        if (raw === 'all' || raw === 'api') return raw;
        throw new Error(`INDEXER_ROLE must be all (sync and serve) or api (serve only), got ${JSON.stringify(given)}`);
      },
      'all',
      '`all` syncs and serves (on PostgreSQL only one process syncs at a time, the others serve and wait to take over); `api` only serves, from a database another process syncs.',
      '`all`',
    ),
    INDEXER_PORT: port(3300, { describe: "Port of the indexer's API (0: any free port)." }),
  }),
  HOST,
  IPFS_GATEWAY,
  ...defineSettings({
    METADATA_ALLOW_PRIVATE: flag(false, 'NFT metadata downloads may reach private addresses', {
      describe:
        '`1` lets NFT metadata downloads reach loopback, private, link-local and cloud metadata-service addresses (needed for metadata or an `IPFS_GATEWAY` on this machine or the local network). Otherwise every hop, redirects included, is refused when its host resolves to such an address.',
    }),
    SOLC_DOWNLOAD: flag(true, 'the verifier may download compilers', {
      describe: '`0` stops the verifier from downloading compilers that are not bundled; only the bundled and cached ones are used.',
    }),
    SOLC_LIST_URL: httpUrl(undefined, {
      describe: 'Release list (`list.json`) of solc-js builds; builds are fetched from the same folder and cached in `DATA_DIR/compilers`.',
      shown: 'official solc-js release list',
    }),
    VERIFY_WORKERS: wholeNumber(1, 64, 1, { describe: 'Compiler threads of the verifier (1-64; each compiles one job at a time; more waiting than 16 are refused with 503).' }),
    VERIFY_TIMEOUT_MS: wholeNumber(1000, 3_600_000, 120_000, { describe: 'Time limit of one compilation (1000-3600000 ms); the thread is ended and the request answered 422 past it.' }),
  }),
  HTTP_COMPRESSION,
  INDEXER_ADMIN_TOKEN,
  ...defineSettings({
    INDEXER_RATE_LIMIT: rateRule(
      DEFAULT_RATE_LIMITS.general,
      '50/s,100',
      'Requests per client address to the indexer, as a token bucket: `{count}/{period}[,{burst}]` (periods `s`, `m`, `h`, e.g. `10s`; the burst defaults to the count). Past it the indexer answers `429` with `Retry-After` (seconds) and `{"error": "Too many requests: Rate limit exceeded"}`. `off` (or `0`) turns every limit off. IPv6 clients are counted per /64. See [Rate limits](#rate-limits).',
    ),
    INDEXER_RATE_LIMIT_SEARCH: rateRule(DEFAULT_RATE_LIMITS.search, '5/s,20', 'Stricter limit of `GET /search`, spent besides the general one; `off` turns it off.'),
    INDEXER_RATE_LIMIT_RPC: rateRule(DEFAULT_RATE_LIMITS.rpc, '10/s,20', 'Stricter limit of `POST /proxy/rpc` and `POST /contracts/{a}/interact` (both call the node); `off` turns it off.'),
    INDEXER_RATE_LIMIT_VERIFY: rateRule(
      DEFAULT_RATE_LIMITS.verify,
      '1/10s,5',
      'Stricter limit of verification submissions (`POST /contracts/verify`, Etherscan `action=verifysourcecode`; status polls are not counted here); `off` turns it off.',
    ),
    INDEXER_RATE_LIMIT_API: rateRule(
      DEFAULT_RATE_LIMITS.api,
      '5/s,10',
      "Limit of the Etherscan-compatible API (`/api`, every action but `verifysourcecode`), as Etherscan's free tier; a refused call gets Etherscan's answer (HTTP 200, `Max rate limit reached, please use API Key for higher rate limit`) with `Retry-After`; `off` turns it off.",
    ),
    INDEXER_RATE_LIMIT_EXEMPT: addressSet('loopback', {
      describe:
        "Client addresses never limited: `loopback`, `private`, addresses and CIDR ranges, comma-separated; `none` for nobody. Requests with `INDEXER_ADMIN_TOKEN` as their bearer token (the site server's) are never limited either.",
    }),
    INDEXER_TRUST_PROXY: addressSet(undefined, {
      describe:
        "`loopback`, `private`, or addresses and CIDR ranges: the indexer sits behind a load balancer or proxy there, and the client address (for the rate limits and the stream limits) is the last entry of `X-Forwarded-For`. The indexer's own setting, apart from the site's `TRUST_PROXY`.",
    }),
    ETHERSCAN_API_SEND_RAW: flag(false, "the Etherscan API's proxy module broadcasts signed transactions", {
      describe:
        "`1` lets the Etherscan-compatible API's `module=proxy&action=eth_sendRawTransaction` broadcast signed transactions through the indexer's node. Otherwise the API is read-only and that action is refused in Etherscan's envelope (`status` `0`, a message naming this variable).",
    }),
    INDEXER_TRACE_INTERNAL: field(
      (raw) => {
        if (raw === '1' || raw === '0') return raw === '1';
        throw new Error(`INDEXER_TRACE_INTERNAL must be 1 (trace internal transactions behind the sync) or 0 (do not), got ${raw}`);
      },
      true,
      "`1`: once the sync has caught up, the syncing process traces the indexed blocks behind it (`debug_traceBlockByHash` with the call tracer, never during a catch-up) and keeps an index of internal transactions by address, so the address page's Internal Transactions tab and the Etherscan API's `txlistinternal&address=` find internal transfers inside transactions the address is not party to. `0` turns it off: by address only the address's own transactions are traced, per request. A node without the call tracer stops it with one log line.",
      '`1`',
    ),
    STO_PRICE_USD: price(
      BUILT_IN_STO_USD,
      "The STO price in US dollars that the Etherscan-compatible API's `stats/ethprice` answers (the indexer has no price feed; the default is the site's built-in price). A plain decimal such as `0.1` or `2.75`.",
    ),
    STO_PRICE_BTC: price('0', 'The STO price in bitcoin for `stats/ethprice` (`0`: unknown). A plain decimal, as `STO_PRICE_USD`.'),
    INDEXER_MAX_STREAMS_PER_CLIENT: atLeastOne(
      DEFAULT_STREAM_LIMITS.maxPerClient,
      'Most live event streams (`GET /events`) one client address may hold open (counted as the rate limits count clients: `INDEXER_TRUST_PROXY`; exempt clients are not counted). Past it: `429 {"error": "Too many open event streams from this address"}`. A whole number of at least 1.',
    ),
    INDEXER_MAX_STREAMS: atLeastOne(
      DEFAULT_STREAM_LIMITS.maxTotal,
      'Most live event streams open in all, per indexer process. Past it: `503 {"error": "The event stream is at capacity, try again later"}` with `Retry-After`. A whole number of at least 1.',
    ),
    INDEXER_METRICS_PORT: port(undefined, {
      describe: "A port number (0-65535): the indexer serves `/metrics` on this port (same `HOST`) instead of the API's port, which then answers `404` for it. The token rule is the same on either port.",
    }),
    PROGRESS: flag(false, 'draw the catch-up progress bar on standard error even when it is not a terminal', {
      describe: '`1` draws the catch-up progress bar on standard error even when it is not a terminal (it is drawn on a terminal anyway).',
    }),
  }),
  LOG_LEVEL,
  LOG_FORMAT,
  METRICS_TOKEN,
  SHUTDOWN_TIMEOUT_MS,
});

/** The indexer's settings: each variable's value, typed, its default where unset. */
export type IndexerSettings = z.output<typeof INDEXER_SETTINGS_SCHEMA>;

/** The variables the indexer reads. */
export const INDEXER_VARIABLES: readonly string[] = Object.keys(INDEXER_SETTINGS_SCHEMA.shape);

/** Parses an environment (process.env at start, a test's map) into the indexer's settings, or every problem. */
export function parseIndexerSettings(env: Env): Parsed<IndexerSettings> {
  return parseSettings(INDEXER_SETTINGS_SCHEMA, env);
}

/** startIndexer's options as the settings give them, the drain bound always set. */
export type IndexerStartOptions = IndexerOptions & { shutdownTimeoutMs: number };

const RATE_CLASSES: readonly [RateClass, keyof IndexerSettings][] = [
  ['general', 'INDEXER_RATE_LIMIT'],
  ['search', 'INDEXER_RATE_LIMIT_SEARCH'],
  ['rpc', 'INDEXER_RATE_LIMIT_RPC'],
  ['verify', 'INDEXER_RATE_LIMIT_VERIFY'],
  ['api', 'INDEXER_RATE_LIMIT_API'],
];

/** The options startIndexer takes, from the settings. */
export function indexerOptions(s: IndexerSettings): IndexerStartOptions {
  const limits = Object.fromEntries(RATE_CLASSES.map(([cls, name]) => [cls, s[name] as RateRule | null]));
  return {
    rpcUrl: s.RPC_URL,
    dataDir: s.DATA_DIR,
    ...(s.DATABASE_URL !== undefined ? { databaseUrl: s.DATABASE_URL, poolSize: s.PG_POOL_SIZE } : {}),
    role: s.INDEXER_ROLE,
    port: s.INDEXER_PORT,
    host: s.HOST,
    ipfsGateway: s.IPFS_GATEWAY,
    metadataAllowPrivate: s.METADATA_ALLOW_PRIVATE,
    ...(s.INDEXER_ADMIN_TOKEN !== undefined ? { adminToken: s.INDEXER_ADMIN_TOKEN } : {}),
    compression: s.HTTP_COMPRESSION,
    rateLimit:
      s.INDEXER_RATE_LIMIT === null
        ? false
        : { limits, exempt: s.INDEXER_RATE_LIMIT_EXEMPT, ...(s.INDEXER_TRUST_PROXY !== undefined ? { trustProxy: s.INDEXER_TRUST_PROXY } : {}) },
    etherscanSendRaw: s.ETHERSCAN_API_SEND_RAW,
    stoPrice: { usd: s.STO_PRICE_USD, btc: s.STO_PRICE_BTC },
    traceInternal: s.INDEXER_TRACE_INTERNAL,
    streams: { maxPerClient: s.INDEXER_MAX_STREAMS_PER_CLIENT, maxTotal: s.INDEXER_MAX_STREAMS },
    verify: {
      download: s.SOLC_DOWNLOAD,
      ...(s.SOLC_LIST_URL !== undefined ? { listUrl: s.SOLC_LIST_URL } : {}),
      workers: s.VERIFY_WORKERS,
      compileTimeoutMs: s.VERIFY_TIMEOUT_MS,
    },
    ...(s.METRICS_TOKEN !== undefined || s.INDEXER_METRICS_PORT !== undefined
      ? { metrics: { ...(s.METRICS_TOKEN !== undefined ? { token: s.METRICS_TOKEN } : {}), ...(s.INDEXER_METRICS_PORT !== undefined ? { port: s.INDEXER_METRICS_PORT } : {}) } }
      : {}),
    ...(s.PROGRESS ? { progress: true } : {}),
    shutdownTimeoutMs: s.SHUTDOWN_TIMEOUT_MS,
  };
}

/** The settings' options, or every problem found (one line each). */
export type IndexerConfig = { options: IndexerStartOptions; settings: IndexerSettings } | { problems: string[] };

/** Parses an environment and maps it to startIndexer's options: what the CLI and `npm start` run with. */
export function indexerConfigFromEnv(env: Env): IndexerConfig {
  const parsed = parseIndexerSettings(env);
  return parsed.ok ? { options: indexerOptions(parsed.settings), settings: parsed.settings } : { problems: parsed.problems };
}

/**
 * This process's environment through the schema, read when called (the CLI once at start; `npm start`'s stack when it
 * starts its indexer, after filling in the admin token it shares with the site).
 */
export function indexerConfigFromProcess(): IndexerConfig {
  return indexerConfigFromEnv(process.env);
}
