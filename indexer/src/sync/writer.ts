import type { AddressBook } from './address-book.ts';
import type { RawBlock, RawReceipt } from '../chain/types.ts';
import { ROW_ID_BLOCK } from '../store/row-ids.ts';
import type { Queryable, Store } from '../store/types.ts';
import type { FetchedBatch } from './fetch.ts';
import { upsertAddresses } from '../store/queries/addresses.ts';
import { BLOCK_ROWS } from '../store/queries/blocks.ts';
import { setTotalSupply } from '../store/queries/contracts.ts';
import { addToCounters } from '../store/queries/counters.ts';
import { LOG_ROWS } from '../store/queries/logs.ts';
import { transactionTypeRows } from '../store/queries/transaction-types.ts';
import { ADDRESS_TRANSACTION_ROWS, TRANSACTION_ROWS } from '../store/queries/transactions.ts';
import { TRANSFER_ROWS } from '../store/queries/transfers.ts';
import { Ledger, type LedgerTransfer } from './ledger.ts';
import { hexToBigInt, hexToNumber, pad } from '../chain/num.ts';
import { parseTransferLog } from './transfers.ts';
import { ApprovalBatch } from './approvals.ts';
import { typeDetailsRow, TYPE_DETAIL_COLUMNS } from './tx-types.ts';
import { BuildTurns } from './build-turns.ts';
import { ContractDiscovery } from './contract-discovery.ts';
import { timed } from './db-timing.ts';
import { blockRow, logRow, lower, transactionRow, transferRow } from './batch-rows.ts';
import { RowBuffer, type Cell } from './row-buffer.ts';
import { ValidatorTally } from './validator-tally.ts';

/** What a stored batch added, for progress reporting. */
export interface WriteResult {
  last: number;
  lastHash: string;
  txs: number;
}

const TRANSACTION_TYPE_ROWS = transactionTypeRows(TYPE_DETAIL_COLUMNS);

/** Stores fetched batches: one database transaction per batch, whole blocks only. */
export class Writer {
  private readonly db: Store;
  private readonly book: AddressBook;
  private readonly ledger = new Ledger();
  private readonly contracts: ContractDiscovery;
  private readonly validators = new ValidatorTally();
  private readonly rows = new RowBuffer();
  /** The batch's ERC-20 allowances and operator approvals, last per key, written once its blocks are read. */
  private readonly approvals = new ApprovalBatch();
  private readonly spent = { writeMs: 0, dbMs: 0 };
  /** The batch's token transfers, applied to the ledger together once its blocks are read. */
  private transfers: LedgerTransfer[] = [];
  /** Called after each commit with the NFT rows that wait for metadata. */
  onNftRows: (() => void) | null = null;

  /** Runs first in each batch's transaction; it may refuse the write by throwing. */
  private readonly fence: (tx: Queryable) => Promise<void>;

  constructor(db: Store, book: AddressBook, fence: (tx: Queryable) => Promise<void> = async () => {}) {
    this.db = db;
    this.book = book;
    this.contracts = new ContractDiscovery(book);
    this.fence = fence;
  }

  /** Forgets what the writer remembers of stored rows (a rollback removed some). */
  forget(): void {
    this.contracts.forget();
    this.validators.forget();
  }

  /**
   * Time spent writing batches, and the part of it in database calls (for the bench's time shares). Where the store
   * pipelines transactions, the time building each transaction only (the syncer counts its waits for commits).
   */
  timings(): { writeMs: number; dbMs: number } {
    return { ...this.spent };
  }

  /**
   * Writes a batch atomically and returns the new tip once it is committed. Calls may overlap: each waits until the
   * one before has built its transaction, and, unless the store pipelines transactions, until it is committed.
   */
  async write(batch: FetchedBatch): Promise<WriteResult> {
    const { wait: before, end: built } = this.turns.take();
    let nftTouched = false;
    let result: WriteResult;
    try {
      await before;
      this.contracts.beginWrite();
      result = await this.writeInTransaction(
        batch,
        () => {
          nftTouched = true;
        },
        this.db.pipelined === true ? built : () => {},
      );
    } catch (err) {
      // The rollback undid rows the address memory may already count as stored.
      this.book.clear();
      this.forget();
      this.ledger.discard();
      this.approvals.clear();
      throw err;
    } finally {
      built();
    }
    if (nftTouched) this.onNftRows?.();
    return result;
  }

  /** The order of overlapping writes (see write). */
  private readonly turns = new BuildTurns();

  private async writeInTransaction(batch: FetchedBatch, nftSeen: () => void, built: () => void): Promise<WriteResult> {
    // Database time is the time inside queries plus what the transaction costs around our callback (BEGIN, COMMIT).
    let inside = 0;
    const began = performance.now();
    const out = await this.db.transaction(async (raw) => {
      const entered = performance.now();
      const tx = timed(raw, this.spent);
      // The fence is the transaction's first statement and its answer is awaited last, so the batch is built meanwhile
      // (on PostgreSQL's pipelined connection, the fence is checked by the server and this returns at once).
      const fenced = this.fence(raw);
      fenced.catch(() => {});
      try {
        this.rows.clear();
        const result = await this.writeBatch(batch, nftSeen, tx);
        await this.rows.flush(tx);
        const waited = performance.now();
        await fenced;
        this.spent.dbMs += performance.now() - waited;
        return result;
      } finally {
        this.rows.clear();
        inside = performance.now() - entered;
        built();
      }
      // A batch lost to a crash is fetched again: the sync resumes after the last block that was kept.
    }, { relaxed: true, pipeline: true });
    // Pipelined, the wait for the COMMIT overlaps the next batch's work: the syncer counts the time it really waits.
    if (this.db.pipelined === true) this.spent.writeMs += inside;
    else {
      this.spent.writeMs += performance.now() - began;
      this.spent.dbMs += performance.now() - began - inside;
    }
    return out;
  }

