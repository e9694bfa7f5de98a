import type { Queryable } from '../types.ts';

// Reads of the contracts table (migrations/001_init.sql): every contract the sync has seen, with its standard
// (contract_type), its token fields and its creation.

/** A contract's standard ('ERC20', 'ERC721', 'ERC1155' or another type the sync gives it), if it is indexed. */
export async function contractType(db: Queryable, address: string): Promise<string | undefined> {
  return (await db.one<{ contract_type: string }>('SELECT contract_type FROM contracts WHERE address = ?', address))?.contract_type;
}

/** A contract's creation, with the creation transaction's sender, input and the contract it created itself. */
export interface CreationRow {
  address: string;
  /** The creation transaction's sender, or the contract that created it inside a call (found by the tracer). */
  creator: string;
  creation_tx: string;
  block_number: number;
  timestamp: number;
  /** The creation transaction's sender and input, and the contract it created itself (if any). */
  tx_from: string;
  input: string;
  tx_created: string | null;
}

/** The creations of the given contracts that are known (a creator and an indexed creation transaction). */
export function contractCreations(db: Queryable, addresses: readonly string[]): Promise<CreationRow[]> {
  return db.all<CreationRow>(
    `SELECT c.address, c.creator, c.creation_tx, c.block_number, c.timestamp, t.from_addr AS tx_from, t.input, t.contract_address AS tx_created FROM contracts c
     JOIN transactions t ON t.hash = c.creation_tx
     WHERE c.address IN (${addresses.map(() => '?').join(', ')}) AND c.creator IS NOT NULL`,
    ...addresses,
  );
}
