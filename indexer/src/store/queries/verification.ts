import type { Queryable } from '../types.ts';

// Reads and writes of contract verification (migrations/003_verified_contracts.sql): verified_contracts (what was
// submitted and how it matched), contract_code_hashes (deployed code hashes, to find verified twins) and
// verification_jobs (the Etherscan API's submissions, polled by GUID).

/** The ABI (JSON) of a verified contract, if it is verified. */
export async function verifiedAbi(db: Queryable, address: string): Promise<string | undefined> {
  return (await db.one<{ abi: string }>('SELECT abi FROM verified_contracts WHERE address = ?', address))?.abi;
}

/** A row of verification_jobs. */
export interface JobRow {
  guid: string;
  address: string;
  status: string;
  message: string;
  /** Seconds since the epoch. */
  created_at: number;
}

/** A verification job by GUID. */
export function verificationJob(db: Queryable, guid: string): Promise<JobRow | undefined> {
  return db.one<JobRow>('SELECT * FROM verification_jobs WHERE guid = ?', guid);
}

/** Records a submitted verification, pending in the queue. */
export async function insertVerificationJob(db: Queryable, guid: string, address: string, createdAt: number): Promise<void> {
  await db.run(
    "INSERT INTO verification_jobs (guid, address, status, message, created_at) VALUES (?, ?, 'pending', 'Pending in queue', ?)",
    guid,
    address,
    createdAt,
  );
}

/** Records a job's outcome. */
export async function finishVerificationJob(db: Queryable, guid: string, status: string, message: string): Promise<void> {
  await db.run('UPDATE verification_jobs SET status = ?, message = ? WHERE guid = ?', status, message, guid);
}

/** Marks the pending jobs created at or before `createdBy` (seconds) failed with `message`; answers how many. */
export function failPendingJobs(db: Queryable, message: string, createdBy: number): Promise<number> {
  return db.run("UPDATE verification_jobs SET status = 'fail', message = ? WHERE status = 'pending' AND created_at <= ?", message, createdBy);
}

/** The times (seconds) of the verifications made in [from, to). */
export async function verificationTimesBetween(db: Queryable, from: number, to: number): Promise<number[]> {
  return (await db.all<{ verified_at: number }>('SELECT verified_at FROM verified_contracts WHERE verified_at >= ? AND verified_at < ?', from, to)).map((r) => r.verified_at);
}

/** The time (seconds) of the newest verification, null when none. */
export async function newestVerificationTime(db: Queryable): Promise<number | null> {
  return (await db.one<{ t: number | null }>('SELECT max(verified_at) AS t FROM verified_contracts'))?.t ?? null;
}

/** The time (seconds) of the oldest verification, if any. */
export async function oldestVerificationTime(db: Queryable): Promise<number | undefined> {
  return (await db.one<{ t: number }>('SELECT min(verified_at) AS t FROM verified_contracts'))?.t;
}

/** A row of verified_contracts: a stored verification. */
export interface VerifiedRow {
  address: string;
  match_type: string;
  contract_name: string;
  contract_path: string;
  compiler_version: string;
  optimization_used: number;
  runs: number;
  evm_version: string;
  license: string;
  sources: string;
  settings: string;
  abi: string;
  libraries: string;
  constructor_arguments: string;
  metadata_hash: string | null;
  runtime_hash: string;
  creation_block: number | null;
  input_format: string;
  verified_at: number;
}

/** The verification of a contract, if it is verified itself. */
export function verifiedContract(db: Queryable, address: string): Promise<VerifiedRow | undefined> {
  return db.one<VerifiedRow>('SELECT * FROM verified_contracts WHERE address = ?', address);
}

/** Keeps (or replaces) a contract's verification. */
export async function storeVerification(db: Queryable, v: VerifiedRow): Promise<void> {
  await db.run(
    `INSERT INTO verified_contracts (address, match_type, contract_name, contract_path, compiler_version,
        optimization_used, runs, evm_version, license, sources, settings, abi, libraries, constructor_arguments,
        metadata_hash, runtime_hash, creation_block, input_format, verified_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (address) DO UPDATE SET match_type = excluded.match_type, contract_name = excluded.contract_name, contract_path = excluded.contract_path, compiler_version = excluded.compiler_version, optimization_used = excluded.optimization_used, runs = excluded.runs, evm_version = excluded.evm_version, license = excluded.license, sources = excluded.sources, settings = excluded.settings, abi = excluded.abi, libraries = excluded.libraries, constructor_arguments = excluded.constructor_arguments, metadata_hash = excluded.metadata_hash, runtime_hash = excluded.runtime_hash, creation_block = excluded.creation_block, input_format = excluded.input_format, verified_at = excluded.verified_at`,
    v.address,
    v.match_type,
    v.contract_name,
    v.contract_path,
    v.compiler_version,
    v.optimization_used,
    v.runs,
    v.evm_version,
    v.license,
    v.sources,
    v.settings,
    v.abi,
    v.libraries,
    v.constructor_arguments,
    v.metadata_hash,
    v.runtime_hash,
    v.creation_block,
    v.input_format,
    v.verified_at,
  );
}

/** Whether any contract is verified. */
export async function anyVerified(db: Queryable): Promise<boolean> {
  return (await db.one<{ n: number }>('SELECT 1 AS n FROM verified_contracts LIMIT 1')) !== undefined;
}

/** The best verification of a contract with the given deployed-code hash (full before partial, oldest first), if any. */
export function verifiedTwin(db: Queryable, runtimeHash: string): Promise<VerifiedRow | undefined> {
  return db.one<VerifiedRow>('SELECT * FROM verified_contracts WHERE runtime_hash = ? ORDER BY match_type, verified_at LIMIT 1', runtimeHash);
}

/** The kept hash of a contract's deployed code (contract_code_hashes), if read before. */
export async function codeHashOf(db: Queryable, address: string): Promise<string | undefined> {
  return (await db.one<{ code_hash: string }>('SELECT code_hash FROM contract_code_hashes WHERE address = ?', address))?.code_hash;
}

/** Records the hash of a contract's deployed code (the newest reading wins). */
export async function storeCodeHash(db: Queryable, address: string, codeHash: string, block: number): Promise<void> {
  await db.run(
    `INSERT INTO contract_code_hashes (address, code_hash, block_number) VALUES (?, ?, ?)
  ON CONFLICT (address) DO UPDATE SET code_hash = excluded.code_hash, block_number = excluded.block_number`,
    address,
    codeHash,
    block,
  );
}
