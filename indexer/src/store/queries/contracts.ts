import { selectIn, updateFromValues } from '../bulk.ts';
import type { ContractRow } from '../rows.ts';
import type { Queryable, SqlParam } from '../types.ts';

// Reads and writes of the contracts table (migrations/001_init.sql): every contract the sync has seen, with its standard
// (contract_type), its token fields, its holder and transfer counts and its creation.

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

/** A contract's standard and token fields, as a transaction's description names its token. */
export interface TokenFactsRow {
  type: string;
  symbol: string | null;
  name: string | null;
  decimals: number | null;
}

/** The standard and token fields of a contract, if it is indexed. */
export function tokenFacts(db: Queryable, address: string): Promise<TokenFactsRow | undefined> {
  return db.one<TokenFactsRow>('SELECT contract_type AS type, symbol, name, decimals FROM contracts WHERE address = ?', address);
}

/** What an address page shows of a contract: creator, owner and token fields. */
export interface ContractSummaryRow {
  creator: string | null;
  owner: string | null;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  total_supply: string | null;
  holder_count: number;
}

/** The creator, owner and token fields of a contract, if it is indexed. */
export function contractSummary(db: Queryable, address: string): Promise<ContractSummaryRow | undefined> {
  return db.one<ContractSummaryRow>('SELECT creator, owner, name, symbol, decimals, total_supply, holder_count FROM contracts WHERE address = ?', address);
}

/** A contract an address created. */
export interface CreatedContractRow {
  address: string;
  contract_type: string;
  name: string | null;
  symbol: string | null;
  block_number: number | null;
  timestamp: number | null;
  creation_tx: string | null;
}

/** One page of the contracts an address created, newest first. */
export function contractsCreatedBy(db: Queryable, creator: string, limit: number, offset: number): Promise<CreatedContractRow[]> {
  return db.all<CreatedContractRow>(
    `SELECT address, contract_type, name, symbol, block_number, timestamp, creation_tx FROM contracts
         WHERE creator = ? ORDER BY block_number DESC, address LIMIT ? OFFSET ?`,
    creator,
    limit,
    offset,
  );
}

/** Number of indexed contracts. */
export async function contractCount(db: Queryable): Promise<number> {
  return (await db.one<{ n: number }>('SELECT count(*) AS n FROM contracts'))?.n ?? 0;
}

/**
 * Records a contract created by a contract (a CREATE frame of a trace): such a contract has no creation transaction
 * of its own, so the trace names its creator and the transaction it was created in. A contract already indexed keeps
 * its row and gets the creator only if it had none.
 */
export async function recordCreatedContract(db: Queryable, address: string, creator: string, txHash: string, block: number, timestamp: number): Promise<void> {
  await db.run(
    `INSERT INTO contracts (address, creator, creation_tx, block_number, timestamp, first_seen_block, contract_type)
         VALUES (?, ?, ?, ?, ?, ?, 'none') ON CONFLICT DO NOTHING`,
    address,
    creator,
    txHash,
    block,
    timestamp,
    block,
  );
  await db.run('UPDATE contracts SET creator = ?, creation_tx = ? WHERE address = ? AND creator IS NULL', creator, txHash, address);
}

/** A contract's row, if it is indexed. */
export function contractByAddress(db: Queryable, address: string): Promise<ContractRow | undefined> {
  return db.one<ContractRow>('SELECT * FROM contracts WHERE address = ?', address);
}

/** A contract's creator and owner, if it is indexed. */
export function contractCreatorOwner(db: Queryable, address: string): Promise<Pick<ContractRow, 'creator' | 'owner'> | undefined> {
  return db.one<Pick<ContractRow, 'creator' | 'owner'>>('SELECT creator, owner FROM contracts WHERE address = ?', address);
}

/** Number of indexed contracts of one standard. */
export async function contractCountOfType(db: Queryable, type: 'ERC20' | 'ERC721' | 'ERC1155'): Promise<number> {
  return (await db.one<{ n: number }>(`SELECT count(*) AS n FROM contracts WHERE contract_type = '${type}'`))?.n ?? 0;
}

