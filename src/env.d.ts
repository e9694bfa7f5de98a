declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first focus, pointer press or key press inside the island. */
    'client:interaction'?: boolean;
  }
}
export {};
