// The batched ledger against the per-transfer ledger it replaced, on the suite's backend: the same random
// transfers (ERC-20, ERC-721, ERC-1155; mints, burns, balances drained to exactly zero, self-transfers, transfers of
// more than a holder has), applied in batches of random sizes and partly undone as a rollback does, leave every
// balance, holder count, transfer count and NFT row equal to the per-transfer results after every batch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../devnet/rng.ts';
import { Ledger, type LedgerTransfer } from '../../indexer/src/sync/ledger.ts';
import type { Store } from '../../indexer/src/store/types.ts';
import type { TokenType } from '../../indexer/src/store/rows.ts';
import { pad } from '../../indexer/src/chain/num.ts';
import { scratchStore } from './backend.ts';
import { PerTransferLedger } from './reference-ledger.ts';

const ZERO = '0x0000000000000000000000000000000000000000';
const address = (n: number): string => `0x${n.toString(16).padStart(40, '0')}`;
const TOKENS: { address: string; type: TokenType }[] = [
  { address: address(0xe20a), type: 'ERC20' },
  { address: address(0xe20b), type: 'ERC20' },
  { address: address(0x721a), type: 'ERC721' },
  { address: address(0x1155), type: 'ERC1155' },
];
const HOLDERS = [ZERO, ...Array.from({ length: 7 }, (_, i) => address(0xa00 + i))];

/** Deterministic transfers: small values over few holders, so balances often return to exactly zero. */
function transfers(rng: Rng, count: number): LedgerTransfer[] {
  const out: LedgerTransfer[] = [];
  for (let i = 0; i < count; i++) {
    const token = rng.pick(TOKENS);
    const from = rng.next() < 0.2 ? ZERO : rng.pick(HOLDERS);
    const to = rng.next() < 0.1 ? ZERO : rng.pick(HOLDERS);
    const base = { tokenAddress: token.address, tokenType: token.type, from, to, blockNumber: 1 + i, txHash: `0x${(i + 1).toString(16).padStart(64, '0')}`, txFrom: rng.pick(HOLDERS.slice(1)), timestamp: 1_000 + i };
    if (token.type === 'ERC20') out.push({ ...base, value: BigInt(rng.int(0, 3)), tokenId: null });
    else if (token.type === 'ERC721') out.push({ ...base, value: 1n, tokenId: pad(BigInt(rng.int(1, 6))) });
    else out.push({ ...base, value: BigInt(rng.int(0, 3)), tokenId: pad(BigInt(rng.int(1, 4))) });
  }
  return out;
}

/** Every row the ledger writes, in a comparable order. */
async function state(db: Store): Promise<unknown> {
  return {
    balances: await db.all('SELECT token_address, holder, token_id, balance FROM token_balances ORDER BY token_address, holder, token_id'),
    nfts: await db.all('SELECT token_address, token_id, token_type, owner, supply, creator, mint_tx, mint_block, minted_at FROM nft_tokens ORDER BY token_address, token_id'),
    counts: await db.all('SELECT address, holder_count, transfer_count FROM contracts ORDER BY address'),
  };
}

describe('the batched ledger', () => {
  let batched: Store;
  let reference: Store;

  beforeAll(async () => {
    [batched, reference] = await Promise.all([scratchStore(), scratchStore()]);
    for (const db of [batched, reference]) {
      for (const t of TOKENS) {
        await db.run("INSERT INTO contracts (address, first_seen_block, contract_type) VALUES (?, 0, ?)", t.address, t.type);
      }
    }
  });

  afterAll(async () => {
    await Promise.all([batched?.close(), reference?.close()]);
  });

  it('equals the per-transfer ledger after every batch, forward and undone', async () => {
    const rng = new Rng(25);
    const all = transfers(rng, 1_500);
    const stored: LedgerTransfer[] = [];
    const ledger = new Ledger();
    const slow = new PerTransferLedger();
    let negative = 0;
    let shrank = 0;
    let rows = 0;
    let undone = 0;
    for (let i = 0; i < all.length; ) {
      const batch = all.slice(i, (i += rng.int(1, 120)));
      await batched.transaction(async (tx) => {
        await ledger.applyAll(tx, batch, 1);
        await ledger.flush(tx);
      });
      await reference.transaction(async (tx) => {
        for (const t of batch) await slow.apply(tx, t, 1);
        await slow.flush(tx);
      });
      stored.push(...batch);
      // Now and then a rollback: the newest transfers undone, newest first, as rollbackTo does.
      if (rng.next() < 0.25) {
        const orphaned = stored.splice(stored.length - rng.int(1, Math.min(stored.length, 150))).reverse();
        undone += orphaned.length;
        await batched.transaction(async (tx) => {
          await ledger.applyAll(tx, orphaned, -1);
          await ledger.flush(tx);
        });
        await reference.transaction(async (tx) => {
          for (const t of orphaned) await slow.apply(tx, t, -1);
          await slow.flush(tx);
        });
      }
      expect(await state(batched)).toEqual(await state(reference));
      negative += Number((await batched.one<{ n: number }>("SELECT count(*) AS n FROM token_balances WHERE balance LIKE '-%'"))?.n ?? 0);
      const now = Number((await batched.one<{ n: number }>('SELECT count(*) AS n FROM token_balances'))?.n ?? 0);
      if (now < rows) shrank++;
      rows = now;
    }
    // The run went through the cases it is meant to cover.
    const counts = await batched.all<{ holder_count: number; transfer_count: number }>('SELECT holder_count, transfer_count FROM contracts');
    expect(counts.every((c) => c.transfer_count > 0)).toBe(true);
    expect(counts.some((c) => c.holder_count > 0)).toBe(true);
    expect(negative).toBeGreaterThan(0);
    expect(shrank).toBeGreaterThan(0);
    expect(undone).toBeGreaterThan(100);
  });

  it('refuses to mix directions between flushes', async () => {
    const ledger = new Ledger();
    const [t] = transfers(new Rng(1), 1) as [LedgerTransfer];
    await expect(
      batched.transaction(async (tx) => {
        await ledger.applyAll(tx, [t], 1);
        await ledger.applyAll(tx, [t], -1);
      }),
    ).rejects.toThrow(/one direction/);
    ledger.discard();
  });
});
