import { mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HttpError } from '../http/router.ts';
import { errorMessage } from '../../../common/errors.ts';

// Which solc versions can compile here: a set bundled as exact npm aliases (offline), versions downloaded earlier
// (cached under DATA_DIR/compilers), and, when the network allows, any release of the official list.

/** A compiler the worker can load: an npm package, or a soljson file on disk. */
export type CompilerSource = { kind: 'package'; name: string } | { kind: 'file'; path: string };

/** A resolved compiler. */
export interface ResolvedCompiler {
  /** '0.8.30' */
  version: string;
  /** '0.8.30+commit.73712a01' */
  longVersion: string;
  source: CompilerSource;
}

/** One entry of GET /contracts/compilers. */
export interface CompilerEntry {
  /** 'v0.8.30+commit.73712a01', the form Etherscan and the release list use. */
  version: string;
  /** Can be used without a download. */
  offline: boolean;
  /** 'bundled' with the indexer, 'cached' from an earlier download, or 'remote' (downloaded on first use). */
  origin: 'bundled' | 'cached' | 'remote';
}

/** Versions bundled as npm aliases (package.json), newest first; the devnet compiles with 0.8.30. */
export const BUNDLED_COMPILERS: readonly { longVersion: string; packageName: string }[] = [
  { longVersion: '0.8.37+commit.f401782d', packageName: 'solc-0.8.37' },
  { longVersion: '0.8.30+commit.73712a01', packageName: 'solc' },
  { longVersion: '0.8.20+commit.a1b79de6', packageName: 'solc-0.8.20' },
  { longVersion: '0.7.6+commit.7338295f', packageName: 'solc-0.7.6' },
  { longVersion: '0.6.12+commit.27d51765', packageName: 'solc-0.6.12' },
  { longVersion: '0.5.17+commit.d19bba13', packageName: 'solc-0.5.17' },
  { longVersion: '0.4.26+commit.4563c3fc', packageName: 'solc-0.4.26' },
];

/** Official list of solc-js builds and where the builds live. */
export const DEFAULT_COMPILER_LIST_URL = 'https://binaries.soliditylang.org/bin/list.json';

/** A compiler version that cannot be had here: a 4xx answer naming the version and what is available. */
export class CompilerUnavailableError extends HttpError {
  constructor(message: string) {
    super(400, message);
    this.name = 'CompilerUnavailableError';
  }
}

/** A parsed compiler version: '0.8.30', with the commit when one was given. */
export interface ParsedVersion {
  version: string;
  commit: string | null;
}

/** Reads 'v0.8.30+commit.73712a01', '0.8.30', 'v0.8.30' or solc's own '0.8.30+commit.73712a01.Emscripten.clang'. */
export function parseCompilerVersion(raw: string): ParsedVersion | null {
  const m = /^v?(\d{1,2}\.\d{1,2}\.\d{1,3})(?:\+commit\.([0-9a-f]{8}))?(?:\.[\w.]+)?$/i.exec(raw.trim());
  return m ? { version: m[1] as string, commit: m[2]?.toLowerCase() ?? null } : null;
}

/** Orders versions newest first. */
export function compareVersionsDesc(a: string, b: string): number {
  const pa = a.split(/[.+]/).slice(0, 3).map(Number);
  const pb = b.split(/[.+]/).slice(0, 3).map(Number);
  for (let i = 0; i < 3; i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pb[i] ?? 0) - (pa[i] ?? 0);
  return 0;
}

/** Options of the compiler registry. */
export interface CompilerOptions {
  /** Folder for downloaded compilers (DATA_DIR/compilers). */
  cacheDir: string;
  /** Whether releases may be downloaded (SOLC_DOWNLOAD=0 turns it off). */
  download: boolean;
  /** The release list (SOLC_LIST_URL); builds are fetched from the same folder. */
  listUrl: string;
  /** Time limit of each download. */
  timeoutMs: number;
  fetch?: typeof fetch;
}

interface ReleaseList {
  /** '0.8.21' → 'soljson-v0.8.21+commit.d9974bed.js' */
  releases: Record<string, string>;
}

const LIST_TTL_MS = 60 * 60 * 1000;
/** How long GET /contracts/compilers waits for the release list. */
const LIST_WAIT_MS = 2_000;

/** Resolves compiler versions to something the worker can load, downloading and caching releases when allowed. */
export class Compilers {
  private readonly opts: CompilerOptions;
  private list: { at: number; value: ReleaseList } | null = null;
  private listFailure: { at: number; reason: string } | null = null;
  private readonly downloads = new Map<string, Promise<string>>();

  constructor(opts: CompilerOptions) {
    this.opts = opts;
  }

  /** Long versions of the compilers downloaded earlier. */
  private cached(): Map<string, string> {
    const found = new Map<string, string>();
    try {
      for (const file of readdirSync(this.opts.cacheDir)) {
        const m = /^soljson-v(\d+\.\d+\.\d+\+commit\.[0-9a-f]{8})\.js$/.exec(file);
        if (m) found.set(m[1] as string, join(this.opts.cacheDir, file));
      }
    } catch {
      // No cache folder yet.
    }
    return found;
  }

  /** The versions that work offline, as a sentence for error messages. */
  offlineSummary(): string {
    const versions = [...BUNDLED_COMPILERS.map((c) => c.longVersion.split('+')[0] as string), ...[...this.cached().keys()].map((v) => v.split('+')[0] as string)];
    return [...new Set(versions)].sort(compareVersionsDesc).join(', ');
  }

