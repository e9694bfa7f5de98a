import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { circles, fileGraph, folderGraph, folderOf, importsOutside, LIB } from '../../scripts/lib-graph.ts';

// The site's src/lib in floors (README.md, Architecture): folders only, each folder on one floor, a folder importing
// only folders of its own floor or of a lower one, and no import circles, neither between files nor between folders.
// Imports are read from the source text (static `import … from` / `export … from`, types included, and `import()`),
// by scripts/lib-graph.ts, which prints the same graph.

/** The floors, lowest first. */
const FLOORS: readonly (readonly string[])[] = [
  // The shapes: entities, endpoint answers, statuses.
  ['model'],
  // Reading answers into the shapes, display texts, URLs, the page document.
  ['normalize', 'format', 'url', 'page'],
  // The HTTP client of the indexer's API.
  ['indexer-api'],
  // The domains and the live parts.
  ['address', 'admin', 'ai', 'approvals', 'blocks', 'charts', 'client-directives', 'contracts', 'export', 'gastracker', 'home', 'nfts', 'search', 'stores', 'tokens', 'transactions'],
  // Server-only code.
  ['server'],
];

const floorOf = (folder: string): number => FLOORS.findIndex((floor) => floor.includes(folder));

/** The imports that go up a floor, as "file -> target". */
function upward(files: Map<string, string[]>): string[] {
  return [...files].flatMap(([file, targets]) =>
    targets.filter((t) => floorOf(folderOf(t)) > floorOf(folderOf(file))).map((t) => `${file} -> ${t}`),
  );
}

describe('src/lib layout', () => {
  const files = fileGraph();
  const folders = folderGraph(files);

  it('reads the imports it checks', () => {
    expect(files.get('server/indexer-client.ts')).toContain('indexer-api/client.ts');
    expect(files.get('model/wire.ts')).toContain('model/types.ts');
    // import() counts: the home store loads the home page's reads when it needs them.
    expect(files.get('home/store.ts')).toContain('indexer-api/feed-source.ts');
    expect(folders.get('server')).toContain('indexer-api');
  });

  it('keeps only folders at the top of src/lib', () => {
    const loose = readdirSync(LIB).filter((name) => !statSync(join(LIB, name)).isDirectory());
    expect(loose).toEqual([]);
  });

  it('puts every folder on one floor', () => {
    const placed = FLOORS.flat();
    expect(new Set(placed).size).toBe(placed.length);
    expect([...folders.keys()].filter((folder) => floorOf(folder) < 0)).toEqual([]);
  });

  it('never imports up a floor', () => {
    expect(upward(files)).toEqual([]);
  });

  it('has no import circles between files', () => {
    expect(circles(files)).toEqual([]);
  });

  it('has no import circles between folders', () => {
    expect(circles(folders)).toEqual([]);
  });

  it('imports nothing of the site outside src/lib (only common/)', () => {
    expect(importsOutside().filter((line) => !/ -> (\.\.\/)+common\//.test(line))).toEqual([]);
  });

  it('finds a circle and an upward import when there is one', () => {
    const withCircle = new Map(files);
    withCircle.set('model/types.ts', [...(files.get('model/types.ts') ?? []), 'model/wire.ts']);
    expect(circles(withCircle)).toContainEqual(['model/types.ts', 'model/wire.ts']);
    const upwards = new Map(files);
    upwards.set('format/index.ts', [...(files.get('format/index.ts') ?? []), 'tokens/prices.ts']);
    expect(upward(upwards)).toContain('format/index.ts -> tokens/prices.ts');
    // The synthetic import closes a circle through format and tokens; which other folders it passes through depends on
    // the real graph (tokens draws with charts, which may read format), so only its two ends are asserted.
    expect(circles(folderGraph(upwards)).some((circle) => circle.includes('format') && circle.includes('tokens'))).toBe(true);
  });
});
