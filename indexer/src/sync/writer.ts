import type { AddressBook } from './address-book.ts';
import type { RawBlock, RawReceipt, RawTransaction } from '../chain/types.ts';
import { ROW_ID_BLOCK } from '../store/row-ids.ts';
import type { Queryable, Store } from '../store/types.ts';
import type { FetchedBatch } from './fetch.ts';
import { insertRows, type BulkTable } from '../store/bulk.ts';
import { markContracts, upsertAddresses } from '../store/queries/addresses.ts';
import { BLOCK_ROWS } from '../store/queries/blocks.ts';
import { contractType, insertContract, isIndexedContract, setTokenType, setTotalSupply } from '../store/queries/contracts.ts';
import { addToCounters } from '../store/queries/counters.ts';
import { LOG_ROWS } from '../store/queries/logs.ts';
import { transactionTypeRows } from '../store/queries/transaction-types.ts';
import { ADDRESS_TRANSACTION_ROWS, TRANSACTION_ROWS } from '../store/queries/transactions.ts';
import { TRANSFER_ROWS } from '../store/queries/transfers.ts';
import { addValidatorTallies, validatorRewards } from '../store/queries/validators.ts';
import { Ledger, type LedgerTransfer } from './ledger.ts';
import { hexToBigInt, hexToDecimal, hexToNumber, pad } from '../chain/num.ts';
import type { ContractProbe } from './probe.ts';
import type { TokenType } from '../store/rows.ts';
import { parseTransferLog } from './transfers.ts';
import { ApprovalBatch } from './approvals.ts';
import { typeDetailsRow, TYPE_DETAIL_COLUMNS } from './tx-types.ts';

/** Block producers whose reward totals the writer remembers at most (a chain with more reads them again). */
const MAX_PRODUCERS = 10_000;

/** What a stored batch added, for progress reporting. */
export interface WriteResult {
  last: number;
  lastHash: string;
  txs: number;
}

interface Creation {
  creator: string;
  txHash: string;
  blockNumber: number;
  timestamp: number;
}

function lower(a: string | null | undefined): string | null {
  return typeof a === 'string' ? a.toLowerCase() : null;
}

type Cell = string | number | null;

/**
 * Rows of the append-only tables (blocks, transactions, logs, transfers, address links), written at the end of the
 * batch's transaction as multi-row INSERTs: nothing in the batch reads them back, and one statement per 100 rows
 * instead of one per row saves a round trip each on PostgreSQL.
 */
class RowBuffer {
  private readonly tables = new Map<string, { columns: readonly string[]; suffix: string; rows: Cell[][] }>();

  add(table: BulkTable, row: Cell[]): void {
    let t = this.tables.get(table.name);
    if (t === undefined) {
      t = { columns: table.columns, suffix: table.suffix, rows: [] };
      this.tables.set(table.name, t);
    }
    t.rows.push(row);
  }

  async flush(q: Queryable): Promise<void> {
    for (const [table, t] of this.tables) await insertRows(q, table, t.columns, t.rows, t.suffix);
    this.tables.clear();
  }

  clear(): void {
    this.tables.clear();
  }
}

const TRANSACTION_TYPE_ROWS = transactionTypeRows(TYPE_DETAIL_COLUMNS);

/** A queryable that adds the time of each call to `spent.dbMs`. */
function timed(q: Queryable, spent: { dbMs: number }): Queryable {
  // The clock starts before the call: SQLite runs the statement synchronously inside it.
  const time = async <T>(call: () => Promise<T>): Promise<T> => {
    const began = performance.now();
    try {
      return await call();
    } finally {
      spent.dbMs += performance.now() - began;
    }
  };
  const insertMany = q.insertMany;
  return {
    one: (sql, ...params) => time(() => q.one(sql, ...params)),
    all: (sql, ...params) => time(() => q.all(sql, ...params)),
    run: (sql, ...params) => time(() => q.run(sql, ...params)),
    ...(insertMany ? { insertMany: (table, columns, rows, suffix) => time(() => insertMany(table, columns, rows, suffix)) } : {}),
  };
}

/** Stores fetched batches: one database transaction per batch, whole blocks only. */
export class Writer {
  private readonly db: Store;
  private readonly book: AddressBook;
  private readonly ledger = new Ledger();
  /** The batch's transaction while one is written. */
  private q: Queryable;
  private types = new Map<string, string>();
  /** Contracts stored as a token type, which the writer never changes again (kept across batches until a rollback). */
  private readonly tokenTypes = new Set<string>();
  /** Stored reward totals of block producers, so a batch adds to them without reading them (kept like tokenTypes). */
  private readonly producerRewards = new Map<string, bigint>();
  private readonly rows = new RowBuffer();
  /** The batch's ERC-20 allowances and operator approvals, last per key, written once its blocks are read. */
  private readonly approvals = new ApprovalBatch();
  private readonly spent = { writeMs: 0, dbMs: 0 };
  /** The batch's token transfers, applied to the ledger together once its blocks are read. */
  private transfers: LedgerTransfer[] = [];
  /** Contracts stored in the batch, marked as such in addresses once per batch. */
  private contracts: string[] = [];
  /** The batch's blocks per producer, written to validators once per batch. */
  private producers = new Map<string, { blocks: number; rewards: bigint; first: number; last: number }>();
  /** Called after each commit with the NFT rows that wait for metadata. */
  onNftRows: (() => void) | null = null;

