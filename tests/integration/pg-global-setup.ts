// Global setup of the `integration-postgres` project: one throw-away PostgreSQL cluster for the whole run (each test
// file makes its own databases on it), stopped and deleted afterwards.
import type { TestProject } from 'vitest/node';
import { startPostgres } from '../indexer-testing/postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres:// URL of the throw-away cluster's maintenance database. */
    pgUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres();
  project.provide('pgUrl', server.url);
  return () => server.stop();
}
