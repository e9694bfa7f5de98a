// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { redirects } from './src/lib/url/redirects.ts';
import { interactionDirective } from './src/lib/client-directives/integration.ts';
import { precompress } from './src/lib/server/build/precompress.ts';
import { reactRuntimeChunk } from './src/lib/server/build/react-runtime.ts';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), interactionDirective(), reactRuntimeChunk(), precompress()],
  redirects,
  vite: {
    plugins: [tailwindcss()],
    // Component scripts are files, never inlined: inline, each is a CSP hash in every page's headers (sent
    // uncompressed) and its text in every page's HTML; as files they load after the first paint (late-scripts.ts),
    // once for all pages. Other assets keep Vite's 4 KB rule.
    build: { assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined) },
  },
  build: { inlineStylesheets: 'always' },
  devToolbar: { enabled: false },
});