  /** The official release list, cached for an hour; throws a readable reason when it cannot be read. */
  private async releases(): Promise<ReleaseList> {
    const now = Date.now();
    if (this.list && now - this.list.at < LIST_TTL_MS) return this.list.value;
    if (!this.opts.download) throw new Error('downloads are turned off (SOLC_DOWNLOAD=0)');
    // A recent failure is not retried at once: offline machines answer quickly instead of waiting each time.
    if (this.listFailure && now - this.listFailure.at < 60_000) throw new Error(this.listFailure.reason);
    try {
      const res = await (this.opts.fetch ?? fetch)(this.opts.listUrl, { signal: AbortSignal.timeout(this.opts.timeoutMs) });
      if (!res.ok) throw new Error(`the release list answered HTTP ${res.status}`);
      const body = (await res.json()) as { releases?: unknown };
      if (typeof body.releases !== 'object' || body.releases === null) throw new Error('the release list has no releases');
      const value = { releases: body.releases as Record<string, string> };
      this.list = { at: now, value };
      this.listFailure = null;
      return value;
    } catch (err) {
      const reason = `the release list could not be read (${errorMessage(err)})`;
      this.listFailure = { at: now, reason };
      throw new Error(reason, { cause: err });
    }
  }

  /** Downloads one build into the cache (once, however many ask at the same time). */
  private download(file: string): Promise<string> {
    let pending = this.downloads.get(file);
    if (!pending) {
      pending = (async () => {
        const url = new URL(file, this.opts.listUrl).toString();
        const res = await (this.opts.fetch ?? fetch)(url, { signal: AbortSignal.timeout(this.opts.timeoutMs * 4) });
        if (!res.ok) throw new Error(`${file} answered HTTP ${res.status}`);
        const text = await res.text();
        if (!text.includes('Module')) throw new Error(`${file} is not a solc-js build`);
        mkdirSync(this.opts.cacheDir, { recursive: true });
        // soljson builds are CommonJS; a data folder inside a "type": "module" package would load them as ES modules.
        writeFileSync(join(this.opts.cacheDir, 'package.json'), '{ "type": "commonjs" }\n');
        const target = join(this.opts.cacheDir, file);
        writeFileSync(`${target}.part`, text);
        renameSync(`${target}.part`, target);
        return target;
      })().finally(() => this.downloads.delete(file));
      this.downloads.set(file, pending);
    }
    return pending;
  }

  /** Finds the compiler for a version string; throws CompilerUnavailableError (400) when it cannot be had. */
  async resolve(raw: string): Promise<ResolvedCompiler> {
    const parsed = parseCompilerVersion(raw);
    if (!parsed) throw new CompilerUnavailableError(`Invalid compiler version: ${raw.slice(0, 60)}`);
    const fits = (longVersion: string) =>
      longVersion.split('+')[0] === parsed.version && (parsed.commit === null || longVersion.endsWith(parsed.commit));
    const bundled = BUNDLED_COMPILERS.find((c) => fits(c.longVersion));
    if (bundled) return { version: parsed.version, longVersion: bundled.longVersion, source: { kind: 'package', name: bundled.packageName } };
    for (const [longVersion, path] of this.cached()) {
      if (fits(longVersion)) {
        writeFileSync(join(this.opts.cacheDir, 'package.json'), '{ "type": "commonjs" }\n');
        return { version: parsed.version, longVersion, source: { kind: 'file', path } };
      }
    }
    try {
      const list = await this.releases();
      const file = list.releases[parsed.version];
      const longVersion = file ? /^soljson-v(.+)\.js$/.exec(file)?.[1] : undefined;
      if (!file || !longVersion || !fits(longVersion)) {
        throw new CompilerUnavailableError(`Compiler version ${raw} is not a solc release. Versions available offline: ${this.offlineSummary()}.`);
      }
      const path = await this.download(file);
      return { version: parsed.version, longVersion, source: { kind: 'file', path } };
    } catch (err) {
      if (err instanceof CompilerUnavailableError) throw err;
      const reason = errorMessage(err);
      throw new CompilerUnavailableError(
        `Compiler version ${parsed.commit ? `${parsed.version}+commit.${parsed.commit}` : parsed.version} is not available offline and could not be downloaded: ${reason}. Versions available offline: ${this.offlineSummary()}.`,
      );
    }
  }

  /** Every compiler: the offline ones first (newest first), then the official releases when the list can be read. */
  async listAll(): Promise<{ compilers: CompilerEntry[]; releaseList: 'available' | 'unavailable'; reason: string | null }> {
    const entries = new Map<string, CompilerEntry>();
    for (const c of BUNDLED_COMPILERS) entries.set(c.longVersion, { version: `v${c.longVersion}`, offline: true, origin: 'bundled' });
    for (const longVersion of this.cached().keys()) {
      if (!entries.has(longVersion)) entries.set(longVersion, { version: `v${longVersion}`, offline: true, origin: 'cached' });
    }
    const offline = [...entries.values()].sort((a, b) => compareVersionsDesc(a.version.slice(1), b.version.slice(1)));
    try {
      // A slow release list does not hold the form up: after 2 s the offline list answers, and the list keeps loading
      // for the next request.
      const list = await Promise.race([
        this.releases(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the release list did not answer within 2 s')), LIST_WAIT_MS).unref()),
      ]);
      const remote = Object.values(list.releases)
        .map((file) => /^soljson-v(\d+\.\d+\.\d+\+commit\.[0-9a-f]{8})\.js$/.exec(file)?.[1])
        .filter((v): v is string => v !== undefined && !entries.has(v))
        .sort(compareVersionsDesc)
        .map((v): CompilerEntry => ({ version: `v${v}`, offline: false, origin: 'remote' }));
      return { compilers: [...offline, ...remote], releaseList: 'available', reason: null };
    } catch (err) {
      return { compilers: offline, releaseList: 'unavailable', reason: errorMessage(err) };
    }
  }
}
