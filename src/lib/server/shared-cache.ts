import { createTtlCache, type TtlCache } from '../indexer-api/ttl-cache.ts';

/** The cache the server shares between page requests. */
export const serverCache: TtlCache = createTtlCache();
