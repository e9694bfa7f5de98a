import type { TransferRow } from '../rows.ts';
import type { Queryable } from '../types.ts';

// What a reorg's rollback (sync/rollback.ts) reads and deletes across the chain tables: every row of the blocks from
// `from` on (row ids from `firstId` = from × 1,000,000 on) and what was derived from them. The rollback runs these in
// its own order, inside one transaction.

/** The sender, recipient and created contract of every transaction from row id `firstId` on. */
export function transactionPartiesFrom(db: Queryable, firstId: number): Promise<{ from_addr: string; to_addr: string | null; contract_address: string | null }[]> {
  return db.all<{ from_addr: string; to_addr: string | null; contract_address: string | null }>('SELECT from_addr, to_addr, contract_address FROM transactions WHERE id >= ?', firstId);
}

/** The producers of the blocks from `from` on, each once. */
export async function minersFrom(db: Queryable, from: number): Promise<string[]> {
  return (await db.all<{ miner: string }>('SELECT DISTINCT miner FROM blocks WHERE number >= ?', from)).map((r) => r.miner);
}

/** The block an indexed address was first seen in, if it is indexed. */
export async function addressFirstSeen(db: Queryable, address: string): Promise<number | undefined> {
  return (await db.one<{ first_seen_block: number }>('SELECT first_seen_block FROM addresses WHERE address = ?', address))?.first_seen_block;
}

/** The ERC-20 and ERC-721 tokens seen before `from` that minted or burnt (to or from `zero`) from block `from` on. */
export async function tokensMintedFrom(db: Queryable, from: number, zero: string): Promise<string[]> {
  return (
    await db.all<{ token_address: string }>(
      `SELECT DISTINCT t.token_address FROM token_transfers t JOIN contracts c ON c.address = t.token_address
       WHERE t.block_number >= ? AND t.token_type IN ('ERC20', 'ERC721') AND (t.from_addr = ? OR t.to_addr = ?) AND c.first_seen_block < ?`,
      from,
      zero,
      zero,
      from,
    )
  ).map((r) => r.token_address);
}

/** A transfer as the rollback undoes it. */
export type UndoneTransfer = Omit<TransferRow, 'id' | 'log_index' | 'batch_index'>;

/** The transfers from block `from` on, newest first. */
export function transfersToUndo(db: Queryable, from: number): Promise<UndoneTransfer[]> {
  return db.all<UndoneTransfer>(
    `SELECT token_address, token_type, from_addr, to_addr, value, token_id, block_number, tx_hash, timestamp
       FROM token_transfers WHERE block_number >= ? ORDER BY id DESC`,
    from,
  );
}

/**
 * Deletes what the blocks from `from` on added beside the chain itself, after the ledger undid their transfers:
 * transfers, NFTs minted there, the balances and NFTs of contracts first seen there, verifications of contracts created
 * there, code hashes, revert reasons, internal calls, typed fields, the tracer's index (its cursor back to `ancestor`),
 * and the contracts first seen there.
 */
export async function deleteDerivedFrom(db: Queryable, from: number, firstId: number, ancestor: number): Promise<void> {
  await db.run('DELETE FROM token_transfers WHERE block_number >= ?', from);
  await db.run('DELETE FROM nft_tokens WHERE mint_block >= ?', from);
  await db.run(
    'DELETE FROM token_balances WHERE token_address IN (SELECT address FROM contracts WHERE first_seen_block >= ?)',
    from,
  );
  await db.run('DELETE FROM nft_tokens WHERE token_address IN (SELECT address FROM contracts WHERE first_seen_block >= ?)', from);
  // A verification lives as long as its contract's creation: removed with the creation block, kept otherwise.
  await db.run(
    `DELETE FROM verified_contracts WHERE creation_block >= ?
         OR (creation_block IS NULL AND address IN (SELECT address FROM contracts WHERE first_seen_block >= ?))`,
    from,
    from,
  );
  await db.run('DELETE FROM contract_code_hashes WHERE block_number >= ?', from);
  await db.run('DELETE FROM revert_reasons WHERE block_number >= ?', from);
  await db.run('DELETE FROM internal_calls WHERE block_number >= ?', from);
  await db.run('DELETE FROM transaction_types WHERE tx_id >= ?', firstId);
  // The trailing tracer's index goes with its blocks, and its cursor back to the ancestor (sync/tracer.ts).
  await db.run('DELETE FROM address_internal WHERE tx_id >= ?', firstId);
  await db.run(
    'UPDATE internal_trace SET block_number = ?, block_hash = (SELECT hash FROM blocks WHERE number = ?) WHERE id = 1 AND block_number > ?',
    ancestor,
    ancestor,
    ancestor,
  );
  await db.run('DELETE FROM contracts WHERE first_seen_block >= ?', from);
}

/** Per producer, the blocks from `from` on it produced (genesis left out). */
export function minedFrom(db: Queryable, from: number): Promise<{ miner: string; n: number }[]> {
  return db.all<{ miner: string; n: number }>('SELECT miner, count(*) AS n FROM blocks WHERE number >= ? AND number > 0 GROUP BY miner', from);
}

