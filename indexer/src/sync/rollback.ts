import type { AddressBook } from './address-book.ts';
import type { Queryable, Store } from '../store/types.ts';
import { ZERO_ADDRESS } from './fetch.ts';
import { Ledger } from './ledger.ts';
import { hexToBigInt, pad, toHex } from '../chain/num.ts';
import { totalSupplies } from './probe.ts';
import { isStateUnavailable, unwrap, type RpcClient } from '../chain/rpc.ts';
import {
  addressFirstSeen,
  chainCounts,
  clearChainTables,
  countsFrom,
  deleteAddressesFrom,
  deleteAddressTransactionsFrom,
  deleteChainFrom,
  deleteDerivedFrom,
  deleteValidator,
  lastBlockMinedBy,
  minedFrom,
  minersFrom,
  rewardsFrom,
  setAddressBalance,
  setValidatorTallies,
  subtractCounters,
  tokensMintedFrom,
  transactionPartiesFrom,
  transfersToUndo,
  validatorTallies,
} from '../store/queries/rollback.ts';
import { setTotalSupply } from '../store/queries/contracts.ts';
import { ROW_ID_BLOCK } from '../store/row-ids.ts';
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
  for (const r of await transactionPartiesFrom(db, firstId)) {
    touched.add(r.from_addr);
    if (r.to_addr) touched.add(r.to_addr);
    if (r.contract_address) touched.add(r.contract_address);
  }
  for (const miner of await minersFrom(db, from)) touched.add(miner);
  const kept: string[] = [];
  for (const a of touched) {
    const firstSeen = await addressFirstSeen(db, a);
    if (firstSeen !== undefined && firstSeen < from) kept.push(a);
  }
  const minted = await tokensMintedFrom(db, from, ZERO_ADDRESS);

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
    const rows = await transfersToUndo(tx, from);
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
    await deleteDerivedFrom(tx, from, firstId, ancestor);

    const miners = await minedFrom(tx, from);
    const orphanRewards = new Map<string, bigint>();
    for (const b of await rewardsFrom(tx, from)) {
      orphanRewards.set(b.miner, (orphanRewards.get(b.miner) ?? 0n) + BigInt(b.reward));
    }
    const { transactions: txs, logs, blocks } = await countsFrom(tx, from, firstId);
    await subtractCounters(tx, txs, logs, rows.length);
    for (const a of touched) await deleteAddressTransactionsFrom(tx, a, firstId);
    // Read from the logs about to go: every approval they set goes back to its last grant before the fork.
    await rollbackApprovals(tx, from);
    await deleteChainFrom(tx, from, firstId);

    for (const m of miners) {
      const v = await validatorTallies(tx, m.miner);
      if (!v) continue;
      const left = v.blocks_mined - m.n;
      if (left <= 0) {
        await deleteValidator(tx, m.miner);
        continue;
      }
      const last = (await lastBlockMinedBy(tx, m.miner)) ?? ancestor;
      await setValidatorTallies(tx, m.miner, left, (BigInt(v.rewards) - (orphanRewards.get(m.miner) ?? 0n)).toString(), last);
    }

    await deleteAddressesFrom(tx, from);
    for (const [address, balance] of balances) {
      await setAddressBalance(tx, address, pad(balance), ancestor);
    }
    for (const [token, supply] of supplies) {
      if (supply !== null) await setTotalSupply(tx, token, supply);
    }
    return { blocks, transactions: txs };
  });
  book.clear();
  return result;
}

/** Empties every chain table: the node serves another chain than the one indexed. */
async function clearAll(db: Store, book: AddressBook, fence: (tx: Queryable) => Promise<void>): Promise<RollbackResult> {
  const result = await db.transaction(async (tx) => {
    await fence(tx);
    const counts = await chainCounts(tx);
    await clearChainTables(tx);
    return counts;
  });
  book.clear();
  return result;
}