  /** Runs first in each batch's transaction; it may refuse the write by throwing. */
  private readonly fence: (tx: Queryable) => Promise<void>;

  constructor(db: Store, book: AddressBook, fence: (tx: Queryable) => Promise<void> = async () => {}) {
    this.db = db;
    this.q = db;
    this.book = book;
    this.fence = fence;
  }

  /** Forgets what the writer remembers of stored rows (a rollback removed some). */
  forget(): void {
    this.tokenTypes.clear();
    this.producerRewards.clear();
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
    const before = this.built;
    let built!: () => void;
    this.built = new Promise<void>((resolve) => {
      built = resolve;
    });
    let nftTouched = false;
    let result: WriteResult;
    try {
      await before;
      this.types = new Map();
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

  /** Resolves once the last write called has built its transaction (see write). */
  private built: Promise<void> = Promise.resolve();

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
        this.q = tx;
        this.rows.clear();
        const result = await this.writeBatch(batch, nftSeen, tx);
        await this.rows.flush(tx);
        const waited = performance.now();
        await fenced;
        this.spent.dbMs += performance.now() - waited;
        return result;
      } finally {
        this.rows.clear();
        this.q = this.db;
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
      this.contracts = [];
      this.producers = new Map();
      const firstSeen = new Map<string, number>();
      for (const [bi, block] of batch.blocks.entries()) {
        const counts = await this.writeBlock(block, batch.receipts[bi] ?? [], firstSeen, batch.delegated);
        txs += counts.txs;
        logs += counts.logs;
        transfers += counts.transfers;
        if (counts.nft) nftSeen();
      }
      await this.tallyValidators();
      const addresses: Cell[][] = [];
      for (const [address, balance] of batch.balances) {
        const kind = await this.book.lookup(address, tx);
        addresses.push([address, pad(balance), batch.last, firstSeen.get(address) ?? batch.last, kind !== undefined && kind !== 'account' ? 1 : 0]);
      }
      await upsertAddresses(this.q, addresses);
      await markContracts(this.q, this.contracts);
      for (const [token, supply] of batch.supplies) {
        if (supply !== null) await setTotalSupply(this.q, token, supply);
      }
      await this.ledger.applyAll(tx, this.transfers, 1);
      await this.ledger.flush(tx);
      await this.approvals.flush(tx);
      // One statement for the three counters, none for a batch of empty blocks.
      if (txs + logs + transfers > 0) {
        await addToCounters(this.q, txs, logs, transfers);
      }
      const lastBlock = batch.blocks[batch.blocks.length - 1] as RawBlock;
      return { last: batch.last, lastHash: lastBlock.hash.toLowerCase(), txs };
    }
  }

