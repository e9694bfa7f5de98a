import type { Key } from '../store/bulk.ts';
import { addToTokenCounts } from '../store/queries/contracts.ts';
import { nftStates, setNftState, upsertNfts } from '../store/queries/nfts.ts';
import { balancesOfHolders, deleteBalances, upsertBalances } from '../store/queries/tokens.ts';
import type { Queryable, SqlParam } from '../store/types.ts';
import { pad, PADDED_ZERO } from '../chain/num.ts';
import type { TokenType } from '../store/rows.ts';

const ZERO = '0x0000000000000000000000000000000000000000';

/** A transfer as the ledger applies it (forward when storing, backward when rolling back). */
export interface LedgerTransfer {
  tokenAddress: string;
  tokenType: TokenType;
  from: string;
  to: string;
  value: bigint;
  /** Padded token id, null for ERC-20. */
  tokenId: string | null;
  blockNumber: number;
  txHash: string;
  txFrom: string;
  timestamp: number;
}

/** A (token, holder, id) balance touched since the last flush: as stored before, and as it is now. */
interface BalanceEntry {
  token: string;
  holder: string;
  tokenId: string;
  before: bigint;
  after: bigint;
}

/** An nft_tokens row touched since the last flush; `created` holds the insert's fields when the row is new. */
interface NftEntry {
  token: string;
  tokenId: string;
  exists: boolean;
  owner: string | null;
  supply: string;
  changed: boolean;
  created: { type: 'ERC721' | 'ERC1155'; creator: string | null; mintTx: string | null; mintBlock: number; mintedAt: number | null } | null;
}

const key = (...parts: string[]): string => parts.join('|');

/**
 * Derived token state (balances, holder counts, transfer counts, NFT ownership and supply) kept as a pure
 * function of the transfers: apply(t, 1) when a transfer is stored and apply(t, -1) when it is rolled back,
 * so a rollback restores exactly the state before the orphaned blocks.
 *
 * The state a batch touches is read once (load), changed in memory transfer by transfer, and written once per key
 * by flush(), inside the caller's transaction: one SELECT and one write per (token, holder, id) and per NFT per batch
 * instead of per transfer. A holder count changes by (balance after the batch > 0) − (balance before > 0), which is
 * the sum of the per-transfer changes. One Ledger applies one direction (1 or -1) between flushes.
 */
export class Ledger {
  /** Holder and transfer count changes per token, written once per batch by flush(). */
  private readonly tallies = new Map<string, { holders: number; transfers: number }>();
  private readonly balances = new Map<string, BalanceEntry>();
  private readonly nfts = new Map<string, NftEntry>();
  private sign: 1 | -1 | null = null;

  /** Applies transfers in order with sign 1 (store) or -1 (undo), reading the state they touch in a few queries. */
  async applyAll(q: Queryable, transfers: readonly LedgerTransfer[], sign: 1 | -1): Promise<void> {
    await this.load(q, transfers);
    for (const t of transfers) this.applyLoaded(t, sign);
  }

  /** Applies one transfer with sign 1 (store) or -1 (undo), inside the caller's transaction `q`. */
  async apply(q: Queryable, t: LedgerTransfer, sign: 1 | -1): Promise<void> {
    await this.applyAll(q, [t], sign);
  }

  /** Reads the stored balances and NFT rows the transfers touch that are not in memory yet. */
  private async load(q: Queryable, transfers: readonly LedgerTransfer[]): Promise<void> {
    // (token, holder) pairs to read: all of a holder's rows of a token come back, whichever ids are wanted.
    const holders = new Map<string, Key>();
    const ids: Key[] = [];
    // Entries created by this load: only they take the stored values (a holder's rows of other ids come back too).
    const fresh = new Set<string>();
    const want = (token: string, holder: string, tokenId: string): void => {
      const k = key(token, holder, tokenId);
      if (holder === ZERO || this.balances.has(k)) return;
      this.balances.set(k, { token, holder, tokenId, before: 0n, after: 0n });
      fresh.add(k);
      holders.set(key(token, holder), [token, holder]);
    };
    for (const t of transfers) {
      want(t.tokenAddress, t.from, '');
      want(t.tokenAddress, t.to, '');
      if (t.tokenId === null) continue;
      if (t.tokenType === 'ERC1155') {
        want(t.tokenAddress, t.from, t.tokenId);
        want(t.tokenAddress, t.to, t.tokenId);
      }
      const k = key(t.tokenAddress, t.tokenId);
      if (t.tokenType === 'ERC20' || this.nfts.has(k)) continue;
      fresh.add(k);
      this.nfts.set(k, { token: t.tokenAddress, tokenId: t.tokenId, exists: false, owner: null, supply: PADDED_ZERO, changed: false, created: null });
      ids.push([t.tokenAddress, t.tokenId]);
    }
    // One query per kind of row for all the batch's tokens, not one per token.
    const balances = await balancesOfHolders(q, [...holders.values()]);
    for (const r of balances) {
      const k = key(r.token_address, r.holder, r.token_id);
      const e = this.balances.get(k);
      if (e !== undefined && fresh.has(k)) e.before = e.after = BigInt(r.balance);
    }
    const nfts = await nftStates(q, ids);
    for (const r of nfts) {
      const k = key(r.token_address, r.token_id);
      const e = this.nfts.get(k);
      if (e !== undefined && fresh.has(k)) {
        e.exists = true;
        e.owner = r.owner;
        e.supply = r.supply;
      }
    }
  }

