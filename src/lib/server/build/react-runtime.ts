import type { AstroIntegration } from 'astro';

// Build step: React's runtime in the browser is one chunk, shared by every island: react, react-dom's
// client, its scheduler, the JSX runtime and Astro's React renderer. Its name carries a content hash (the site server
// sends /_astro/ files as immutable) and the precompress step writes its .br and .gz. A page without an island never
// names it, and one with islands fetches it once, after the first paint (Astro hydrates on the islands' directives).

/** The modules of React's browser runtime, by their path under node_modules. */
export const REACT_RUNTIME_MODULES = /[\\/]node_modules[\\/](?:react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/;

/** The chunk's name (/_astro/react-runtime.{hash}.js). */
export const REACT_RUNTIME_CHUNK = 'react-runtime';

/** Puts React's browser runtime into one chunk of the client build. */
export function reactRuntimeChunk(): AstroIntegration {
  return {
    name: 'sto:react-runtime-chunk',
    hooks: {
      // The client environment's own output options (the server build keeps its default chunks).
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: { environments: { client: { build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: REACT_RUNTIME_CHUNK, test: REACT_RUNTIME_MODULES }] } } } } } } },
        });
      },
    },
  };
}
