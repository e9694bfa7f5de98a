import type { AddressBook } from './address-book.ts';
import type { Queryable, Store } from '../store/types.ts';
import { ZERO_ADDRESS } from './fetch.ts';
import { Ledger } from './ledger.ts';
import { hexToBigInt, pad, toHex } from '../chain/num.ts';
import { totalSupplies } from './probe.ts';
import { isStateUnavailable, unwrap, type RpcClient } from '../chain/rpc.ts';
import { ROW_ID_BLOCK } from '../store/row-ids.ts';
import type { TransferRow } from '../store/rows.ts';
import { rollbackApprovals } from './approvals.ts';

/** What a rollback removed. */
export interface RollbackResult {
  blocks: number;
  transactions: number;
}

/**
 * Removes every block above `ancestor` and everything derived from them: transactions, logs, transfers
 * (undone through the ledger, so balances, holders and NFT ownership return to their earlier state),
 * contracts and NFTs first seen there, validator tallies; native balances and ERC-20 / ERC-721 supplies touched
 * there are read again at the ancestor. ancestor = -1 empties the chain data. fence runs first in the rollback's
 * transaction (it may refuse the write, or record it).
 */
export async function rollbackTo(
  db: Store,
  rpc: RpcClient,
  book: AddressBook,
  ancestor: number,
  fence: (tx: Queryable) => Promise<void> = async () => {},
): Promise<RollbackResult> {
  if (ancestor < 0) return clearAll(db, book, fence);
  const from = ancestor + 1;
  const firstId = from * ROW_ID_BLOCK;
  const touched = new Set<string>();
  for (const r of await db.all<{ from_addr: string; to_addr: string | null; contract_address: string | null }>(
    'SELECT from_addr, to_addr, contract_address FROM transactions WHERE id >= ?',
    firstId,
  )) {
    touched.add(r.from_addr);
    if (r.to_addr) touched.add(r.to_addr);
    if (r.contract_address) touched.add(r.contract_address);
  }
  for (const r of await db.all<{ miner: string }>('SELECT DISTINCT miner FROM blocks WHERE number >= ?', from)) touched.add(r.miner);
  const kept: string[] = [];
  for (const a of touched) {
    const row = await db.one<{ first_seen_block: number }>('SELECT first_seen_block FROM addresses WHERE address = ?', a);
    if (row !== undefined && row.first_seen_block < from) kept.push(a);
  }
  const minted = (
    await db.all<{ token_address: string }>(
      `SELECT DISTINCT t.token_address FROM token_transfers t JOIN contracts c ON c.address = t.token_address
       WHERE t.block_number >= ? AND t.token_type IN ('ERC20', 'ERC721') AND (t.from_addr = ? OR t.to_addr = ?) AND c.first_seen_block < ?`,
      from,
      ZERO_ADDRESS,
      ZERO_ADDRESS,
      from,
    )
  ).map((r) => r.token_address);

  const balances = new Map<string, bigint>();
  let supplies = new Map<string, string | null>();
  const read = async (tag: string): Promise<void> => {
    const answers = await rpc.batch<string>(kept.map((a) => ({ method: 'eth_getBalance', params: [a, tag] })));
    kept.forEach((a, i) => balances.set(a, hexToBigInt(unwrap(answers[i]))));
    supplies = await totalSupplies(rpc, minted, tag);
  };
  if (ancestor >= 0) {
    try {
      await read(toHex(ancestor));
    } catch (err) {
      // A fork deeper than the node's state history: the re-indexed blocks refresh what changes later.
      if (!isStateUnavailable(err)) throw err;
      await read('latest');
    }
  }

  const ledger = new Ledger();
  const result = await db.transaction(async (tx) => {
    await fence(tx);
    const rows = await tx.all<Omit<TransferRow, 'id' | 'log_index' | 'batch_index'>>(
      `SELECT token_address, token_type, from_addr, to_addr, value, token_id, block_number, tx_hash, timestamp
       FROM token_transfers WHERE block_number >= ? ORDER BY id DESC`,
      from,
    );
    // Undone newest first, all at once: the ledger reads the state they touch in a few queries and writes it once.
    await ledger.applyAll(
      tx,
      rows.map((t) => ({
        tokenAddress: t.token_address,
        tokenType: t.token_type,
        from: t.from_addr,
        to: t.to_addr,
        value: BigInt(t.value),
        tokenId: t.token_id,
        blockNumber: t.block_number,
        txHash: t.tx_hash,
        txFrom: t.from_addr,
        timestamp: t.timestamp,
      })),
      -1,
    );
    await ledger.flush(tx);
    await tx.run('DELETE FROM token_transfers WHERE block_number >= ?', from);
    await tx.run('DELETE FROM nft_tokens WHERE mint_block >= ?', from);
    await tx.run(
      'DELETE FROM token_balances WHERE token_address IN (SELECT address FROM contracts WHERE first_seen_block >= ?)',
      from,
    );
    await tx.run('DELETE FROM nft_tokens WHERE token_address IN (SELECT address FROM contracts WHERE first_seen_block >= ?)', from);
    // A verification lives as long as its contract's creation: removed with the creation block, kept otherwise.
    await tx.run(
      `DELETE FROM verified_contracts WHERE creation_block >= ?
         OR (creation_block IS NULL AND address IN (SELECT address FROM contracts WHERE first_seen_block >= ?))`,
      from,
      from,
    );
    await tx.run('DELETE FROM contract_code_hashes WHERE block_number >= ?', from);
    await tx.run('DELETE FROM revert_reasons WHERE block_number >= ?', from);
    await tx.run('DELETE FROM internal_calls WHERE block_number >= ?', from);
    await tx.run('DELETE FROM transaction_types WHERE tx_id >= ?', firstId);
    // The trailing tracer's index goes with its blocks, and its cursor back to the ancestor (sync/tracer.ts).
    await tx.run('DELETE FROM address_internal WHERE tx_id >= ?', firstId);
    await tx.run(
      'UPDATE internal_trace SET block_number = ?, block_hash = (SELECT hash FROM blocks WHERE number = ?) WHERE id = 1 AND block_number > ?',
      ancestor,
      ancestor,
      ancestor,
    );
    await tx.run('DELETE FROM contracts WHERE first_seen_block >= ?', from);

    const miners = await tx.all<{ miner: string; n: number }>(
      'SELECT miner, count(*) AS n FROM blocks WHERE number >= ? AND number > 0 GROUP BY miner',
      from,
    );
    const orphanRewards = new Map<string, bigint>();
    for (const b of await tx.all<{ miner: string; reward: string }>('SELECT miner, reward FROM blocks WHERE number >= ? AND number > 0', from)) {
      orphanRewards.set(b.miner, (orphanRewards.get(b.miner) ?? 0n) + BigInt(b.reward));
    }
    const txs = (await tx.one<{ n: number }>('SELECT count(*) AS n FROM transactions WHERE id >= ?', firstId))?.n ?? 0;
    const logs = (await tx.one<{ n: number }>('SELECT count(*) AS n FROM logs WHERE id >= ?', firstId))?.n ?? 0;
    const blocks = (await tx.one<{ n: number }>('SELECT count(*) AS n FROM blocks WHERE number >= ?', from))?.n ?? 0;
    await tx.run("UPDATE counters SET value = value - ? WHERE name = 'transactions'", txs);
    await tx.run("UPDATE counters SET value = value - ? WHERE name = 'logs'", logs);
    await tx.run("UPDATE counters SET value = value - ? WHERE name = 'token_transfers'", rows.length);
    for (const a of touched) await tx.run('DELETE FROM address_transactions WHERE address = ? AND tx_id >= ?', a, firstId);
    // Read from the logs about to go: every approval they set goes back to its last grant before the fork.
    await rollbackApprovals(tx, from);
    await tx.run('DELETE FROM logs WHERE id >= ?', firstId);
    await tx.run('DELETE FROM transactions WHERE id >= ?', firstId);
    await tx.run('DELETE FROM blocks WHERE number >= ?', from);

    for (const m of miners) {
      const v = await tx.one<{ blocks_mined: number; rewards: string }>('SELECT blocks_mined, rewards FROM validators WHERE address = ?', m.miner);
      if (!v) continue;
      const left = v.blocks_mined - m.n;
      if (left <= 0) {
        await tx.run('DELETE FROM validators WHERE address = ?', m.miner);
        continue;
      }
      const last = (await tx.one<{ n: number }>('SELECT max(number) AS n FROM blocks WHERE miner = ?', m.miner))?.n ?? ancestor;
      await tx.run(
        'UPDATE validators SET blocks_mined = ?, rewards = ?, last_block = ? WHERE address = ?',
        left,
        (BigInt(v.rewards) - (orphanRewards.get(m.miner) ?? 0n)).toString(),
        last,
        m.miner,
      );
    }

    await tx.run('DELETE FROM addresses WHERE first_seen_block >= ?', from);
    for (const [address, balance] of balances) {
      await tx.run('UPDATE addresses SET balance = ?, balance_block = ? WHERE address = ?', pad(balance), ancestor, address);
    }
    for (const [token, supply] of supplies) {
      if (supply !== null) await tx.run('UPDATE contracts SET total_supply = ? WHERE address = ?', supply, token);
    }
    return { blocks, transactions: txs };
  });
  book.clear();
  return result;
}

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

/** Empties every chain table: the node serves another chain than the one indexed. */
async function clearAll(db: Store, book: AddressBook, fence: (tx: Queryable) => Promise<void>): Promise<RollbackResult> {
  const result = await db.transaction(async (tx) => {
    await fence(tx);
    const blocks = (await tx.one<{ n: number }>('SELECT count(*) AS n FROM blocks'))?.n ?? 0;
    const transactions = (await tx.one<{ n: number }>('SELECT count(*) AS n FROM transactions'))?.n ?? 0;
    for (const table of CHAIN_TABLES) await tx.run(`DELETE FROM ${table}`);
    await tx.run('UPDATE internal_trace SET block_number = NULL, block_hash = NULL WHERE id = 1');
    await tx.run('UPDATE counters SET value = 0');
    return { blocks, transactions };
  });
  book.clear();
  return result;
}
