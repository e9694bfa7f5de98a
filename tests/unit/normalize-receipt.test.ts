import { describe, expect, it } from 'vitest';
import { applyReceipt, normalizeLog, normalizeReceipt } from '../../src/lib/normalize/receipt.ts';
import { normalizeTransaction } from '../../src/lib/normalize/transaction.ts';
import { fixtureJson as fixture } from '../upstream-fixtures.ts';

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

describe('upstream receipts', () => {
  it('transactions_0xb4b6686d_receipt.json: success with one Transfer log', () => {
    const receipt = normalizeReceipt(fixture('transactions_0xb4b6686d_receipt.json'));
    expect(receipt?.status).toBe(true);
    expect(receipt?.gasUsed).toBe(51_604n);
    expect(receipt?.effectiveGasPrice).toBe(0x505fbfb6n);
    expect(receipt?.contractAddress).toBeNull();
    expect(receipt?.blockNumber).toBe(9);
    expect(receipt?.logs).toHaveLength(1);
    expect(receipt?.logs[0]).toEqual({
      address: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
      topics: [
        TRANSFER_TOPIC,
        '0x000000000000000000000000f39fd6e51aad88f6f4ce6ab8827279cfffb92266',
        '0x00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8',
      ],
      data: '0x00000000000000000000000000000000000000000000003635c9adc5dea00000',
      logIndex: 0,
      transactionHash: '0xb4b6686df104fc22b7d744bfb4b59a7a96672f8695bbb728c647db1e13acd742',
      blockNumber: 9,
    });
  });

  it('transactions_0xa9831f0e_receipt.json: a reverted transaction', () => {
    const receipt = normalizeReceipt(fixture('transactions_0xa9831f0e_receipt.json'));
    expect(receipt?.status).toBe(false);
    expect(receipt?.gasUsed).toBe(0x5fc3n);
    expect(receipt?.logs).toEqual([]);
  });

  it('transactions_0x9b78d74d_receipt.json: a deployment names the created contract', () => {
    const receipt = normalizeReceipt(fixture('transactions_0x9b78d74d_receipt.json'));
    expect(receipt?.to).toBeNull();
    expect(receipt?.contractAddress?.toLowerCase()).toBe('0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0');
    expect(receipt?.logs).toHaveLength(2);
  });

  it('transactions_0xb26fa075_receipt.json: an ERC-1155 log keeps 4 topics', () => {
    expect(normalizeReceipt(fixture('transactions_0xb26fa075_receipt.json'))?.logs[0]?.topics).toHaveLength(4);
  });

  it('an {error} body is not a receipt', () => {
    expect(normalizeReceipt(fixture('transactions_0xabababab_receipt.json'))).toBeNull();
  });
});

describe('receipt status forms', () => {
  it.each([
    ['0x1', true],
    ['0x0', false],
    [1, true],
    [0, false],
    [true, true],
    [null, null],
  ])('status %j → %j', (status, expected) => {
    expect(normalizeReceipt({ status, logs: [] })?.status).toBe(expected);
  });

  it('a log without an address is dropped; bad topics are filtered', () => {
    expect(normalizeLog({ topics: [] })).toBeNull();
    expect(normalizeLog({ address: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0', topics: [TRANSFER_TOPIC, 5, 'x'], data: 'zz', index: '3' })).toEqual({
      address: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
      topics: [TRANSFER_TOPIC],
      data: '0x',
      logIndex: 3,
      transactionHash: null,
      blockNumber: null,
    });
  });
});

describe('applyReceipt', () => {
  const tx = normalizeTransaction(fixture('transactions_0xb4b6686d.json'));
  const receipt = normalizeReceipt(fixture('transactions_0xb4b6686d_receipt.json'));

  it('fills status and gas used from the receipt', () => {
    if (!tx) throw new Error('fixture did not normalize');
    const merged = applyReceipt(tx, receipt);
    expect(merged.status).toBe(true);
    expect(merged.gasUsed).toBe(51_604n);
  });

  it('keeps the transaction as it is without a receipt', () => {
    if (!tx) throw new Error('fixture did not normalize');
    expect(applyReceipt(tx, null)).toBe(tx);
  });

  it("the transaction's own status wins", () => {
    if (!tx || !receipt) throw new Error('fixture did not normalize');
    expect(applyReceipt({ ...tx, status: false }, receipt).status).toBe(false);
  });
});
