import { LRUCache } from 'lru-cache';
import { addressIsContract } from '../store/queries/addresses.ts';
import { isIndexedContract } from '../store/queries/contracts.ts';
import type { Queryable } from '../store/types.ts';
import type { ContractProbe } from './probe.ts';

/** What the indexer knows about an address: a probed contract, a contract already stored, or an account. */
export type AddressKind = ContractProbe | 'contract' | 'account';


/**
 * Memory of which addresses were already code-checked, so each address costs one eth_getCode at most
 * ("first sight"). Probe results wait here until the writer stores them. Cleared on rollback.
 */
export class AddressBook {
  private readonly db: Queryable;
  /** Each entry is an address and one of two words, so a count bounds the memory as well as bytes would. */
  private readonly kinds = new LRUCache<string, 'contract' | 'account'>({ max: 250_000 });
  private readonly pending = new Map<string, ContractProbe>();
  /**
   * Accounts whose code was seen to be an EIP-7702 delegation designator: they emit logs with their delegate's code,
   * yet stay accounts, and an account with a private key never gets other code, so one check is enough.
   */
  private readonly delegatedAccounts = new LRUCache<string, true>({ max: 50_000 });

  constructor(db: Queryable) {
    this.db = db;
  }

  /**
   * The known kind of an address, consulting the database on a cache miss (through `q`, the open transaction when
   * there is one); undefined when never seen.
   */
  async lookup(address: string, q: Queryable = this.db): Promise<AddressKind | undefined> {
    const waiting = this.pending.get(address);
    if (waiting !== undefined) return waiting;
    const cached = this.kinds.get(address);
    if (cached !== undefined) return cached;
    if (await isIndexedContract(q, address)) {
      this.remember(address, 'contract');
      return 'contract';
    }
    const isContract = await addressIsContract(q, address);
    if (isContract !== undefined) {
      const kind = isContract ? 'contract' : 'account';
      this.remember(address, kind);
      return kind;
    }
    return undefined;
  }

  /** The probe result waiting for the writer, if any. */
  probe(address: string): ContractProbe | undefined {
    return this.pending.get(address);
  }

  /** Records what was learnt about an address. */
  remember(address: string, kind: AddressKind): void {
    if (typeof kind === 'object') {
      this.pending.set(address, kind);
      return;
    }
    this.kinds.set(address, kind);
  }

  /** Marks a stored contract so its probe result can be dropped. */
  stored(address: string): void {
    this.pending.delete(address);
    this.remember(address, 'contract');
  }

  /** Whether the address was seen delegated (EIP-7702). */
  isDelegated(address: string): boolean {
    return this.delegatedAccounts.has(address);
  }

  /** Records an account seen delegated (EIP-7702). */
  markDelegated(address: string): void {
    this.delegatedAccounts.set(address, true);
  }

  /** Forgets everything (after a rollback, memory may describe orphaned blocks). */
  clear(): void {
    this.kinds.clear();
    this.pending.clear();
    this.delegatedAccounts.clear();
  }
}