/** The producer and reward of each block from `from` on (genesis left out). */
export function rewardsFrom(db: Queryable, from: number): Promise<{ miner: string; reward: string }[]> {
  return db.all<{ miner: string; reward: string }>('SELECT miner, reward FROM blocks WHERE number >= ? AND number > 0', from);
}

/** The numbers of transactions, logs and blocks from block `from` (row id `firstId`) on. */
export async function countsFrom(db: Queryable, from: number, firstId: number): Promise<{ transactions: number; logs: number; blocks: number }> {
  const transactions = (await db.one<{ n: number }>('SELECT count(*) AS n FROM transactions WHERE id >= ?', firstId))?.n ?? 0;
  const logs = (await db.one<{ n: number }>('SELECT count(*) AS n FROM logs WHERE id >= ?', firstId))?.n ?? 0;
  const blocks = (await db.one<{ n: number }>('SELECT count(*) AS n FROM blocks WHERE number >= ?', from))?.n ?? 0;
  return { transactions, logs, blocks };
}

/** Takes the removed rows off the running totals (counters). */
export async function subtractCounters(db: Queryable, transactions: number, logs: number, transfers: number): Promise<void> {
  await db.run("UPDATE counters SET value = value - ? WHERE name = 'transactions'", transactions);
  await db.run("UPDATE counters SET value = value - ? WHERE name = 'logs'", logs);
  await db.run("UPDATE counters SET value = value - ? WHERE name = 'token_transfers'", transfers);
}

/** Deletes an address's rows of address_transactions from row id `firstId` on. */
export async function deleteAddressTransactionsFrom(db: Queryable, address: string, firstId: number): Promise<void> {
  await db.run('DELETE FROM address_transactions WHERE address = ? AND tx_id >= ?', address, firstId);
}

/** Deletes the chain itself from block `from` (row id `firstId`) on: logs, transactions, blocks. */
export async function deleteChainFrom(db: Queryable, from: number, firstId: number): Promise<void> {
  await db.run('DELETE FROM logs WHERE id >= ?', firstId);
  await db.run('DELETE FROM transactions WHERE id >= ?', firstId);
  await db.run('DELETE FROM blocks WHERE number >= ?', from);
}

/** A producer's tallies, if it has any. */
export function validatorTallies(db: Queryable, address: string): Promise<{ blocks_mined: number; rewards: string } | undefined> {
  return db.one<{ blocks_mined: number; rewards: string }>('SELECT blocks_mined, rewards FROM validators WHERE address = ?', address);
}

/** Forgets a producer. */
export async function deleteValidator(db: Queryable, address: string): Promise<void> {
  await db.run('DELETE FROM validators WHERE address = ?', address);
}

/** The last stored block a producer produced, if any. */
export async function lastBlockMinedBy(db: Queryable, miner: string): Promise<number | undefined> {
  return (await db.one<{ n: number }>('SELECT max(number) AS n FROM blocks WHERE miner = ?', miner))?.n;
}

/** Sets a producer's tallies. */
export async function setValidatorTallies(db: Queryable, address: string, blocksMined: number, rewards: string, lastBlock: number): Promise<void> {
  await db.run('UPDATE validators SET blocks_mined = ?, rewards = ?, last_block = ? WHERE address = ?', blocksMined, rewards, lastBlock, address);
}

/** Deletes the addresses first seen from block `from` on. */
export async function deleteAddressesFrom(db: Queryable, from: number): Promise<void> {
  await db.run('DELETE FROM addresses WHERE first_seen_block >= ?', from);
}

/** Sets an address's native balance (padded) as read at a block. */
export async function setAddressBalance(db: Queryable, address: string, balance: string, block: number): Promise<void> {
  await db.run('UPDATE addresses SET balance = ?, balance_block = ? WHERE address = ?', balance, block, address);
}

/** The tables of chain data (emptied when the node serves another chain than the one indexed). */
const CHAIN_TABLES = [
  'blocks',
  'transactions',
  'address_transactions',
  'logs',
  'token_transfers',
  'token_balances',
  'nft_tokens',
  'contracts',
  'addresses',
  'validators',
  'verified_contracts',
  'contract_code_hashes',
  'verification_jobs',
  'revert_reasons',
  'internal_calls',
  'address_internal',
  'approvals',
  'transaction_types',
];

/** The numbers of stored blocks and transactions. */
export async function chainCounts(db: Queryable): Promise<{ blocks: number; transactions: number }> {
  const blocks = (await db.one<{ n: number }>('SELECT count(*) AS n FROM blocks'))?.n ?? 0;
  const transactions = (await db.one<{ n: number }>('SELECT count(*) AS n FROM transactions'))?.n ?? 0;
  return { blocks, transactions };
}

/** Empties every chain table, rewinds the tracer's cursor to nothing and zeroes the counters. */
export async function clearChainTables(db: Queryable): Promise<void> {
  for (const table of CHAIN_TABLES) await db.run(`DELETE FROM ${table}`);
  await db.run('UPDATE internal_trace SET block_number = NULL, block_hash = NULL WHERE id = 1');
  await db.run('UPDATE counters SET value = 0');
}
