// The token logo limits of the spec (at most 204800 bytes), in a module without imports so the website's
// browser code (the admin panel's check before upload) and the indexer's validation share the one value.

/** Largest logo accepted, in bytes. */
export const MAX_LOGO_BYTES = 204_800;
