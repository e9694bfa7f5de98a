// Readers of the environment variables both processes (site server, indexer) and `npm start` check at start: each
// returns the value or throws an Error whose message names the variable and the accepted forms, and `collect` runs
// several so that every problem is listed at once (a start is refused with all of them, never half-configured).
import { isIP } from 'node:net';
import { parseAddressSet } from './client-address.ts';
import { logFormatFromEnv, logLevelFromEnv } from './log.ts';
import { DEFAULT_SHUTDOWN_TIMEOUT_MS } from './shutdown.ts';
import { errorMessage } from './errors.ts';

/** An environment map (process.env or a test's table row). */
export type Env = Readonly<Record<string, string | undefined>>;

/** A variable's value, trimmed; undefined when unset or blank (blank means "the default", as unset does). */
export function envValue(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/** How a bad value is quoted in a message: as JSON, so spaces and empty parts show. */
function quoted(value: string | undefined): string {
  return JSON.stringify(value ?? '');
}

/** Problems found so far, and the readers' values when they passed. */
export class Problems {
  readonly list: string[] = [];

  /** Runs a reader; its thrown message becomes a problem and the result undefined. */
  read<T>(reader: () => T): T | undefined {
    try {
      return reader();
    } catch (err) {
      this.list.push(errorMessage(err));
      return undefined;
    }
  }
}

/** A port number 0-65535 (INDEXER_PORT, PORT, DEVNET_PORT, INDEXER_METRICS_PORT); fallback when unset. */
export function portFromEnv<F extends number | undefined>(env: Env, name: string, fallback: F): number | F {
  const raw = envValue(env, name);
  if (raw === undefined) return fallback;
  const n = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 0 && n <= 65_535)) throw new Error(`${name} must be a port number (0-65535), got ${quoted(env[name])}`);
  return n;
}

/** A whole number in [min, max]; fallback when unset. */
export function wholeNumberFromEnv(env: Env, name: string, min: number, max: number, fallback: number): number {
  const raw = envValue(env, name);
  if (raw === undefined) return fallback;
  const n = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= min && n <= max)) throw new Error(`${name} must be a whole number from ${min} to ${max}, got ${quoted(env[name])}`);
  return n;
}

/** `0` or `1` (METADATA_ALLOW_PRIVATE, SOLC_DOWNLOAD, ETHERSCAN_API_SEND_RAW); fallback when unset. */
export function flagFromEnv(env: Env, name: string, fallback: boolean, meaning: string): boolean {
  const raw = envValue(env, name);
  if (raw === undefined) return fallback;
  if (raw === '1' || raw === '0') return raw === '1';
  throw new Error(`${name} must be 1 (${meaning}) or 0 (not), got ${quoted(env[name])}`);
}

/** An http:// or https:// URL (the indexer's, the node's, a gateway, the footer's links); undefined when unset. */
export function httpUrlFromEnv(env: Env, name: string): string | undefined {
  const raw = envValue(env, name);
  if (raw === undefined) return undefined;
  if (/^https?:\/\/\S+$/i.test(raw) && URL.canParse(raw)) return raw;
  throw new Error(`${name} must be an http:// or https:// URL, got ${quoted(env[name])}`);
}

/** A host name or IP address to listen on (HOST); fallback when unset. */
export function hostFromEnv(env: Env, name: string, fallback: string): string {
  const raw = envValue(env, name);
  if (raw === undefined) return fallback;
  if (isIP(raw) !== 0 || /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(raw)) return raw;
  throw new Error(`${name} must be a host name or an IP address to listen on (such as 127.0.0.1, 0.0.0.0 or ::), got ${quoted(env[name])}`);
}

/**
 * A secret sent in an HTTP header (INDEXER_ADMIN_TOKEN, METRICS_TOKEN, MARKET_DATA_API_KEY): visible ASCII without
 * spaces, since anything else fails only at the first request that sends it. The value is never repeated.
 */
export function headerSecretFromEnv(env: Env, name: string): string | undefined {
  const raw = envValue(env, name);
  if (raw === undefined) return undefined;
  if (/^[\x21-\x7e]+$/.test(raw)) return raw;
  throw new Error(`${name} must be visible ASCII characters without spaces (it is sent in an HTTP header); the value set is not repeated here`);
}

/** A comma-separated list of `loopback`, `private`, addresses and CIDR ranges (TRUST_PROXY and the indexer's). */
export function addressSetFromEnv(env: Env, name: string): string | undefined {
  const raw = envValue(env, name);
  if (raw === undefined) return undefined;
  try {
    parseAddressSet(raw);
  } catch (err) {
    throw new Error(`${name}: ${errorMessage(err)} (accepted: loopback, private, none, addresses and CIDR ranges, comma-separated)`, { cause: err });
  }
  return raw;
}

const COMPRESSION_VALUES = ['1', 'on', 'true', 'yes', '0', 'off', 'false', 'no'];

/** HTTP_COMPRESSION as common/encoding.ts reads it, with anything it would silently read as "on" refused. */
export function compressionFromEnv(env: Env): boolean {
  const raw = envValue(env, 'HTTP_COMPRESSION');
  if (raw === undefined) return true;
  const value = raw.toLowerCase();
  if (!COMPRESSION_VALUES.includes(value)) throw new Error(`HTTP_COMPRESSION must be 1 (compress) or 0 (do not; also off, false, no), got ${quoted(env['HTTP_COMPRESSION'])}`);
  return COMPRESSION_VALUES.indexOf(value) < 4;
}

/** SHUTDOWN_TIMEOUT_MS: how long requests in flight may finish once a stop is asked (100-600000, default 10000). */
export function shutdownTimeoutFromEnv(env: Env): number {
  return wholeNumberFromEnv(env, 'SHUTDOWN_TIMEOUT_MS', 100, 600_000, DEFAULT_SHUTDOWN_TIMEOUT_MS);
}

/** The variables both servers read alike: the log's level and format, the metrics token, the shutdown bound. */
export function commonServerSettings(env: Env, problems: Problems): { shutdownTimeoutMs: number; metricsToken: string | undefined } {
  problems.read(() => logLevelFromEnv(env));
  problems.read(() => logFormatFromEnv(env));
  const metricsToken = problems.read(() => headerSecretFromEnv(env, 'METRICS_TOKEN'));
  const shutdownTimeoutMs = problems.read(() => shutdownTimeoutFromEnv(env)) ?? DEFAULT_SHUTDOWN_TIMEOUT_MS;
  return { shutdownTimeoutMs, metricsToken };
}

/** The variables commonServerSettings checks, for the test that holds the README's table against the checkers. */
export const COMMON_SERVER_VARIABLES: readonly string[] = ['LOG_LEVEL', 'LOG_FORMAT', 'METRICS_TOKEN', 'SHUTDOWN_TIMEOUT_MS'];

/** Prints the problems of a refused start, one per line, on standard error. */
export function reportProblems(what: string, problems: readonly string[]): void {
  console.error(`${what}: the configuration has ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}, not starting:`);
  for (const problem of problems) console.error(`  - ${problem}`);
}
