// The SQLite file of the indexer: opened in WAL mode with the schema migrated (store/sqlite.ts), the migrations
// (store/migrate.ts).
export { listMigrations, MIGRATIONS_DIR, migrateSqlite as migrate, type Migration } from './store/migrate.ts';
export { openDatabase } from './store/sqlite.ts';
