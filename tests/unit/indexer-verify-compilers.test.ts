import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BUNDLED_COMPILERS,
  CompilerUnavailableError,
  Compilers,
  compareVersionsDesc,
  parseCompilerVersion,
  type CompilerEntry,
  type CompilerOptions,
} from '../../indexer/src/verify/compilers.ts';

const LIST_URL = 'https://solc.example/bin/list.json';
const BUILD_URL = 'https://solc.example/bin/soljson-v0.8.21+commit.d9974bed.js';
const BUILD = 'var Module = typeof Module !== "undefined" ? Module : {}; /* a soljson build */\n';
/** The offline versions of the error messages, newest first. */
const OFFLINE = '0.8.37, 0.8.30, 0.8.20, 0.7.6, 0.6.12, 0.5.17, 0.4.26';

/** A release list as binaries.soliditylang.org serves it (the parts the registry reads). */
const RELEASES = {
  builds: [],
  releases: {
    '0.8.37': 'soljson-v0.8.37+commit.f401782d.js',
    '0.8.30': 'soljson-v0.8.30+commit.73712a01.js',
    '0.8.21': 'soljson-v0.8.21+commit.d9974bed.js',
    '0.8.9': 'soljson-v0.8.9+commit.e5eed63a.js',
    '0.4.25': 'soljson-v0.4.25+commit.59dbf8f1.js',
    '0.4.10': 'soljson-v0.4.10+commit.f0d539ae.js',
  },
  latestRelease: '0.8.37',
};

interface FakeNetwork {
  fetch: typeof fetch;
  /** Every URL asked for, in order. */
  calls: string[];
}

/** A fetch that answers from a table of URLs and refuses everything else, as an offline machine does. */
function network(routes: Record<string, () => Response | Promise<Response>>): FakeNetwork {
  const calls: string[] = [];
  const fake = async (input: string | URL | Request): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push(url);
    const route = routes[url];
    if (!route) throw new TypeError('fetch failed');
    return route();
  };
  return { fetch: fake, calls };
}

const listRoute = () => Response.json(RELEASES);
const buildRoute = () => new Response(BUILD);

let cacheDir: string;

beforeEach(() => {
  cacheDir = join(mkdtempSync(join(tmpdir(), 'sto-compilers-')), 'compilers');
});

afterEach(() => {
  vi.useRealTimers();
  rmSync(join(cacheDir, '..'), { recursive: true, force: true });
});

function registry(net: FakeNetwork, opts: Partial<CompilerOptions> = {}): Compilers {
  return new Compilers({ cacheDir, download: true, listUrl: LIST_URL, timeoutMs: 5000, fetch: net.fetch, ...opts });
}

/** Puts a build in the cache folder as an earlier download would have. */
function cache(longVersion: string): string {
  mkdirSync(cacheDir, { recursive: true });
  const path = join(cacheDir, `soljson-v${longVersion}.js`);
  writeFileSync(path, BUILD);
  return path;
}

/** The CompilerUnavailableError a resolution fails with. */
async function unavailable(compilers: Compilers, version: string): Promise<CompilerUnavailableError> {
  const err: unknown = await compilers.resolve(version).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof CompilerUnavailableError)) throw new Error(`expected CompilerUnavailableError, got ${String(err)}`);
  return err;
}

describe('parseCompilerVersion', () => {
  it.each([
    ['v0.8.30+commit.73712a01', { version: '0.8.30', commit: '73712a01' }],
    ['0.8.30', { version: '0.8.30', commit: null }],
    ['v0.8.30', { version: '0.8.30', commit: null }],
    ['0.8.30+commit.73712a01.Emscripten.clang', { version: '0.8.30', commit: '73712a01' }],
    ['v0.8.30+commit.73712a01.Linux.gcc', { version: '0.8.30', commit: '73712a01' }],
    ['V0.4.26+COMMIT.4563C3FC', { version: '0.4.26', commit: '4563c3fc' }],
    ['  0.5.17\n', { version: '0.5.17', commit: null }],
    ['', null],
    ['latest', null],
    ['0.8', null],
    ['v0.8.x', null],
    ['0.8.30+commit.73712a0', null],
    ['0.8.30+commit.zzzzzzzz', null],
    ['v0.8.31-nightly.2025.1.1+commit.abcdef12', null],
    ['solc 0.8.30', null],
  ])('%j → %j', (raw, parsed) => {
    expect(parseCompilerVersion(raw)).toEqual(parsed);
  });
});

