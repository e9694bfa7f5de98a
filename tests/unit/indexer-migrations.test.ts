import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { listMigrations, migrateSqlite as migrate, MIGRATIONS_DIR } from '../../indexer/src/store/migrate.ts';
import { openDatabase } from '../../indexer/src/store/sqlite.ts';

describe('schema migrations', () => {
  it('applies the repository migrations in order and records them', () => {
    const db = openDatabase(':memory:');
    const rows = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
    expect(rows.map((r) => r['version'])).toEqual(listMigrations().map((m) => m.version));
    expect(rows[0]).toEqual({ version: 1, name: 'init' });
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'token_balances'").get()).toEqual({ n: 1 });
  });

  it('applies only what is new, in version order, and is idempotent', () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    writeFileSync(join(dir, '002_second.sql'), 'CREATE TABLE b (x INTEGER); INSERT INTO b VALUES ((SELECT count(*) FROM a));');
    writeFileSync(join(dir, '001_first.sql'), 'CREATE TABLE a (x INTEGER);');
    writeFileSync(join(dir, 'notes.txt'), 'not a migration');
    const db = new DatabaseSync(':memory:');
    expect(migrate(db, dir)).toEqual([1, 2]);
    expect(migrate(db, dir)).toEqual([]);
    writeFileSync(join(dir, '003_third.sql'), 'CREATE TABLE c (x INTEGER);');
    expect(migrate(db, dir)).toEqual([3]);
  });

  it('rolls back a failing migration without recording it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    writeFileSync(join(dir, '001_bad.sql'), 'CREATE TABLE a (x INTEGER); THIS IS NOT SQL;');
    const db = new DatabaseSync(':memory:');
    expect(() => migrate(db, dir)).toThrow();
    expect(db.prepare('SELECT count(*) AS n FROM schema_migrations').get()).toEqual({ n: 0 });
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'a'").get()).toEqual({ n: 0 });
  });

  it('backfills address_transactions for a database indexed before migration 002', () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    copyFileSync(join(MIGRATIONS_DIR, '001_init.sql'), join(dir, '001_init.sql'));
    const db = new DatabaseSync(':memory:');
    migrate(db, dir);
    const insert = db.prepare(
      `INSERT INTO transactions (id, hash, block_number, tx_index, block_hash, timestamp, from_addr, to_addr, contract_address, value,
         gas_limit, gas_used, cumulative_gas_used, input, nonce, status) VALUES (?, ?, 1, ?, '0xb', 0, ?, ?, ?, '0', '0', '0', '0', '0x', 0, 1)`,
    );
    insert.run(1_000_000, '0x1', 0, '0xa', '0xb', null);
    insert.run(1_000_001, '0x2', 1, '0xa', null, '0xc');
    insert.run(1_000_002, '0x3', 2, '0xa', '0xa', null);
    // 002 and every later migration apply on top of 001.
    expect(migrate(db)).toEqual(listMigrations().map((m) => m.version).filter((v) => v >= 2));
    expect(db.prepare('SELECT address, tx_id FROM address_transactions ORDER BY address, tx_id').all().map((r) => [r['address'], r['tx_id']])).toEqual([
      ['0xa', 1_000_000],
      ['0xa', 1_000_001],
      ['0xa', 1_000_002],
      ['0xb', 1_000_000],
      ['0xc', 1_000_001],
    ]);
  });
});
