import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { inlinedStylesheet, prunePage } from '../critical-css.ts';
import { createScriptClassIndex } from '../css/page-classes.ts';
import { createPruner } from '../css/prune.ts';
import { ISLAND_RUNTIME, scriptsAfterPaint } from '../late-scripts.ts';
import { compressBodySync, MIN_COMPRESS_BYTES, type Encoding } from '../../../../common/encoding.ts';

// Build step: every compressible file the browser downloads (scripts, styles, SVG, prerendered HTML, JSON) is written
// beside itself as .br and .gz at the highest effort, once, so the site's server sends them precompressed.

/** Extensions of the files that are compressed. */
const PRECOMPRESSED_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.map']);

const ENCODINGS: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes the .br and .gz of every compressible file under `dir` (skipping small ones and those that do not shrink). */
export function precompressDirectory(dir: string): { files: number; bytes: number; brotliBytes: number } {
  let count = 0;
  let bytes = 0;
  let brotliBytes = 0;
  for (const path of files(dir)) {
    if (!PRECOMPRESSED_EXTENSIONS.has(extname(path))) continue;
    const size = statSync(path).size;
    if (size < MIN_COMPRESS_BYTES) continue;
    const body = readFileSync(path);
    for (const [encoding, suffix] of Object.entries(ENCODINGS) as [Encoding, string][]) {
      const packed = compressBodySync(body, encoding, 'static');
      if (packed.length >= body.length) continue;
      writeFileSync(path + suffix, packed);
      if (encoding === 'br') brotliBytes += packed.length;
    }
    count++;
    bytes += size;
  }
  return { files: count, bytes, brotliBytes };
}

/**
 * Prerendered pages are finished as rendered pages are (src/lib/server/page-css.ts): their own part of the site's
 * stylesheet, module scripts and the island runtime after the first paint; the whole stylesheet they name is written
 * under its immutable name.
 */
function prunePrerendered(dir: string): { pages: number; stylesheet: string | null } {
  const htmlFiles = [...files(dir)].filter((path) => extname(path) === '.html');
  let pruner = null;
  for (const path of htmlFiles) {
    const full = inlinedStylesheet(readFileSync(path, 'utf8'));
    if (full !== null) {
      pruner = createPruner(full);
      break;
    }
  }
  if (!pruner) return { pages: 0, stylesheet: null };
  const scripts = createScriptClassIndex(dir, pruner.known);
  writeFileSync(join(dir, pruner.fullPath), pruner.full);
  for (const path of htmlFiles) writeFileSync(path, scriptsAfterPaint(prunePage(readFileSync(path, 'utf8'), pruner, scripts)));
  return { pages: htmlFiles.length, stylesheet: pruner.fullPath };
}

/**
 * The integration, after the build: writes the island runtime's file, prunes the prerendered pages' CSS, then
 * precompresses the client output.
 */
export function precompress(): AstroIntegration {
  return {
    name: 'precompress',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        // dir is the client output directory of a server build. The island runtime's file first: the pages name it.
        writeFileSync(join(fileURLToPath(dir), ISLAND_RUNTIME.path), ISLAND_RUNTIME.source);
        const pruned = prunePrerendered(fileURLToPath(dir));
        if (pruned.stylesheet) logger.info(`${pruned.pages} prerendered pages carry their own CSS; the whole stylesheet is ${pruned.stylesheet}`);
        const { files: n, bytes, brotliBytes } = precompressDirectory(fileURLToPath(dir));
        logger.info(`precompressed ${n} files: ${bytes} B → ${brotliBytes} B with Brotli`);
      },
    },
  };
}
