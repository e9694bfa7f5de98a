// A small chain of approval events written to a store the way the sync writes them (blocks, logs, then the
// approvals of each block through ApprovalBatch) and rolled back the way a reorg does (rollbackApprovals before the
// logs and blocks go): shared by the unit test of the approvals' state (SQLite in memory) and the route's
// integration test (both backends).
import { APPROVAL_FOR_ALL_TOPIC, APPROVAL_TOPIC, ApprovalBatch, rollbackApprovals } from '../indexer/src/sync/approvals.ts';
import { insertRows } from '../indexer/src/store/bulk.ts';
import { ROW_ID_BLOCK } from '../indexer/src/store/row-ids.ts';
import type { Store } from '../indexer/src/store/types.ts';

/** One log of a test block: an approval event, or any log (ERC-721's four-topic Approval). */
export type TestLog =
  | { approve: [token: string, owner: string, spender: string, value: bigint] }
  | { forAll: [token: string, owner: string, operator: string, approved: boolean] }
  | { nftApprove: [token: string, owner: string, approved: string, tokenId: bigint] };

/** Addresses of the approval tests: an owner, an ERC-20, an NFT collection, two spenders and an operator. */
export const OWNER = '0x00000000000000000000000000000000000000a1';
export const TOKEN = '0x00000000000000000000000000000000000000e2';
export const NFT = '0x00000000000000000000000000000000000000f7';
export const SPENDER_A = '0x00000000000000000000000000000000000000b1';
export const SPENDER_B = '0x00000000000000000000000000000000000000b2';
export const OP = '0x00000000000000000000000000000000000000c1';
/** 2^256 - 1: the usual unlimited allowance. */
export const MAX = 2n ** 256n - 1n;

/** A 32-byte word of a quantity or of a hex text (an address, a small number). */
export const word = (v: bigint | string): string => `0x${(typeof v === 'bigint' ? v.toString(16) : v.slice(2)).toLowerCase().padStart(64, '0')}`;

/** The stored columns of a test log: emitter, topics, data. */
function logColumns(log: TestLog): [string, string, string, string, string | null, string] {
  if ('approve' in log) {
    const [token, owner, spender, value] = log.approve;
    return [token, APPROVAL_TOPIC, word(owner), word(spender), null, word(value)];
  }
  if ('forAll' in log) {
    const [token, owner, operator, approved] = log.forAll;
    return [token, APPROVAL_FOR_ALL_TOPIC, word(owner), word(operator), null, word(approved ? 1n : 0n)];
  }
  const [token, owner, approved, tokenId] = log.nftApprove;
  return [token, APPROVAL_TOPIC, word(owner), word(approved), word(tokenId), '0x'];
}

/** Hash of a test block or transaction, from its number and a salt (a replaced block gets another). */
export const testHash = (n: number, salt = 0): string => `0x${(n * 1_000 + salt).toString(16).padStart(64, '0')}`;

/** Writes block `number` (time 1000 × number) with its logs in one transaction, as the writer does. */
export async function writeTestBlock(db: Store, number: number, logs: readonly TestLog[], salt = 0): Promise<void> {
  await db.transaction(async (tx) => {
    const batch = new ApprovalBatch();
    await insertRows(tx, 'blocks', ['number', 'hash', 'parent_hash', 'timestamp', 'miner', 'gas_used', 'gas_limit', 'difficulty', 'extra_data', 'tx_count', 'reward'], [
      [number, testHash(number, salt), testHash(number - 1), number * 1_000, `0x${'0'.repeat(40)}`, '0', '0', '0', '0x', 1, '0'],
    ]);
    const rows = logs.map((log, i) => {
      const [address, t0, t1, t2, t3, data] = logColumns(log);
      batch.add({ address, topics: [t0, t1, t2, t3], data }, { blockNumber: number, logIndex: i, txHash: testHash(number, salt + 1), timestamp: number * 1_000 });
      return [number * ROW_ID_BLOCK + i, number, i, number * ROW_ID_BLOCK, testHash(number, salt + 1), address, t0, t1, t2, t3, data];
    });
    await insertRows(tx, 'logs', ['id', 'block_number', 'log_index', 'tx_id', 'tx_hash', 'address', 'topic0', 'topic1', 'topic2', 'topic3', 'data'], rows);
    await batch.flush(tx);
  });
}

/** Removes the blocks from `from` on as the rollback does: approvals first, then their logs and blocks. */
export async function rollbackTestBlocks(db: Store, from: number): Promise<void> {
  await db.transaction(async (tx) => {
    await rollbackApprovals(tx, from);
    await tx.run('DELETE FROM logs WHERE id >= ?', from * ROW_ID_BLOCK);
    await tx.run('DELETE FROM blocks WHERE number >= ?', from);
  });
}

/** The approvals table as `token spender kind value @block`, sorted. */
export async function approvalState(db: Store, owner: string): Promise<string[]> {
  const rows = await db.all<{ token: string; spender: string; kind: string; value: string; block_number: number }>(
    'SELECT token, spender, kind, value, block_number FROM approvals WHERE owner = ?',
    owner,
  );
  return rows.map((r) => `${r.token.slice(-2)} ${r.spender.slice(-2)} ${r.kind} ${r.value} @${r.block_number}`).sort();
}