describe('compareVersionsDesc', () => {
  it.each([
    ['0.8.30', '0.8.20', -1],
    ['0.8.20', '0.8.30', 1],
    ['0.8.9', '0.8.10', 1],
    ['0.10.0', '0.9.99', -1],
    ['1.0.0', '0.8.37', -1],
    ['0.8.30', '0.8.30', 0],
    ['0.8.30+commit.73712a01', '0.8.30', 0],
  ])('%s against %s', (a, b, sign) => {
    expect(Math.sign(compareVersionsDesc(a, b))).toBe(sign);
  });

  it('sorts newest first', () => {
    const versions = ['0.4.26', '0.8.9', '0.8.30+commit.73712a01', '0.10.1', '0.8.10', '0.5.17'];
    expect(versions.sort(compareVersionsDesc)).toEqual(['0.10.1', '0.8.30+commit.73712a01', '0.8.10', '0.8.9', '0.5.17', '0.4.26']);
  });
});

describe('Compilers.resolve', () => {
  it.each(BUNDLED_COMPILERS.flatMap((c) => [[`v${c.longVersion}`, c], [c.longVersion.split('+')[0] as string, c]] as const))(
    '%s resolves to its bundled package without fetching',
    async (raw, { longVersion, packageName }) => {
      const net = network({});
      await expect(registry(net, { download: false }).resolve(raw)).resolves.toEqual({
        version: longVersion.split('+')[0],
        longVersion,
        source: { kind: 'package', name: packageName },
      });
      expect(net.calls).toEqual([]);
    },
  );

  it.each([
    ['a version that is not bundled', '0.8.21', `Compiler version 0.8.21 is not available offline and could not be downloaded: downloads are turned off (SOLC_DOWNLOAD=0). Versions available offline: ${OFFLINE}.`],
    ['a bundled version with another commit', 'v0.8.30+commit.deadbeef', `Compiler version 0.8.30+commit.deadbeef is not available offline and could not be downloaded: downloads are turned off (SOLC_DOWNLOAD=0). Versions available offline: ${OFFLINE}.`],
    ['an invalid version', 'latest', 'Invalid compiler version: latest'],
  ])('with downloads turned off, %s is unavailable (400) without fetching', async (_, raw, message) => {
    const net = network({ [LIST_URL]: listRoute, [BUILD_URL]: buildRoute });
    const err = await unavailable(registry(net, { download: false }), raw);
    expect(err.status).toBe(400);
    expect(err.message).toBe(message);
    expect(net.calls).toEqual([]);
  });

  it('downloads a release once for concurrent resolutions, caches it, then resolves it offline', async () => {
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The build answers only once both resolutions are waiting for it.
    const net = network({ [LIST_URL]: listRoute, [BUILD_URL]: async () => {
        await held;
        return buildRoute();
      },
    });
    const compilers = registry(net);
    const both = Promise.all([compilers.resolve('0.8.21'), compilers.resolve('v0.8.21+commit.d9974bed')]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    const path = join(cacheDir, 'soljson-v0.8.21+commit.d9974bed.js');
    const expected = { version: '0.8.21', longVersion: '0.8.21+commit.d9974bed', source: { kind: 'file', path } };
    expect(await both).toEqual([expected, expected]);
    expect(net.calls.filter((url) => url === BUILD_URL)).toHaveLength(1);
    expect(readFileSync(path, 'utf8')).toBe(BUILD);
    expect(JSON.parse(readFileSync(join(cacheDir, 'package.json'), 'utf8'))).toEqual({ type: 'commonjs' });
    expect(readdirSync(cacheDir).sort()).toEqual(['package.json', 'soljson-v0.8.21+commit.d9974bed.js']);

    const calls = net.calls.length;
    expect(await compilers.resolve('0.8.21')).toEqual(expected);
    expect(net.calls).toHaveLength(calls);
    // Another registry on the same folder, offline, finds it too.
    const offline = network({});
    expect(await registry(offline, { download: false }).resolve('v0.8.21+commit.d9974bed')).toEqual(expected);
    expect(offline.calls).toEqual([]);
  });

  it('resolves a cached build offline and writes the package.json the build needs', async () => {
    const path = cache('0.8.21+commit.d9974bed');
    const net = network({});
    expect(await registry(net, { download: false }).resolve('0.8.21')).toEqual({ version: '0.8.21', longVersion: '0.8.21+commit.d9974bed', source: { kind: 'file', path } });
    expect(JSON.parse(readFileSync(join(cacheDir, 'package.json'), 'utf8'))).toEqual({ type: 'commonjs' });
    expect(net.calls).toEqual([]);
  });

  it.each<[string, () => Response | Promise<Response>, string]>([
    ['an HTTP error', () => new Response('busy', { status: 503 }), 'the release list answered HTTP 503'],
    ['a list without releases', () => Response.json({ builds: [] }), 'the release list has no releases'],
    ['a body that is not JSON', () => new Response('<html>'), 'Unexpected token'],
  ])('a release list failure (%s) is not retried within a minute', async (_, route, reason) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-01T12:00:00Z'));
    const net = network({ [LIST_URL]: route, [BUILD_URL]: buildRoute });
    const compilers = registry(net);
    const first = await unavailable(compilers, '0.8.21');
    expect(first.status).toBe(400);
    expect(first.message).toContain('Compiler version 0.8.21 is not available offline and could not be downloaded: the release list could not be read (');
    expect(first.message).toContain(reason);
    expect(first.message).toContain(`Versions available offline: ${OFFLINE}.`);
    expect(net.calls).toEqual([LIST_URL]);

    vi.setSystemTime(new Date('2025-06-01T12:00:59Z'));
    expect((await unavailable(compilers, '0.8.21')).message).toBe(first.message);
    expect((await compilers.listAll()).reason).toContain(reason);
    expect(net.calls).toEqual([LIST_URL]);

    vi.setSystemTime(new Date('2025-06-01T12:01:01Z'));
    await unavailable(compilers, '0.8.21');
    expect(net.calls).toEqual([LIST_URL, LIST_URL]);
  });

  it('an unreachable release list names the network error', async () => {
    const err = await unavailable(registry(network({})), '0.8.21');
    expect(err.message).toBe(
      `Compiler version 0.8.21 is not available offline and could not be downloaded: the release list could not be read (fetch failed). Versions available offline: ${OFFLINE}.`,
    );
  });

  it.each([
    ['a version that is not in the list', '0.8.99'],
    ['a version with a commit that does not match', 'v0.8.21+commit.deadbeef'],
    ['a bundled version with a commit that does not match', 'v0.8.30+commit.deadbeef'],
  ])('%s is not a solc release (400) and nothing is downloaded', async (_, raw) => {
    const net = network({ [LIST_URL]: listRoute, [BUILD_URL]: buildRoute });
    const err = await unavailable(registry(net), raw);
    expect(err.status).toBe(400);
    expect(err.message).toBe(`Compiler version ${raw} is not a solc release. Versions available offline: ${OFFLINE}.`);
    expect(net.calls).toEqual([LIST_URL]);
    expect(existsSync(cacheDir)).toBe(false);
  });

  it.each<[string, () => Response, string]>([
    ['an HTTP error', () => new Response('gone', { status: 404 }), 'soljson-v0.8.21+commit.d9974bed.js answered HTTP 404'],
    ['a file that is not a build', () => new Response('<html>not here</html>'), 'soljson-v0.8.21+commit.d9974bed.js is not a solc-js build'],
  ])('a failed download (%s) is unavailable, caches nothing, and is tried again', async (_, route, reason) => {
    const net = network({ [LIST_URL]: listRoute, [BUILD_URL]: route });
    const compilers = registry(net);
    const err = await unavailable(compilers, '0.8.21');
    expect(err.message).toBe(`Compiler version 0.8.21 is not available offline and could not be downloaded: ${reason}. Versions available offline: ${OFFLINE}.`);
    expect(existsSync(cacheDir)).toBe(false);
    await unavailable(compilers, '0.8.21');
    expect(net.calls).toEqual([LIST_URL, BUILD_URL, BUILD_URL]);
  });

  it('names cached versions among the offline ones', async () => {
    cache('0.8.21+commit.d9974bed');
    const err = await unavailable(registry(network({}), { download: false }), '0.8.22');
    expect(err.message).toBe(
      'Compiler version 0.8.22 is not available offline and could not be downloaded: downloads are turned off (SOLC_DOWNLOAD=0). Versions available offline: 0.8.37, 0.8.30, 0.8.21, 0.8.20, 0.7.6, 0.6.12, 0.5.17, 0.4.26.',
    );
  });
});

