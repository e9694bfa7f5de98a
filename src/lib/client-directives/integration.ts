import type { AstroIntegration } from 'astro';

/** Registers `client:interaction`, which hydrates an island on its first focus or input. */
export function interactionDirective(): AstroIntegration {
  return {
    name: 'client-interaction-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: new URL('./interaction.ts', import.meta.url).pathname });
      },
    },
  };
}
