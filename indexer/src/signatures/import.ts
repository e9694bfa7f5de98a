import type { Store } from '../store/types.ts';
import { insertNewSignatures, signatureCount } from '../store/queries/signatures.ts';
import { ensureBundledSignatures } from './store.ts';
import { parseSignature, type SignatureEntry, type SignatureKind } from './text.ts';

/** What an import did: signatures new to the database, lines refused (1-based line numbers), lines already known. */
export interface ImportReport {
  accepted: number;
  rejected: { line: number; text: string }[];
  /** Valid lines whose signature was already stored, or already seen earlier in the file. */
  duplicates: number;
}

/** Signatures stored per transaction. */
const BATCH = 5_000;

/**
 * Imports a signature file (one text signature a line, as 4byte exports them: 'transfer(address,uint256)'; 'function'
 * or 'event' before a line says what it is, else `kind`). Blank lines and lines starting with # are skipped. Every other
 * line is parsed and validated; the valid ones are stored with source 'imported' (what is stored already stays as it
 * is), so that importing a file again accepts nothing new.
 */
export async function importSignatures(db: Store, text: string, kind: SignatureKind = 'function'): Promise<ImportReport> {
  await ensureBundledSignatures(db);
  const report: ImportReport = { accepted: 0, rejected: [], duplicates: 0 };
  const seen = new Set<string>();
  const valid: SignatureEntry[] = [];
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const entry = parseSignature(line, kind);
    if (entry === null) {
      report.rejected.push({ line: i + 1, text: line.slice(0, 200) });
      continue;
    }
    const key = `${entry.kind} ${entry.signature}`;
    if (seen.has(key)) {
      report.duplicates++;
      continue;
    }
    seen.add(key);
    valid.push(entry);
  }
  for (let i = 0; i < valid.length; i += BATCH) {
    const part = valid.slice(i, i + BATCH);
    const added = await db.transaction(async (tx) => {
      const before = await signatureCount(tx);
      await insertNewSignatures(tx, part, 'imported');
      return (await signatureCount(tx)) - before;
    });
    report.accepted += added;
    report.duplicates += part.length - added;
  }
  return report;
}
