// @ts-check
// ESLint flat config for `npm run lint` (`astro sync && eslint --max-warnings 0 .`).
// Recommended rule sets only, no formatting rules. TypeScript is linted with type
// information (typescript-eslint's project service reads tsconfig.json, which includes
// .astro/types.d.ts: hence `astro sync` first, or `astro:*` imports would type as any);
// .astro files and their <script> blocks are linted without it (see below).
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
    },
  },
]);
