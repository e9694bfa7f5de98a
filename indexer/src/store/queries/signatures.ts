import type { SignatureEntry, SignatureKind, SignatureSource } from '../../signatures/text.ts';
import { insertRows } from '../bulk.ts';
import type { Queryable, SqlParam } from '../types.ts';

// Reads and writes of the signature database (migrations/010_signatures.sql): signatures (selectors and topics to their
// text signatures) and signature_bundle (the digest of the bundled set last loaded).

/** A stored signature, as lookups answer it. */
export interface StoredSignature extends SignatureEntry {
  source: SignatureSource;
}

// The upsert fills in parameter names for a bare signature that a named fragment (a verified ABI) later brings.
const UPSERT = `INSERT INTO signatures (kind, hash, signature, fragment, source) VALUES (?, ?, ?, ?, ?)
  ON CONFLICT (kind, hash, signature) DO UPDATE SET fragment = excluded.fragment
  WHERE signatures.fragment IS NULL AND excluded.fragment IS NOT NULL`;

/** Stores one signature (an existing one is kept, gaining parameter names it lacked); answers 1 when it changed. */
export function upsertSignature(db: Queryable, e: SignatureEntry, source: SignatureSource): Promise<number> {
  return db.run(UPSERT, e.kind, e.hash, e.signature, e.fragment, source);
}

/** Inserts signatures in bulk, each from `source`; those already stored are left as they are. */
export async function insertNewSignatures(db: Queryable, entries: readonly SignatureEntry[], source: SignatureSource): Promise<void> {
  const rows: SqlParam[][] = entries.map((e) => [e.kind, e.hash, e.signature, e.fragment, source]);
  await insertRows(db, 'signatures', ['kind', 'hash', 'signature', 'fragment', 'source'], rows, ' ON CONFLICT (kind, hash, signature) DO NOTHING');
}

/** Number of stored signatures. */
export async function signatureCount(db: Queryable): Promise<number> {
  return Number((await db.one<{ n: number | string }>('SELECT count(*) AS n FROM signatures'))?.n ?? 0);
}

/** The digest of the bundled set last loaded, if any. */
export async function bundleDigest(db: Queryable): Promise<string | undefined> {
  return (await db.one<{ digest: string }>('SELECT digest FROM signature_bundle WHERE id = 1'))?.digest;
}

/** Notes the digest of the bundled set loaded. */
export async function setBundleDigest(db: Queryable, digest: string): Promise<void> {
  await db.run('INSERT INTO signature_bundle (id, digest) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET digest = excluded.digest', digest);
}

// Verified first (the ABIs of this chain's own contracts), then the bundled set, then imported files.
const ORDER = `CASE source WHEN 'verified' THEN 0 WHEN 'bundled' THEN 1 ELSE 2 END, signature`;

/** Every stored signature of the given hashes (at most a few hundred), by hash, best source first. */
export function signaturesOf(db: Queryable, kind: SignatureKind, hashes: readonly string[]): Promise<StoredSignature[]> {
  return db.all<StoredSignature>(
    `SELECT kind, hash, signature, fragment, source FROM signatures WHERE kind = ? AND hash IN (${hashes.map(() => '?').join(', ')}) ORDER BY hash, ${ORDER}`,
    kind,
    ...hashes,
  );
}
