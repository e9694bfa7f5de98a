import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { circles } from '../../scripts/lib-graph.ts';

// The indexer's shape (indexer/README.md, Layout): main.ts and folders only, no import circles, and the API reading
// the sync side only for the type of its state. Imports are read from the source text, as the indexer only uses
// static `import … from` / `export … from` with relative paths, and workers by `new URL('./x.ts', import.meta.url)`.

const ROOT = resolve(import.meta.dirname, '../../indexer/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Each file's imports of other files under ROOT, as paths relative to ROOT. */
function importGraph(): Map<string, string[]> {
  const files = sourceFiles(ROOT);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const specifiers = [
      ...[...text.matchAll(/^\s*(?:import|export)\b[^'";]*?\bfrom\s+'(\.[^']+)'/gms)].map((m) => m[1] as string),
      ...[...text.matchAll(/new URL\(\s*'(\.[^']+)'/g)].map((m) => m[1] as string),
    ];
    const targets = specifiers.map((s) => resolve(dirname(file), s)).filter((p) => files.includes(p));
    graph.set(relative(ROOT, file), [...new Set(targets.map((p) => relative(ROOT, p)))]);
  }
  return graph;
}


describe('indexer layout', () => {
  const graph = importGraph();

  it('reads the imports it checks', () => {
    expect(graph.get('main.ts')).toContain('app/sync-services.ts');
    expect(graph.get('app/sync-services.ts')).toContain('sync/syncer.ts');
    expect(graph.get('store/checkpointer.ts')).toContain('store/checkpoint-worker.ts');
  });

  it('keeps main.ts and folders only at the top of indexer/src', () => {
    const loose = readdirSync(ROOT).filter((name) => !statSync(join(ROOT, name)).isDirectory());
    expect(loose).toEqual(['main.ts']);
  });

  it('has no import circles', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const withCircle = new Map(graph);
    withCircle.set('sync/state.ts', [...(graph.get('sync/state.ts') ?? []), 'sync/syncer.ts']);
    expect(circles(withCircle)).toContainEqual(['sync/state.ts', 'sync/syncer.ts']);
  });

  it('lets the API read the sync side only for the type of its state', () => {
    const fromApi = [...graph].filter(([file]) => file.startsWith('api/')).flatMap(([file, targets]) => targets.filter((t) => t.startsWith('sync/')).map((t) => `${file} -> ${t}`));
    expect(fromApi).toEqual(['api/context.ts -> sync/state.ts']);
    expect(readFileSync(join(ROOT, 'api/context.ts'), 'utf8')).toMatch(/^import type \{ SyncStatus \} from '\.\.\/sync\/state\.ts';$/m);
  });
});