  private async writeBlock(block: RawBlock, receipts: RawReceipt[], firstSeen: Map<string, number>, delegated?: Set<string>) {
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
      this.insertTx(tx, r, { number, timestamp, hash, from, to, created, status, txId, blockHash: block.hash.toLowerCase() });
      const details = typeDetailsRow(txId, tx, r);
      if (details !== null) this.rows.add(TRANSACTION_TYPE_ROWS, details);
      seen(from);
      seen(to);
      seen(created);
      for (const a of new Set([from, to, created])) {
        if (a !== null) this.rows.add(ADDRESS_TRANSACTION_ROWS, [a, txId]);
      }
      if (created !== null) await this.ensureContract(created, number, { creator: from, txHash: hash, blockNumber: number, timestamp }, true);
      if (to !== null && this.book.probe(to)) await this.ensureContract(to, number, null, false);
      for (const log of r.logs) {
        const emitter = log.address.toLowerCase();
        const logIndex = hexToNumber(log.logIndex);
        this.rows.add(LOG_ROWS, [
          number * ROW_ID_BLOCK + logIndex,
          number,
          logIndex,
          txId,
          hash,
          emitter,
          lower(log.topics[0]),
          lower(log.topics[1]),
          lower(log.topics[2]),
          lower(log.topics[3]),
          log.data,
        ]);
        logs++;
        this.approvals.add({ address: emitter, topics: log.topics, data: log.data }, { blockNumber: number, logIndex, txHash: hash, timestamp });
        if (delegated?.has(emitter) !== true) await this.ensureContract(emitter, number, null, true);
        for (const t of parseTransferLog({ address: emitter, topics: log.topics, data: log.data, logIndex })) {
          await this.upgradeType(t.tokenAddress, t.tokenType);
          const tokenId = t.tokenId === null ? null : pad(t.tokenId);
          this.rows.add(TRANSFER_ROWS, [
            number,
            logIndex,
            t.batchIndex,
            hash,
            timestamp,
            t.tokenAddress,
            t.tokenType,
            t.from,
            t.to,
            t.value.toString(),
            tokenId,
          ]);
          this.transfers.push({ ...t, tokenId, blockNumber: number, txHash: hash, txFrom: from, timestamp });
          transfers++;
          if (t.tokenType !== 'ERC20') nft = true;
        }
      }
    }
    this.rows.add(BLOCK_ROWS, [
      number,
      block.hash.toLowerCase(),
      block.parentHash.toLowerCase(),
      timestamp,
      miner,
      hexToBigInt(block.gasUsed).toString(),
      hexToBigInt(block.gasLimit).toString(),
      hexToDecimal(block.baseFeePerGas),
      hexToBigInt(block.difficulty).toString(),
      block.nonce ?? null,
      block.extraData ?? '0x',
      block.size ? hexToNumber(block.size) : null,
      block.transactions.length,
      reward.toString(),
    ]);
    // The genesis block is not produced by anyone; its miner field is a placeholder.
    if (number > 0) {
      const p = this.producers.get(miner);
      if (p === undefined) this.producers.set(miner, { blocks: 1, rewards: reward, first: number, last: number });
      else {
        p.blocks++;
        p.rewards += reward;
        p.last = number;
      }
    }
    return { txs: block.transactions.length, logs, transfers, nft };
  }

  /**
   * Adds the batch's blocks and rewards to each producer's row in one upsert. Rewards are decimal text (they outgrow
   * 64 bits), so the new total is computed here from the stored one, read once per producer and then remembered.
   */
  private async tallyValidators(): Promise<void> {
    const unknown = [...this.producers.keys()].filter((miner) => !this.producerRewards.has(miner));
    if (unknown.length > 0) {
      if (this.producerRewards.size > MAX_PRODUCERS) this.producerRewards.clear();
      for (const miner of unknown) this.producerRewards.set(miner, 0n);
      const stored = await validatorRewards(this.q, unknown);
      for (const v of stored) this.producerRewards.set(v.address, BigInt(v.rewards));
    }
    const rows: Cell[][] = [];
    for (const [miner, p] of this.producers) {
      const rewards = (this.producerRewards.get(miner) ?? 0n) + p.rewards;
      this.producerRewards.set(miner, rewards);
      rows.push([miner, p.blocks, rewards.toString(), p.first, p.last]);
    }
    await addValidatorTallies(this.q, rows);
  }

  private insertTx(
    tx: RawTransaction,
    r: RawReceipt,
    x: { number: number; timestamp: number; hash: string; from: string; to: string | null; created: string | null; status: number; txId: number; blockHash: string },
  ): void {
    this.rows.add(TRANSACTION_ROWS, [
      x.txId,
      x.hash,
      x.number,
      hexToNumber(tx.transactionIndex),
      x.blockHash,
      x.timestamp,
      x.from,
      x.to,
      x.created,
      hexToBigInt(tx.value).toString(),
      hexToBigInt(tx.gas).toString(),
      hexToDecimal(tx.gasPrice),
      hexToDecimal(tx.maxFeePerGas),
      hexToDecimal(tx.maxPriorityFeePerGas),
      hexToDecimal(r.effectiveGasPrice ?? tx.gasPrice),
      hexToBigInt(r.gasUsed).toString(),
      hexToBigInt(r.cumulativeGasUsed).toString(),
      tx.input ?? '0x',
      hexToNumber(tx.nonce),
      tx.type ? hexToNumber(tx.type) : null,
      x.status,
    ]);
  }

  /** Stores a contract seen for the first time (created here, called, or emitting logs). */
  private async ensureContract(address: string, blockNumber: number, creation: Creation | null, always: boolean): Promise<void> {
    const probe: ContractProbe | undefined = this.book.probe(address);
    if (probe === undefined) {
      if (!always || (await this.book.lookup(address, this.q)) === 'contract') return;
      if (await isIndexedContract(this.q, address)) return;
    }
    await insertContract(this.q, {
      address,
      creator: creation?.creator ?? null,
      creation_tx: creation?.txHash ?? null,
      block_number: creation?.blockNumber ?? null,
      timestamp: creation?.timestamp ?? null,
      first_seen_block: blockNumber,
      contract_type: probe?.type ?? 'none',
      name: probe?.name ?? null,
      symbol: probe?.symbol ?? null,
      decimals: probe?.decimals ?? null,
      total_supply: probe?.totalSupply ?? null,
      owner: probe?.owner ?? null,
      code_size: probe?.codeSize ?? null,
    });
    this.contracts.push(address);
    this.book.stored(address);
  }

  /** A contract the probe could not classify becomes a token once it emits that token's transfer event. */
  private async upgradeType(address: string, type: TokenType): Promise<void> {
    if (this.tokenTypes.has(address)) return;
    let current = this.types.get(address);
    if (current === undefined) {
      current = (await contractType(this.q, address)) ?? 'none';
      this.types.set(address, current);
    }
    if (current !== 'none') {
      this.tokenTypes.add(address);
      return;
    }
    await setTokenType(this.q, address, type);
    this.types.set(address, type);
  }
}

