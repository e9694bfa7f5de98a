import type { Queryable } from '../types.ts';

// Reads and writes of contract verification (migrations/003_verified_contracts.sql): verified_contracts (what was
// submitted and how it matched) and verification_jobs (the Etherscan API's submissions, polled by GUID).

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
