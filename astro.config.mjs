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
  vite: { plugins: [tailwindcss()] },
  build: { inlineStylesheets: 'always' },
  devToolbar: { enabled: false },
});
