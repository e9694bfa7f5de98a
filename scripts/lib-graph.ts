// `node scripts/lib-graph.ts [--loose] [--files]`: prints the import graph of the site's src/lib, folder by folder (the
// loose files at the top of src/lib count as one unit, "(root)", or with --loose each as its own unit), with the pairs of folders that import each other, the
// strongly connected components of more than one folder, and the file-level import circles. With --files, each
// file's imports too. tests/unit/lib-layout.test.ts checks the same graph (floors, no circles); this prints it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const LIB = resolve(import.meta.dirname, '../src/lib');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(path) ? [path] : [];
  });
}

/** Static `import … from` / `export … from` (types included) and `import('…')`, relative paths only. */
const SPECIFIERS = /^\s*(?:import|export)\b[^'";]*?\bfrom\s+'(\.[^']+)'|^\s*import\s+'(\.[^']+)'|\bimport\(\s*'(\.[^']+)'\s*\)/gms;

/** Each file's imports of other files under src/lib, as paths relative to src/lib. */
export function fileGraph(): Map<string, string[]> {
  const files = sourceFiles(LIB);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const specifiers = [...text.matchAll(SPECIFIERS)].map((m) => (m[1] ?? m[2] ?? m[3]) as string);
    const targets = specifiers.map((s) => resolve(dirname(file), s)).filter((p) => files.includes(p));
    graph.set(relative(LIB, file), [...new Set(targets.map((p) => relative(LIB, p)))].sort());
  }
  return graph;
}

/** Each file's imports of files outside src/lib (in src/, not node_modules), as paths relative to src/lib. */
export function importsOutside(): string[] {
  const out: string[] = [];
  for (const file of sourceFiles(LIB)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(SPECIFIERS)) {
      const target = resolve(dirname(file), (m[1] ?? m[2] ?? m[3]) as string);
      if (!target.startsWith(LIB + '/')) out.push(`${relative(LIB, file)} -> ${relative(LIB, target)}`);
    }
  }
  return out;
}

/** The top-level folder of a path relative to src/lib, or "(root)" for a loose file (or the file, looseAsOwn). */
export function folderOf(path: string, looseAsOwn = false): string {
  return path.includes('/') ? (path.split('/')[0] as string) : looseAsOwn ? path : '(root)';
}

/** The folder graph: an edge a -> b when some file in a imports some file in b (a ≠ b). */
export function folderGraph(files: Map<string, string[]>, looseAsOwn = false): Map<string, string[]> {
  const graph = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    const from = folderOf(file, looseAsOwn);
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const t of targets) if (folderOf(t, looseAsOwn) !== from) edges.add(folderOf(t, looseAsOwn));
  }
  return new Map([...graph].map(([k, v]) => [k, [...v].sort()]));
}

/** Strongly connected components of more than one node, or a node with an edge to itself (Tarjan). */
export function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop() as string;
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** The pairs of nodes with an edge each way, as "a <-> b". */
export function mutualPairs(graph: Map<string, string[]>): string[] {
  const pairs: string[] = [];
  for (const [a, targets] of graph) for (const b of targets) if (a < b && graph.get(b)?.includes(a)) pairs.push(`${a} <-> ${b}`);
  return pairs.sort();
}

if (import.meta.main) {
  const files = fileGraph();
  const folders = folderGraph(files, process.argv.includes('--loose'));
  console.log('Folder graph of src/lib (a -> folders it imports):');
  for (const [folder, targets] of [...folders].sort()) console.log(`  ${folder} -> ${targets.join(', ') || '(nothing)'}`);
  const pairs = mutualPairs(folders);
  console.log(`\nFolder pairs importing each other: ${pairs.length}`);
  for (const p of pairs) console.log(`  ${p}`);
  const sccs = circles(folders);
  console.log(`\nFolder SCCs of more than one folder: ${sccs.length}`);
  for (const c of sccs) console.log(`  [${c.length}] ${c.join(', ')}`);
  const fileCircles = circles(files);
  console.log(`\nFile-level circles (SCCs): ${fileCircles.length}, files in them: ${fileCircles.flat().length}`);
  for (const c of fileCircles) console.log(`  [${c.length}] ${c.join(', ')}`);
  const outside = importsOutside();
  console.log(`\nImports from src/lib of files outside it: ${outside.length}`);
  for (const o of outside) console.log(`  ${o}`);
  if (process.argv.includes('--files')) {
    console.log('\nFile graph:');
    for (const [file, targets] of [...files].sort()) console.log(`  ${file} -> ${targets.join(', ')}`);
  }
}
