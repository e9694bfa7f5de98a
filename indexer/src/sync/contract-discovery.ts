import type { AddressBook } from './address-book.ts';
import type { ContractProbe } from './probe.ts';
import { markContracts } from '../store/queries/addresses.ts';
import { contractType, insertContract, isIndexedContract, setTokenType } from '../store/queries/contracts.ts';
import type { TokenType } from '../store/rows.ts';
import type { Queryable } from '../store/types.ts';

/** Where a contract was created. */
export interface Creation {
  creator: string;
  txHash: string;
  blockNumber: number;
  timestamp: number;
}

/**
 * Stores the contracts a batch shows for the first time (created, called or emitting logs), and upgrades a contract
 * the probe could not classify to the token type its transfer events show.
 */
export class ContractDiscovery {
  private readonly book: AddressBook;
  /** The batch's contract types as read or set, so each is read once per batch. */
  private types = new Map<string, string>();
  /** Contracts stored as a token type, which the writer never changes again (kept across batches until a rollback). */
  private readonly tokenTypes = new Set<string>();
  /** Contracts stored in the batch, marked as such in addresses once per batch. */
  private contracts: string[] = [];

  constructor(book: AddressBook) {
    this.book = book;
  }

  /** Starts a write: the types read by the batch before may have been rolled back. */
  beginWrite(): void {
    this.types = new Map();
  }

  /** Starts a batch's rows. */
  beginBatch(): void {
    this.contracts = [];
  }

  /** Forgets the token types remembered across batches (a rollback removed some). */
  forget(): void {
    this.tokenTypes.clear();
  }

  /** Marks the batch's new contracts as contracts in addresses. */
  async markStored(q: Queryable): Promise<void> {
    await markContracts(q, this.contracts);
  }

  /** Stores a contract seen for the first time (created here, called, or emitting logs). */
  async ensure(q: Queryable, address: string, blockNumber: number, creation: Creation | null, always: boolean): Promise<void> {
    const probe: ContractProbe | undefined = this.book.probe(address);
    if (probe === undefined) {
      if (!always || (await this.book.lookup(address, q)) === 'contract') return;
      if (await isIndexedContract(q, address)) return;
    }
    await insertContract(q, {
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
  async upgradeType(q: Queryable, address: string, type: TokenType): Promise<void> {
    if (this.tokenTypes.has(address)) return;
    let current = this.types.get(address);
    if (current === undefined) {
      current = (await contractType(q, address)) ?? 'none';
      this.types.set(address, current);
    }
    if (current !== 'none') {
      this.tokenTypes.add(address);
      return;
    }
    await setTokenType(q, address, type);
    this.types.set(address, type);
  }
}
