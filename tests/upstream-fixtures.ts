import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The chain operator's recorded indexer responses live in the steering repository's shared/ folder, which CI puts
// beside this repository. A clone made elsewhere (a temporary folder, say) finds it beside the repository it was
// cloned from; STO_SHARED_DIR names it explicitly.

const ROOT = fileURLToPath(new URL('../', import.meta.url));

function sharedCandidates(): string[] {
  const found = [process.env['STO_SHARED_DIR'], join(ROOT, '..', 'shared')];
  try {
    const origin = execFileSync('git', ['-C', ROOT, 'config', '--get', 'remote.origin.url'], { encoding: 'utf8' }).trim();
    // Only a local path: a clone of a remote has nothing beside its origin on this machine.
    if (origin !== '' && !/^[\w+.-]+:\/\//.test(origin) && !/^[\w.-]+@/.test(origin)) found.push(join(resolve(ROOT, origin), '..', 'shared'));
  } catch {
    // Not a git checkout.
  }
  return found.filter((dir): dir is string => dir !== undefined && dir !== '');
}

let dir: string | null = null;

/** The folder of the recorded responses (shared/fixtures/upstream-indexer); throws, naming where it looked, when absent. */
export function upstreamFixturesDir(): string {
  if (dir === null) {
    const places = sharedCandidates().map((shared) => join(shared, 'fixtures', 'upstream-indexer'));
    const hit = places.find((place) => existsSync(place));
    if (!hit) throw new Error(`upstream fixtures not found; looked in ${places.join(', ')} (set STO_SHARED_DIR to the shared/ folder)`);
    dir = hit;
  }
  return dir;
}

/** The text of one recorded response. */
export function fixtureText(name: string): string {
  return readFileSync(join(upstreamFixturesDir(), name), 'utf8');
}

/** One recorded response, parsed. */
export function fixtureJson(name: string): unknown {
  return JSON.parse(fixtureText(name)) as unknown;
}
