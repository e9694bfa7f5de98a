import type { AstroIntegration } from 'astro';

/**
 * Registers the site's own directives: `client:interaction`, which hydrates an island on its first focus or input, and
 * `client:news`, which hydrates it when the page's store has news for it.
 */
export function interactionDirective(): AstroIntegration {
  return {
    name: 'client-interaction-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: new URL('./interaction.ts', import.meta.url).pathname });
        addClientDirective({ name: 'news', entrypoint: new URL('./news.ts', import.meta.url).pathname });
      },
    },
  };
}
