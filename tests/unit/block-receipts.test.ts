import { describe, expect, it } from 'vitest';
import { BLOCK_RECEIPTS_MAX, rewardFromReceipts, withReceiptFigures } from '../../src/lib/blocks/receipts.ts';
import { loadBlockParam } from '../../src/lib/blocks/load.ts';
import { createIndexerClient, type FetchLike } from '../../src/lib/indexer-api/client.ts';
import { normalizeBlock } from '../../src/lib/normalize/block.ts';
import { normalizeReceipt } from '../../src/lib/normalize/receipt.ts';
import type { Block, Receipt } from '../../src/lib/model/types.ts';
import { fixtureJson, fixtureText } from '../upstream-fixtures.ts';

// A bug this guards against: against the chain operator's indexer the block page showed '—' for the block reward and for every
// transaction's gas used: that indexer stores neither. The receipts hold both (gas used, price paid).

const block = (name: string): Block => {
  const b = normalizeBlock(fixtureJson(name));
  if (!b) throw new Error(name);
  return b;
};
const receipt = (name: string): Receipt => {
  const r = normalizeReceipt(fixtureJson(name));
  if (!r) throw new Error(name);
  return r;
};

/** The recorded indexer: a receipt file per recorded hash, 404 for the others. */
function recorded(): { client: ReturnType<typeof createIndexerClient>; asked: string[] } {
  const asked: string[] = [];
  const files: Record<string, string> = {
    '0xfaeb17f6': 'transactions_0xfaeb17f6_receipt.json',
    '0x9b78d74d': 'transactions_0x9b78d74d_receipt.json',
    '0xb4b6686d': 'transactions_0xb4b6686d_receipt.json',
  };
  const fetch: FetchLike = async (input) => {
    const path = new URL(input).pathname;
    asked.push(path);
    const hash = /^\/transactions\/(0x[0-9a-f]{8})[0-9a-f]{56}\/receipt$/i.exec(path)?.[1]?.toLowerCase();
    const file = hash ? files[hash] : undefined;
    if (file) return new Response(fixtureText(file), { headers: { 'content-type': 'application/json' } });
    if (/^\/blocks\/\d+$/.test(path)) {
      const n = path.split('/')[2];
      if (['4', '7', '34'].includes(n ?? '')) return new Response(fixtureText(`blocks_${n}.json`), { headers: { 'content-type': 'application/json' } });
    }
    return Response.json({ error: 'Not found' }, { status: 404 });
  };
  return { client: createIndexerClient('http://indexer.test', { fetch }), asked };
}

describe('rewardFromReceipts: gas used × (price paid − base fee), summed', () => {
  it('sums the fees of the recorded deployment block (no base fee reported: the whole price counts)', () => {
    const b = block('blocks_7.json');
    const r = receipt('transactions_0x9b78d74d_receipt.json');
    expect(b.reward).toBeNull();
    expect(rewardFromReceipts(b, [r])).toBe(0x0a48ffn * 0x56631513n);
  });

  it('subtracts the base fee and never counts a price below it', () => {
    const b = { ...block('blocks_7.json'), baseFeePerGas: 0x56631513n - 100n };
    expect(rewardFromReceipts(b, [receipt('transactions_0x9b78d74d_receipt.json')])).toBe(0x0a48ffn * 100n);
    expect(rewardFromReceipts({ ...b, baseFeePerGas: 0x56631513n + 1n }, [receipt('transactions_0x9b78d74d_receipt.json')])).toBe(0n);
  });

  it('is unknown when a receipt is missing and the transaction has no gas used', () => {
    expect(rewardFromReceipts(block('blocks_4.json'), [receipt('transactions_0xfaeb17f6_receipt.json'), null, null, null])).toBeNull();
  });
});

describe('withReceiptFigures', () => {
  it('fills the reward and each gas used of the recorded block 7 from its receipt', async () => {
    const { client } = recorded();
    const b = await withReceiptFigures(client, block('blocks_7.json'));
    expect(b.reward).toBe(0x0a48ffn * 0x56631513n);
    expect(b.transactions.map((tx) => tx.gasUsed)).toEqual([0x0a48ffn]);
    expect(b.transactions[0]?.status).toBe(true);
  });

  it("an empty block's reward is 0, with no receipt asked", async () => {
    const { client, asked } = recorded();
    expect((await withReceiptFigures(client, block('blocks_34.json'))).reward).toBe(0n);
    expect(asked).toEqual([]);
  });

  it('fills the gas of the transactions whose receipts answer and keeps the reward unknown when one does not', async () => {
    const { client } = recorded();
    const b = await withReceiptFigures(client, block('blocks_4.json'));
    expect(b.transactions.map((tx) => tx.gasUsed)).toEqual([21_000n, null, null, null]);
    expect(b.reward).toBeNull();
  });

  it('asks nothing of a block the indexer reported in full, nor of one too busy to read', async () => {
    const { client, asked } = recorded();
    const full = { ...block('blocks_7.json'), reward: 5n, transactions: block('blocks_7.json').transactions.map((tx) => ({ ...tx, gasUsed: 1n })) };
    expect(await withReceiptFigures(client, full)).toBe(full);
    const tx = block('blocks_7.json').transactions[0]!;
    const busy = { ...block('blocks_7.json'), transactionCount: BLOCK_RECEIPTS_MAX + 1, transactions: Array.from({ length: BLOCK_RECEIPTS_MAX + 1 }, () => tx) };
    expect(await withReceiptFigures(client, busy)).toBe(busy);
    expect(asked).toEqual([]);
  });

  it('the block loader reads them when its client can', async () => {
    const { client } = recorded();
    const outcome = await loadBlockParam(client, { kind: 'number', number: 7 });
    expect(outcome.kind === 'found' ? outcome.block.reward : outcome.kind).toBe(0x0a48ffn * 0x56631513n);
  });
});
