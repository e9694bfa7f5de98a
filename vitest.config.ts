/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Through Astro's Vite config, so tests can render .astro components with the container API.
export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 180_000,
    // Integration tests start their own anvil and indexer; two cores do not take many at once.
    maxWorkers: 2,
  },
});
