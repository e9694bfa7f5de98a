declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first focus, pointer press or key press inside the island. */
    'client:interaction'?: boolean;
    /** Hydrate when the page's store has news for the island of this name (src/lib/stores/news.ts). */
    'client:news'?: string;
  }
}
declare global {
  namespace App {
    interface Locals {
      /**
       * The visitor's theme as the render cache read it for the page's key (src/middleware.ts): the layout renders
       * this one, so a kept page always has the theme its key names. Unset for requests the cache does not see.
       */
      theme?: import('./lib/page/theme.ts').ThemePreference;
    }
  }
}
export {};
