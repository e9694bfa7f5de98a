import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundleDigest, insertNewSignatures, setBundleDigest, signaturesOf, upsertSignature, type StoredSignature } from '../store/queries/signatures.ts';
import type { Queryable, Store } from '../store/types.ts';
import { parseSignature, type SignatureEntry, type SignatureKind, type SignatureSource } from './text.ts';

/** The bundled set, written by scripts/signatures-bundle.ts. */
export const BUNDLE_FILE = fileURLToPath(new URL('../../bundle/signatures.json', import.meta.url));

/** A stored signature, as lookups answer it. */
export type { StoredSignature };

/** Stores signatures (existing ones are kept as they are); answers how many were new or gained parameter names. */
export async function storeSignatures(db: Queryable, entries: readonly SignatureEntry[], source: SignatureSource): Promise<number> {
  let changed = 0;
  for (const e of entries) changed += await upsertSignature(db, e, source);
  return changed;
}

/** The bundled set as the data file holds it. */
export interface BundleFile {
  /** Where the signatures come from: a package and its contracts, or a hand-maintained list (count: its signatures). */
  packages: { name: string; version: string; contracts: string[]; count: number }[];
  functions: string[];
  events: string[];
}

/** The entries of the bundled data file. */
export function bundleEntries(text: string): SignatureEntry[] {
  const bundle = JSON.parse(text) as BundleFile;
  return [
    ...bundle.functions.map((f) => parseSignature(f, 'function')),
    ...bundle.events.map((e) => parseSignature(e, 'event')),
  ].filter((e): e is SignatureEntry => e !== null);
}

const loaded = new WeakMap<Queryable, Promise<void>>();

/**
 * Loads the bundled set into the database unless this version of it is already there (its digest is kept): once per
 * store and process, at start and before the first lookup. Concurrent processes insert the same rows harmlessly.
 */
export function ensureBundledSignatures(db: Store, file = BUNDLE_FILE): Promise<void> {
  let done = loaded.get(db);
  if (done === undefined) {
    done = (async () => {
      const text = readFileSync(file, 'utf8');
      const digest = createHash('sha256').update(text).digest('hex');
      if ((await bundleDigest(db)) === digest) return;
      const entries = bundleEntries(text);
      await db.transaction(async (tx) => {
        await insertNewSignatures(tx, entries, 'bundled');
        await setBundleDigest(tx, digest);
      });
    })();
    loaded.set(db, done);
    done.catch(() => {
      if (loaded.get(db) === done) loaded.delete(db);
    });
  }
  return done;
}

/** Every stored signature of each hash (functions: selectors; events: topics), best source first. */
export async function lookupSignatures(db: Queryable, kind: SignatureKind, hashes: Iterable<string>): Promise<Map<string, StoredSignature[]>> {
  const wanted = [...new Set([...hashes].map((h) => h.toLowerCase()))].filter((h) => /^0x[0-9a-f]+$/.test(h));
  const out = new Map<string, StoredSignature[]>();
  if (wanted.length === 0) return out;
  // A whole store (not a transaction's view of one) loads the bundled set first, should the start not have.
  if ('transaction' in db) await ensureBundledSignatures(db as Store).catch(() => undefined);
  for (let i = 0; i < wanted.length; i += 200) {
    const part = wanted.slice(i, i + 200);
    const rows = await signaturesOf(db, kind, part);
    for (const r of rows) {
      const list = out.get(r.hash) ?? [];
      list.push(r);
      out.set(r.hash, list);
    }
  }
  return out;
}

/** The name of the function each input calls (its best-ranked signature's name), by selector: what lists show. */
export async function methodNames(db: Queryable, inputs: Iterable<string>): Promise<Map<string, string>> {
  const selectors: string[] = [];
  for (const input of inputs) if (/^0x[0-9a-fA-F]{8}/.test(input)) selectors.push(input.slice(0, 10).toLowerCase());
  const found = await lookupSignatures(db, 'function', selectors);
  const out = new Map<string, string>();
  for (const [selector, list] of found) {
    const first = list[0];
    if (first) out.set(selector, first.signature.slice(0, first.signature.indexOf('(')));
  }
  return out;
}
