// @ts-check
// ESLint flat config for `npm run lint` (`astro sync && eslint --max-warnings 0 .`).
// Recommended rule sets only, no formatting rules. TypeScript is linted with type
// information (typescript-eslint's project service reads tsconfig.json, which includes
// .astro/types.d.ts: hence `astro sync` first, or `astro:*` imports would type as any);
// .astro files and their <script> blocks are linted without it (see below).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import reactPackage from 'react/package.json' with { type: 'json' };
import tseslint from 'typescript-eslint';

/** eslint-plugin-react types its flat configs as a Record, so each lookup may be undefined. */
const reactConfig = (/** @type {string} */ name) => {
  const config = react.configs.flat[name];
  if (!config) throw new Error(`eslint-plugin-react has no flat config "${name}"`);
  return config;
};

/**
 * The site's modules that run in the browser: every island (src/islands), every processed `<script>` of an .astro
 * file (one without attributes other than src, which Astro bundles for the browser), the client directive's entry,
 * and everything those import, statically or with import(). It is worked out from the sources each time ESLint
 * starts, so a module becomes browser code (and falls under the rule below) the moment an island or a script
 * imports it, wherever it sits; a list kept by hand would miss the next one.
 */
function browserModules() {
  const root = import.meta.dirname;
  /** @type {(dir: string) => string[]} */
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? walk(path) : [path];
    });
  const sources = walk(join(root, 'src'));
  const specifiers = /\b(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;
  const importsOf = (/** @type {string} */ file, /** @type {string} */ text) =>
    [...text.matchAll(specifiers)].map((match) => resolve(dirname(file), match[1] ?? match[2] ?? ''));
  /** @type {string[]} */
  const entries = [join(root, 'src/lib/client-directives/interaction.ts')];
  for (const file of sources) {
    if (file.startsWith(join(root, 'src/islands/'))) entries.push(file);
    if (!file.endsWith('.astro')) continue;
    for (const script of readFileSync(file, 'utf8').matchAll(/<script(\s+src=[^>]*)?>([\s\S]*?)<\/script>/g)) {
      entries.push(...importsOf(file, script[2] ?? ''));
    }
  }
  /** @type {Set<string>} */
  const seen = new Set();
  const visit = (/** @type {string} */ file) => {
    if (seen.has(file) || !file.startsWith(join(root, 'src/')) || !sources.includes(file)) return;
    seen.add(file);
    for (const next of importsOf(file, readFileSync(file, 'utf8'))) visit(next);
  };
  entries.forEach(visit);
  return [...seen].map((file) => relative(root, file)).sort();
}

/**
 * The site (src/) and the indexer (indexer/) are two programs that share code only through common/: neither imports
 * the other's files, and common/ imports neither. Relative paths cannot say this by their text (from indexer/index.ts
 * '../src/' is the site, from indexer/src/main.ts '../src/' would be the indexer's own src/), so the rule resolves
 * each import.
 */
/** @type {import('eslint').Rule.RuleModule} */
const boundaries = {
  meta: { type: 'problem', schema: [], messages: { crossing: '{{from}} may not import {{to}} ({{target}}): what both sides use belongs in common/.' } },
  create(context) {
    const root = import.meta.dirname;
    const part = (/** @type {string} */ file) => {
      const path = relative(root, file);
      return path.startsWith('src/') ? 'src/' : path.startsWith('indexer/') ? 'indexer/' : path.startsWith('common/') ? 'common/' : null;
    };
    const from = part(context.filename);
    /** @type {(node: { source?: import('estree').Node | null | undefined }) => void} */
    const check = (node) => {
      const source = node.source;
      const spec = source?.type === 'Literal' ? source.value : null;
      if (from === null || source == null || typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = resolve(dirname(context.filename), spec);
      const to = part(target);
      const forbidden = from === 'common/' ? to === 'src/' || to === 'indexer/' : to !== null && to !== from && to !== 'common/';
      if (forbidden) context.report({ node: source, messageId: 'crossing', data: { from, to: to ?? '', target: relative(root, target) } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/**
 * React files allowed to use dangerouslySetInnerHTML (the `react/no-danger` rule above): none. Keep it empty unless a
 * file's HTML is built by the site from its own constants; chain data never goes through raw HTML.
 * @type {string[]}
 */
const DANGEROUS_HTML_ALLOWED = [];

export default defineConfig([
  globalIgnores(
    ['dist/', 'node_modules/', 'data/', '.astro/', 'test-results/', 'playwright-report/', 'scratch/'],
    'sto/ignores',
  ),

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    name: 'sto/typescript',
    languageOptions: {
      globals: globals.node,
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // A leading underscore marks a parameter as deliberately unused (callbacks that must
      // match a signature), as tsconfig's noUnusedParameters already accepts.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },

  // Sets astro-eslint-parser for .astro files and browser globals for their <script> blocks.
  astro.configs.recommended,
  {
    // astro-eslint-parser can only type-check .astro files by writing temporary .tsx
    // copies next to them; `astro check` already type-checks them, so lint them untyped.
    name: 'sto/astro-untyped',
    files: ['**/*.astro', '**/*.astro/*.ts', '**/*.astro/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },

  {
    name: 'sto/tests',
    files: ['tests/**'],
    rules: {
      // Test doubles implement async interfaces (`async getBlocks() { return [...]; }`); an async
      // body without await is the plain way to answer a promise and turn a throw into a rejection.
      '@typescript-eslint/require-await': 'off',
    },
  },

  {
    name: 'sto/react',
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactConfig('recommended'), reactConfig('jsx-runtime'), reactHooks.configs.flat.recommended],
    // eslint-plugin-react's `version: 'detect'` calls context.getFilename(), which ESLint 10
    // removed, so pass the installed version.
    settings: { react: { version: reactPackage.version } },
    rules: {
      // Props are typed by TypeScript; runtime propTypes are not used.
      'react/prop-types': 'off',
      // Chain data (token names, NFT metadata, sources) is written by strangers: React escapes what it renders, and
      // nothing in the site's React code bypasses that (see DANGEROUS_HTML_ALLOWED for the one place that may).
      'react/no-danger': 'error',
    },
  },
  // The allow-list of raw HTML in React code (a config block only when it names files: ESLint refuses an empty list).
  ...(DANGEROUS_HTML_ALLOWED.length > 0 ? [{ name: 'sto/react-raw-html-allowed', files: DANGEROUS_HTML_ALLOWED, rules: { 'react/no-danger': /** @type {const} */ ('off') } }] : []),

  {
    name: 'sto/boundaries',
    files: ['src/**', 'indexer/**', 'common/**'],
    plugins: { sto: { rules: { boundaries } } },
    rules: { 'sto/boundaries': 'error' },
  },

  {
    // Server-only code (secrets, the environment, node: modules, the server's caches) lives in src/lib/server/. A
    // browser module that imported it would put it in a client bundle, or fail there at run time, so browser code
    // (the islands, the .astro files' <script>s and every module they reach, see browserModules) may not import it.
    name: 'sto/browser-not-server',
    files: ['src/islands/**', 'src/**/*.astro/*.ts', 'src/**/*.astro/*.js', ...browserModules()],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Imports are relative (no path aliases), so any path through a folder named server/ is src/lib/server/.
              regex: '^\\.{1,2}/(.*/)?server/',
              message: 'Browser code (islands, component scripts and the modules they import) must not import server-only code from src/lib/server/.',
            },
            {
              regex: '^node:',
              message: 'Browser code (islands, component scripts and the modules they import) must not import Node built-ins.',
            },
          ],
        },
      ],
    },
  },
]);
