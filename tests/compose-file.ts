// compose.yaml as Compose reads it, for the tests that check it and start its processes where no container runtime
// runs (tests/unit/deploy-files.test.ts, tests/e2e/compose.spec.ts): YAML with merge keys (`<<:`), then every string
// interpolated from an environment as the Compose Specification says (`${VAR}`, `${VAR:-default}`, `${VAR-default}`,
// `${VAR:?error}`, `${VAR?error}`, `$$` for a dollar sign).
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/** One service of the file, the parts the tests read. */
export interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string> | string[];
  depends_on?: Record<string, { condition?: string }> | string[];
  healthcheck?: { test?: string[] | string };
  ports?: string[];
  volumes?: string[];
  restart?: string;
  [key: string]: unknown;
}

/** The whole file after interpolation. */
export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
  [key: string]: unknown;
}

const VARIABLE = /\$(?:\$|\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])((?:[^{}]|\{[^{}]*\})*))?\}|([A-Za-z_][A-Za-z0-9_]*))/g;

/** Interpolates one value; throws the file's own message when a required variable (`:?`, `?`) is missing. */
export function interpolate(text: string, env: Record<string, string | undefined>): string {
  return text.replace(VARIABLE, (match, braced: string | undefined, op: string | undefined, arg: string | undefined, bare: string | undefined) => {
    if (match === '$$') return '$';
    const name = braced ?? bare ?? '';
    const value = env[name];
    const unsetOrEmpty = value === undefined || value === '';
    switch (op) {
      case ':-':
        return unsetOrEmpty ? interpolate(arg ?? '', env) : value;
      case '-':
        return value === undefined ? interpolate(arg ?? '', env) : value;
      case ':?':
      case '?':
        if (op === ':?' ? unsetOrEmpty : value === undefined) throw new Error(`${name}: ${arg ?? 'required'}`);
        return value ?? '';
      default:
        return value ?? '';
    }
  });
}

/** The names of the variables a text interpolates (what the operator's environment may or must set). */
export function interpolatedNames(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].map((m) => m[1] ?? m[4]).filter((n): n is string => n !== undefined))];
}

function interpolateAll(value: unknown, env: Record<string, string | undefined>): unknown {
  if (typeof value === 'string') return interpolate(value, env);
  if (Array.isArray(value)) return value.map((v) => interpolateAll(v, env));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolateAll(v, env)]));
  }
  return value;
}

/** Reads and interpolates a compose file (merge keys resolved); numbers and booleans stay as YAML typed them. */
export function readComposeFile(path: string, env: Record<string, string | undefined>): ComposeFile {
  const raw: unknown = parse(readFileSync(path, 'utf8'), { merge: true });
  const doc = interpolateAll(raw, env);
  if (doc === null || typeof doc !== 'object' || !('services' in doc)) throw new Error(`${path}: no services`);
  return doc as ComposeFile;
}

/** A service's environment as a map (the list form `NAME=value` included). */
export function serviceEnvironment(service: ComposeService): Record<string, string> {
  const env = service.environment;
  if (env === undefined) return {};
  if (Array.isArray(env)) {
    return Object.fromEntries(env.map((item) => {
      const at = item.indexOf('=');
      return at < 0 ? [item, ''] : [item.slice(0, at), item.slice(at + 1)];
    }));
  }
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v)]));
}
