import type { LogoType } from '../../../../common/logos/validate.ts';
import type { Queryable } from '../types.ts';

// Reads and writes of token_logos (migrations/006_token_admin.sql): the logos uploaded through the token admin.

/** An uploaded logo as the list of logos names it. */
export interface LogoEntry {
  address: string;
  type: LogoType;
  hash: string;
  uploadedAt: number;
}

/** An uploaded logo with its bytes. */
export interface LogoRow {
  address: string;
  logo_type: LogoType;
  bytes: Uint8Array;
  hash: string;
  uploaded_at: number;
}

/** Every uploaded logo, by address. */
export function logoEntries(db: Queryable): Promise<(LogoEntry & { uploaded_at?: number })[]> {
  return db.all<LogoEntry & { uploaded_at?: number }>('SELECT address, logo_type AS type, hash, uploaded_at AS "uploadedAt" FROM token_logos ORDER BY address');
}

/** A token's logo, if one was uploaded. */
export function logoOf(db: Queryable, address: string): Promise<LogoRow | undefined> {
  return db.one<LogoRow>('SELECT address, logo_type, bytes, hash, uploaded_at FROM token_logos WHERE address = ?', address);
}

/** Keeps (or replaces) a token's logo. */
export async function storeLogo(db: Queryable, logo: LogoRow & { uploaded_by: string }): Promise<void> {
  await db.run(
    `INSERT INTO token_logos (address, logo_type, bytes, hash, uploaded_by, uploaded_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (address) DO UPDATE SET logo_type = excluded.logo_type, bytes = excluded.bytes, hash = excluded.hash,
         uploaded_by = excluded.uploaded_by, uploaded_at = excluded.uploaded_at`,
    logo.address,
    logo.logo_type,
    logo.bytes,
    logo.hash,
    logo.uploaded_by,
    logo.uploaded_at,
  );
}