describe('Compilers.listAll', () => {
  const bundled: CompilerEntry[] = BUNDLED_COMPILERS.map((c) => ({ version: `v${c.longVersion}`, offline: true, origin: 'bundled' }));
  // Cached builds older than every bundled one, so that they come after them however offline entries are ordered.
  const cached: CompilerEntry[] = [
    { version: 'v0.4.25+commit.59dbf8f1', offline: true, origin: 'cached' },
    { version: 'v0.4.24+commit.e67f0147', offline: true, origin: 'cached' },
  ];

  beforeEach(() => {
    cache('0.4.24+commit.e67f0147');
    cache('0.4.25+commit.59dbf8f1');
    // A cached copy of a bundled version is listed once, as bundled; other files are not builds.
    cache('0.8.30+commit.73712a01');
    writeFileSync(join(cacheDir, 'soljson-v0.8.22+commit.4fc1097e.js.part'), '');
    writeFileSync(join(cacheDir, 'package.json'), '{ "type": "commonjs" }\n');
  });

  it('lists offline compilers (bundled newest first, then cached) before the remote releases, newest first', async () => {
    const net = network({ [LIST_URL]: listRoute });
    expect(await registry(net).listAll()).toEqual({
      compilers: [
        ...bundled,
        ...cached,
        { version: 'v0.8.21+commit.d9974bed', offline: false, origin: 'remote' },
        { version: 'v0.8.9+commit.e5eed63a', offline: false, origin: 'remote' },
        { version: 'v0.4.10+commit.f0d539ae', offline: false, origin: 'remote' },
      ],
      releaseList: 'available',
      reason: null,
    });
    expect(net.calls).toEqual([LIST_URL]);
  });

  it.each<[string, Partial<CompilerOptions>, Record<string, () => Response>, string]>([
    ['downloads are turned off', { download: false }, { [LIST_URL]: listRoute }, 'downloads are turned off (SOLC_DOWNLOAD=0)'],
    ['the list cannot be fetched', {}, {}, 'the release list could not be read (fetch failed)'],
    ['the list answers an HTTP error', {}, { [LIST_URL]: () => new Response('', { status: 500 }) }, 'the release list could not be read (the release list answered HTTP 500)'],
  ])('lists the offline compilers only, with the reason, when %s', async (_, opts, routes, reason) => {
    expect(await registry(network(routes), opts).listAll()).toEqual({ compilers: [...bundled, ...cached], releaseList: 'unavailable', reason });
  });

  it('reads the release list once an hour', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-01T12:00:00Z'));
    const net = network({ [LIST_URL]: listRoute, [BUILD_URL]: buildRoute });
    const compilers = registry(net);
    await compilers.listAll();
    await compilers.resolve('0.8.21');
    vi.setSystemTime(new Date('2025-06-01T12:59:59Z'));
    await compilers.listAll();
    expect(net.calls).toEqual([LIST_URL, BUILD_URL]);
    vi.setSystemTime(new Date('2025-06-01T13:00:01Z'));
    await compilers.listAll();
    expect(net.calls).toEqual([LIST_URL, BUILD_URL, LIST_URL]);
  });
});
