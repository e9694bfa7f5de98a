// Temporary folders of one test file (databases, data dirs), made on demand and removed together when it ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A maker of folders named `{prefix}…` under the system's temporary folder, and their removal. */
export function tempDirs(prefix: string): { make: () => string; removeAll: () => void } {
  const dirs: string[] = [];
  return {
    make: () => {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
    removeAll: () => {
      for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
    },
  };
}
