// The ledger as it was before batching: every transfer read and wrote its balances and NFT row at once. Kept as the
// reference the batched ledger (indexer/src/sync/ledger.ts) must equal, state for state, on both backends.
import type { Queryable } from '../../indexer/src/store/types.ts';
import { pad, PADDED_ZERO } from '../../indexer/src/chain/num.ts';
import type { LedgerTransfer } from '../../indexer/src/sync/ledger.ts';

const ZERO = '0x0000000000000000000000000000000000000000';


/**
 * Derived token state (balances, holder counts, transfer counts, NFT ownership and supply) kept as a pure
 * function of the transfers: apply(t, 1) when a transfer is stored and apply(t, -1) when it is rolled back,
 * so a rollback restores exactly the state before the orphaned blocks.
 */
export class PerTransferLedger {
  /** Holder and transfer count changes per token, written once per batch by flush(). */
  private readonly tallies = new Map<string, { holders: number; transfers: number }>();

  /** Applies one transfer with sign 1 (store) or -1 (undo), inside the caller's transaction `q`. */
  async apply(q: Queryable, t: LedgerTransfer, sign: 1 | -1): Promise<void> {
    const v = t.value * BigInt(sign);
    const amount = t.tokenType === 'ERC721' ? BigInt(sign) : v;
    await this.move(q, t.tokenAddress, t.from, '', -amount);
    await this.move(q, t.tokenAddress, t.to, '', amount);
    if (t.tokenType === 'ERC1155' && t.tokenId !== null) {
      await this.move(q, t.tokenAddress, t.from, t.tokenId, -v);
      await this.move(q, t.tokenAddress, t.to, t.tokenId, v);
    }
    this.tally(t.tokenAddress).transfers += sign;
    if (t.tokenId === null) return;
    if (t.tokenType === 'ERC721') await this.nft721(q, t, sign);
    else if (t.tokenType === 'ERC1155') await this.nft1155(q, t, v);
  }

  private async move(q: Queryable, token: string, holder: string, tokenId: string, delta: bigint): Promise<void> {
    if (holder === ZERO || delta === 0n) return;
    const row = await q.one<{ balance: string }>(
      'SELECT balance FROM token_balances WHERE token_address = ? AND holder = ? AND token_id = ?',
      token,
      holder,
      tokenId,
    );
    const before = row ? BigInt(row.balance) : 0n;
    const after = before + delta;
    if (after === 0n) {
      await q.run('DELETE FROM token_balances WHERE token_address = ? AND holder = ? AND token_id = ?', token, holder, tokenId);
    } else {
      await q.run(
        `INSERT INTO token_balances (token_address, holder, token_id, balance) VALUES (?, ?, ?, ?)
         ON CONFLICT (token_address, holder, token_id) DO UPDATE SET balance = excluded.balance`,
        token,
        holder,
        tokenId,
        pad(after),
      );
    }
    if (tokenId !== '') return;
    const change = (after > 0n ? 1 : 0) - (before > 0n ? 1 : 0);
    if (change !== 0) this.tally(token).holders += change;
  }

  private tally(token: string): { holders: number; transfers: number } {
    let t = this.tallies.get(token);
    if (t === undefined) {
      t = { holders: 0, transfers: 0 };
      this.tallies.set(token, t);
    }
    return t;
  }

  /** Writes the holder and transfer counts accumulated since the last flush (inside the same transaction). */
  async flush(q: Queryable): Promise<void> {
    for (const [token, t] of this.tallies) {
      if (t.holders !== 0 || t.transfers !== 0) {
        await q.run(
          'UPDATE contracts SET holder_count = holder_count + ?, transfer_count = transfer_count + ? WHERE address = ?',
          t.holders,
          t.transfers,
          token,
        );
      }
    }
    this.tallies.clear();
  }

  /** Forgets unflushed counts (the transaction they belonged to was rolled back). */
  discard(): void {
    this.tallies.clear();
  }

  private async nft721(q: Queryable, t: LedgerTransfer, sign: 1 | -1): Promise<void> {
    const tokenId = t.tokenId as string;
    if (sign === -1) {
      await q.run(
        'UPDATE nft_tokens SET owner = ?, supply = ? WHERE token_address = ? AND token_id = ?',
        t.from === ZERO ? ZERO : t.from,
        t.from === ZERO ? PADDED_ZERO : pad(1n),
        t.tokenAddress,
        tokenId,
      );
      return;
    }
    await q.run(
      `INSERT INTO nft_tokens (token_address, token_id, token_type, owner, supply, creator, mint_tx, mint_block, minted_at)
       VALUES (?, ?, 'ERC721', ?, ?, ?, ?, ?, ?)
       ON CONFLICT (token_address, token_id) DO UPDATE SET owner = excluded.owner, supply = excluded.supply`,
      t.tokenAddress,
      tokenId,
      t.to,
      t.to === ZERO ? PADDED_ZERO : pad(1n),
      t.from === ZERO ? t.txFrom : null,
      t.from === ZERO ? t.txHash : null,
      t.blockNumber,
      t.from === ZERO ? t.timestamp : null,
    );
  }

  private async nft1155(q: Queryable, t: LedgerTransfer, v: bigint): Promise<void> {
    const tokenId = t.tokenId as string;
    const supplyDelta = (t.from === ZERO ? v : 0n) - (t.to === ZERO ? v : 0n);
    const row = await q.one<{ supply: string }>(
      'SELECT supply FROM nft_tokens WHERE token_address = ? AND token_id = ?',
      t.tokenAddress,
      tokenId,
    );
    if (row) {
      if (supplyDelta !== 0n) {
        await q.run(
          'UPDATE nft_tokens SET supply = ? WHERE token_address = ? AND token_id = ?',
          pad(BigInt(row.supply) + supplyDelta),
          t.tokenAddress,
          tokenId,
        );
      }
      return;
    }
    if (v < 0n) return;
    await q.run(
      `INSERT INTO nft_tokens (token_address, token_id, token_type, owner, supply, creator, mint_tx, mint_block, minted_at)
       VALUES (?, ?, 'ERC1155', NULL, ?, ?, ?, ?, ?)`,
      t.tokenAddress,
      tokenId,
      pad(supplyDelta),
      t.from === ZERO ? t.txFrom : null,
      t.from === ZERO ? t.txHash : null,
      t.blockNumber,
      t.from === ZERO ? t.timestamp : null,
    );
  }
}