  private async writeBatch(batch: FetchedBatch, nftSeen: () => void, tx: Queryable): Promise<WriteResult> {
    {
      let txs = 0;
      let logs = 0;
      let transfers = 0;
      this.transfers = [];
      this.contracts.beginBatch();
      this.validators.begin();
      const firstSeen = new Map<string, number>();
      for (const [bi, block] of batch.blocks.entries()) {
        const counts = await this.writeBlock(tx, block, batch.receipts[bi] ?? [], firstSeen, batch.delegated);
        txs += counts.txs;
        logs += counts.logs;
        transfers += counts.transfers;
        if (counts.nft) nftSeen();
      }
      await this.validators.write(tx);
      const addresses: Cell[][] = [];
      for (const [address, balance] of batch.balances) {
        const kind = await this.book.lookup(address, tx);
        addresses.push([address, pad(balance), batch.last, firstSeen.get(address) ?? batch.last, kind !== undefined && kind !== 'account' ? 1 : 0]);
      }
      await upsertAddresses(tx, addresses);
      await this.contracts.markStored(tx);
      for (const [token, supply] of batch.supplies) {
        if (supply !== null) await setTotalSupply(tx, token, supply);
      }
      await this.ledger.applyAll(tx, this.transfers, 1);
      await this.ledger.flush(tx);
      await this.approvals.flush(tx);
      // One statement for the three counters, none for a batch of empty blocks.
      if (txs + logs + transfers > 0) {
        await addToCounters(tx, txs, logs, transfers);
      }
      const lastBlock = batch.blocks[batch.blocks.length - 1] as RawBlock;
      return { last: batch.last, lastHash: lastBlock.hash.toLowerCase(), txs };
    }
  }

  private async writeBlock(q: Queryable, block: RawBlock, receipts: RawReceipt[], firstSeen: Map<string, number>, delegated?: Set<string>) {
    const number = hexToNumber(block.number);
    const timestamp = hexToNumber(block.timestamp);
    const baseFee = hexToBigInt(block.baseFeePerGas);
    const miner = (block.miner ?? '0x0000000000000000000000000000000000000000').toLowerCase();
    const seen = (a: string | null): void => {
      if (a !== null && !firstSeen.has(a)) firstSeen.set(a, number);
    };
    seen(miner);
    let reward = 0n;
    let logs = 0;
    let transfers = 0;
    let nft = false;
    for (const [i, tx] of block.transactions.entries()) {
      const r = receipts[i] as RawReceipt;
      const from = tx.from.toLowerCase();
      const to = lower(tx.to);
      const gasUsed = hexToBigInt(r.gasUsed);
      const price = hexToBigInt(r.effectiveGasPrice ?? tx.gasPrice);
      if (price > baseFee) reward += gasUsed * (price - baseFee);
      const status = hexToBigInt(r.status ?? '0x1') === 1n ? 1 : 0;
      const created = status === 1 ? lower(r.contractAddress) : null;
      const txIndex = hexToNumber(tx.transactionIndex);
      const txId = number * ROW_ID_BLOCK + txIndex;
      const hash = tx.hash.toLowerCase();
      this.rows.add(TRANSACTION_ROWS, transactionRow(tx, r, { number, timestamp, hash, from, to, created, status, txId, blockHash: block.hash.toLowerCase() }));
      const details = typeDetailsRow(txId, tx, r);
      if (details !== null) this.rows.add(TRANSACTION_TYPE_ROWS, details);
      seen(from);
      seen(to);
      seen(created);
      for (const a of new Set([from, to, created])) {
        if (a !== null) this.rows.add(ADDRESS_TRANSACTION_ROWS, [a, txId]);
      }
      if (created !== null) await this.contracts.ensure(q, created, number, { creator: from, txHash: hash, blockNumber: number, timestamp }, true);
      if (to !== null && this.book.probe(to)) await this.contracts.ensure(q, to, number, null, false);
      for (const log of r.logs) {
        const emitter = log.address.toLowerCase();
        const logIndex = hexToNumber(log.logIndex);
        this.rows.add(LOG_ROWS, logRow(number, logIndex, txId, hash, emitter, log));
        logs++;
        this.approvals.add({ address: emitter, topics: log.topics, data: log.data }, { blockNumber: number, logIndex, txHash: hash, timestamp });
        if (delegated?.has(emitter) !== true) await this.contracts.ensure(q, emitter, number, null, true);
        for (const t of parseTransferLog({ address: emitter, topics: log.topics, data: log.data, logIndex })) {
          await this.contracts.upgradeType(q, t.tokenAddress, t.tokenType);
          const tokenId = t.tokenId === null ? null : pad(t.tokenId);
          this.rows.add(TRANSFER_ROWS, transferRow(number, logIndex, hash, timestamp, t, tokenId));
          this.transfers.push({ ...t, tokenId, blockNumber: number, txHash: hash, txFrom: from, timestamp });
          transfers++;
          if (t.tokenType !== 'ERC20') nft = true;
        }
      }
    }
    this.rows.add(BLOCK_ROWS, blockRow(block, number, timestamp, miner, reward));
    this.validators.add(miner, number, reward);
    return { txs: block.transactions.length, logs, transfers, nft };
  }
}