/** The names of the given contracts (those indexed): verified name and token name. */
export function contractNames(db: Queryable, addresses: readonly string[]): Promise<{ address: string; verified: string | null; token: string | null }[]> {
  return db.all<{ address: string; verified: string | null; token: string | null }>(
    `SELECT c.address, v.contract_name AS verified, c.name AS token FROM contracts c LEFT JOIN verified_contracts v ON v.address = c.address
       WHERE c.address IN (${addresses.map(() => '?').join(',')})`,
    ...addresses,
  );
}

/** Per block of `from` … `to` (b), the contracts first seen in it (n). */
export function contractsFirstSeenPerBlock(db: Queryable, from: number, to: number): Promise<{ b: number; n: number }[]> {
  return db.all<{ b: number; n: number }>('SELECT first_seen_block AS b, count(*) AS n FROM contracts WHERE first_seen_block BETWEEN ? AND ? GROUP BY first_seen_block', from, to);
}

/** The holder counts of the given tokens (those indexed). */
export function holderCounts(db: Queryable, addresses: readonly string[]): Promise<{ address: string; holder_count: number }[]> {
  return selectIn<{ address: string; holder_count: number }>(db, 'SELECT address, holder_count FROM contracts WHERE address IN (?)', [], addresses);
}

/** A contract's creation transaction and block (null when unknown), if it is indexed. */
export function contractCreation(db: Queryable, address: string): Promise<Pick<ContractRow, 'creation_tx' | 'block_number'> | undefined> {
  return db.one<Pick<ContractRow, 'creation_tx' | 'block_number'>>('SELECT creation_tx, block_number FROM contracts WHERE address = ?', address);
}

/** A contract's creation block (null when unknown) and the block it was first seen in, if it is indexed. */
export function contractBlocks(db: Queryable, address: string): Promise<Pick<ContractRow, 'block_number' | 'first_seen_block'> | undefined> {
  return db.one<Pick<ContractRow, 'block_number' | 'first_seen_block'>>('SELECT block_number, first_seen_block FROM contracts WHERE address = ?', address);
}

/** Whether a contract is indexed. */
export async function isIndexedContract(db: Queryable, address: string): Promise<boolean> {
  return (await db.one('SELECT 1 AS x FROM contracts WHERE address = ?', address)) !== undefined;
}

/** Adds to tokens' holder and transfer counts: rows of (address, holders change, transfers change), in VALUES chunks. */
export function addToTokenCounts(db: Queryable, rows: readonly SqlParam[][]): Promise<void> {
  return updateFromValues(
    db,
    // Typed: PostgreSQL would read the VALUES' untyped parameters as text.
    `UPDATE contracts SET holder_count = holder_count + v.column2, transfer_count = transfer_count + v.column3
       FROM (?) AS v WHERE contracts.address = v.column1`,
    '(?, CAST(? AS BIGINT), CAST(? AS BIGINT))',
    rows,
  );
}

/** Sets a token's total supply. */
export async function setTotalSupply(db: Queryable, token: string, supply: string): Promise<void> {
  await db.run('UPDATE contracts SET total_supply = ? WHERE address = ?', supply, token);
}

/** A contract as the writer stores it at first sight: its creation (null fields when unknown) and what the probe found. */
export type NewContract = Omit<ContractRow, 'holder_count' | 'transfer_count'>;

/** Stores a contract seen for the first time; one already stored is kept as it is. */
export async function insertContract(db: Queryable, c: NewContract): Promise<void> {
  await db.run(
    `INSERT INTO contracts (address, creator, creation_tx, block_number, timestamp, first_seen_block, contract_type, name,
         symbol, decimals, total_supply, owner, code_size) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (address) DO NOTHING`,
    c.address,
    c.creator,
    c.creation_tx,
    c.block_number,
    c.timestamp,
    c.first_seen_block,
    c.contract_type,
    c.name,
    c.symbol,
    c.decimals,
    c.total_supply,
    c.owner,
    c.code_size,
  );
}

/** Makes a contract the probe could not classify a token of `type` (decimals 0 for NFTs). */
export async function setTokenType(db: Queryable, address: string, type: string): Promise<void> {
  await db.run("UPDATE contracts SET contract_type = ?, decimals = CASE WHEN ? = 'ERC20' THEN decimals ELSE 0 END WHERE address = ?", type, type, address);
}