  /** One transfer, on state already in memory. */
  private applyLoaded(t: LedgerTransfer, sign: 1 | -1): void {
    if (this.sign !== null && this.sign !== sign) throw new Error('a ledger applies one direction between flushes');
    this.sign = sign;
    const v = t.value * BigInt(sign);
    const amount = t.tokenType === 'ERC721' ? BigInt(sign) : v;
    this.move(t.tokenAddress, t.from, '', -amount);
    this.move(t.tokenAddress, t.to, '', amount);
    if (t.tokenType === 'ERC1155' && t.tokenId !== null) {
      this.move(t.tokenAddress, t.from, t.tokenId, -v);
      this.move(t.tokenAddress, t.to, t.tokenId, v);
    }
    this.tally(t.tokenAddress).transfers += sign;
    if (t.tokenId === null) return;
    const nft = this.nfts.get(key(t.tokenAddress, t.tokenId)) as NftEntry;
    if (t.tokenType === 'ERC721') this.nft721(nft, t, sign);
    else if (t.tokenType === 'ERC1155') this.nft1155(nft, t, v);
  }

  private move(token: string, holder: string, tokenId: string, delta: bigint): void {
    if (holder === ZERO || delta === 0n) return;
    const e = this.balances.get(key(token, holder, tokenId)) as BalanceEntry;
    e.after += delta;
  }

  private tally(token: string): { holders: number; transfers: number } {
    let t = this.tallies.get(token);
    if (t === undefined) {
      t = { holders: 0, transfers: 0 };
      this.tallies.set(token, t);
    }
    return t;
  }

  /** Writes what was applied since the last flush: each touched balance and NFT once, then the counts (same transaction). */
  async flush(q: Queryable): Promise<void> {
    const upserts: SqlParam[][] = [];
    const zeroed: Key[] = [];
    for (const e of this.balances.values()) {
      if (e.after === e.before) continue;
      if (e.tokenId === '') {
        const change = (e.after > 0n ? 1 : 0) - (e.before > 0n ? 1 : 0);
        if (change !== 0) this.tally(e.token).holders += change;
      }
      if (e.after === 0n) zeroed.push([e.token, e.holder, e.tokenId]);
      else upserts.push([e.token, e.holder, e.tokenId, pad(e.after)]);
    }
    await deleteBalances(q, zeroed);
    await upsertBalances(q, upserts);
    const nfts: SqlParam[][] = [];
    for (const e of this.nfts.values()) {
      if (!e.changed) continue;
      if (e.created === null && this.sign === -1) {
        // Undoing never creates rows: an update of the stored row, as the per-transfer UPDATE did.
        await setNftState(q, e.token, e.tokenId, e.owner, e.supply);
        continue;
      }
      const c = e.created;
      // A row stored before keeps its type and mint fields (ON CONFLICT updates owner and supply only); the
      // placeholders for them only satisfy NOT NULL.
      nfts.push([e.token, e.tokenId, c?.type ?? 'ERC721', e.owner, e.supply, c?.creator ?? null, c?.mintTx ?? null, c?.mintBlock ?? 0, c?.mintedAt ?? null]);
    }
    await upsertNfts(q, nfts);
    const counts: SqlParam[][] = [];
    for (const [token, t] of this.tallies) if (t.holders !== 0 || t.transfers !== 0) counts.push([token, t.holders, t.transfers]);
    await addToTokenCounts(q, counts);
    this.discard();
  }

  /** Forgets unflushed state (the transaction it belonged to was rolled back, or it was written). */
  discard(): void {
    this.tallies.clear();
    this.balances.clear();
    this.nfts.clear();
    this.sign = null;
  }

  private nft721(e: NftEntry, t: LedgerTransfer, sign: 1 | -1): void {
    // Storing moves the item to `to`; undoing moves it back to `from` (the zero address: burnt, or not minted yet).
    const owner = sign === -1 ? t.from : t.to;
    if (sign === -1) {
      // An UPDATE: a row that is not stored stays absent.
      if (!e.exists) return;
    } else if (!e.exists) {
      e.exists = true;
      e.created = mintFields('ERC721', t);
    }
    e.owner = owner;
    e.supply = owner === ZERO ? PADDED_ZERO : pad(1n);
    e.changed = true;
  }

  private nft1155(e: NftEntry, t: LedgerTransfer, v: bigint): void {
    const supplyDelta = (t.from === ZERO ? v : 0n) - (t.to === ZERO ? v : 0n);
    if (e.exists) {
      if (supplyDelta !== 0n) {
        e.supply = pad(BigInt(e.supply) + supplyDelta);
        e.changed = true;
      }
      return;
    }
    if (v < 0n) return;
    e.exists = true;
    e.owner = null;
    e.supply = pad(supplyDelta);
    e.changed = true;
    e.created = mintFields('ERC1155', t);
  }
}

/** The fields an NFT row is created with: its mint's sender, transaction and time when the transfer is the mint. */
function mintFields(type: 'ERC721' | 'ERC1155', t: LedgerTransfer): NonNullable<NftEntry['created']> {
  const mint = t.from === ZERO;
  return { type, creator: mint ? t.txFrom : null, mintTx: mint ? t.txHash : null, mintBlock: t.blockNumber, mintedAt: mint ? t.timestamp : null };
}
