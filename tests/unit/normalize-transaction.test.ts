import { describe, expect, it } from 'vitest';
import {
  normalizeDecodedCall,
  normalizeDecodedTransaction,
  normalizeTransaction,
  normalizeTransactions,
  paramText,
} from '../../src/lib/normalize/transaction.ts';
import { fixtureJson as fixture } from '../upstream-fixtures.ts';

const HASH = '0xb4b6686df104fc22b7d744bfb4b59a7a96672f8695bbb728c647db1e13acd742';
const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TO = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';

describe('upstream transaction fixtures', () => {
  it('transactions.json: 10 transactions with BigNumber values and null status', () => {
    const txs = normalizeTransactions(fixture('transactions.json'));
    expect(txs).toHaveLength(10);
    expect(txs[0]).toMatchObject({
      hash: '0xa9831f0e732eea5c8e47ba0d09b12f5a84c7dd0e34ea604a2b14f8b0db7b32ee',
      blockNumber: 29,
      value: 0n,
      gasLimit: 120_000n,
      gasPrice: 1_024_965_566n,
      status: null,
      timestamp: 1795319527,
    });
    expect(txs.every((tx) => tx.status === null)).toBe(true);
  });

  it('transactions_0xb4b6686d.json: an ERC20 transfer reads `data` as input', () => {
    const tx = normalizeTransaction(fixture('transactions_0xb4b6686d.json'));
    expect(tx?.input.slice(0, 10)).toBe('0xa9059cbb');
    expect(tx?.value).toBe(0n);
    expect(tx?.to?.toLowerCase()).toBe(TO.toLowerCase());
  });

  it('transactions_0x9b78d74d.json: a deployment has no recipient', () => {
    const tx = normalizeTransaction(fixture('transactions_0x9b78d74d.json'));
    expect(tx?.to).toBeNull();
    expect(tx?.blockNumber).toBe(7);
  });

  it('transactions__limit=3_offset=1.json has 3 items', () => {
    expect(normalizeTransactions(fixture('transactions__limit=3_offset=1.json'))).toHaveLength(3);
  });

  it('transactions_pending.json is an empty list', () => {
    expect(normalizeTransactions(fixture('transactions_pending.json'))).toEqual([]);
  });

  it('transactions_0xabababab.json ({error}) is not a transaction', () => {
    expect(normalizeTransaction(fixture('transactions_0xabababab.json'))).toBeNull();
  });
});

describe('status forms', () => {
  it.each([
    [true, true],
    [false, false],
    [null, null],
    ['0x1', true],
    ['0x0', false],
    [1, true],
    [0, false],
    ['1', true],
    ['0', false],
    ['pending', null],
  ])('status %j → %j', (status, expected) => {
    expect(normalizeTransaction({ hash: HASH, from: FROM, status })?.status).toBe(expected);
  });
});

describe('field variants', () => {
  it.each([
    ['input', { input: '0xa9059cbb' }, '0xa9059cbb'],
    ['data', { data: '0x095ea7b3' }, '0x095ea7b3'],
    ['input wins over data', { input: '0x01', data: '0x02' }, '0x01'],
    ['missing', {}, '0x'],
  ])('call data from %s', (_name, extra, expected) => {
    expect(normalizeTransaction({ hash: HASH, from: FROM, ...extra })?.input).toBe(expected);
  });

  it.each([
    ['number', 5, 5n],
    ['0x hex', '0x05', 5n],
    ['decimal string', '5000000000000000000', 5_000_000_000_000_000_000n],
    ['BigNumber', { type: 'BigNumber', hex: '0x05' }, 5n],
    ['missing', undefined, 0n],
  ])('value as %s', (_name, value, expected) => {
    expect(normalizeTransaction({ hash: HASH, from: FROM, value })?.value).toBe(expected);
  });

  it('reads the bundled indexer conventions (decimal strings, receipt fields, token transfers)', () => {
    const tx = normalizeTransaction({
      hash: HASH,
      blockNumber: '9',
      timestamp: '1795319487',
      from: FROM,
      to: TO,
      value: '0',
      input: '0xa9059cbb',
      gas: '60000',
      gasUsed: '51604',
      gasPrice: '0',
      nonce: '3',
      transactionIndex: '0',
      status: 1,
      type: 2,
      tokenTransfers: [{ from: FROM, to: TO, tokenAddress: TO, symbol: 'SEED', name: 'Seed Token', decimals: 18, rawAmount: '1000000000000000000000' }],
    });
    expect(tx).toEqual({
      hash: HASH,
      blockNumber: 9,
      timestamp: 1795319487,
      from: FROM,
      to: TO,
      contractAddress: null,
      value: 0n,
      input: '0xa9059cbb',
      gasUsed: 51_604n,
      gasPrice: 0n,
      gasLimit: 60_000n,
      nonce: 3,
      transactionIndex: 0,
      status: true,
      type: 2,
      tokenTransfers: [
        {
          transactionHash: HASH,
          blockNumber: 9,
          timestamp: 1795319487,
          logIndex: null,
          from: FROM,
          to: TO,
          tokenAddress: TO,
          symbol: 'SEED',
          name: 'Seed Token',
          decimals: 18,
          rawAmount: 1_000_000_000_000_000_000_000n,
          amount: '1000',
          tokenId: null,
          tokenType: null,
        },
      ],
    });
  });

  it.each([[null], [{ hash: HASH }], [{ from: FROM }], [{ hash: 'nope', from: FROM }]])('%j is not a transaction', (raw) => {
    expect(normalizeTransaction(raw)).toBeNull();
  });
});

describe('decoded transactions', () => {
  it('transactions_0xb4b6686d_decoded.json: a decoded transfer with cost', () => {
    const decoded = normalizeDecodedTransaction(fixture('transactions_0xb4b6686d_decoded.json'));
    expect(decoded?.decoded).toEqual({
      functionName: 'transfer',
      functionSignature: 'transfer(address,uint256)',
      description: 'Transfer 1000000000000000000000 Seed Token to 0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      params: [
        { name: 'to', type: 'address', value: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
        { name: 'value', type: 'uint256', value: '1000000000000000000000' },
      ],
    });
    expect(decoded?.transaction?.status).toBe(true);
    expect(decoded?.transaction?.blockNumber).toBe(9);
    expect(decoded?.gasUsed).toBe(51_604n);
    expect(decoded?.fee).toBe(69_585_531_353_912n);
  });

  it('transactions_0xcc405fa8_decoded.json: unverified contract, decoded null', () => {
    const decoded = normalizeDecodedTransaction(fixture('transactions_0xcc405fa8_decoded.json'));
    expect(decoded?.decoded).toBeNull();
    expect(decoded?.description).toBe('Contract is not verified');
    expect(decoded?.transaction?.nonce).toBe(4);
  });

  it('an error body is not a decoded transaction', () => {
    expect(normalizeDecodedTransaction({ error: 'Transaction not found' })).toBeNull();
  });

  it('builds a signature from the parameter types when none is given', () => {
    expect(normalizeDecodedCall({ functionName: 'approve', params: [{ name: 'spender', type: 'address', value: FROM }, { name: 'amount', type: 'uint256', value: 5 }] })).toEqual({
      functionName: 'approve',
      functionSignature: 'approve(address,uint256)',
      description: '',
      params: [
        { name: 'spender', type: 'address', value: FROM },
        { name: 'amount', type: 'uint256', value: '5' },
      ],
    });
  });

  it.each([
    ['text', 'abc', 'abc'],
    ['number', 5, '5'],
    ['bigint', 5n, '5'],
    ['boolean', true, 'true'],
    ['BigNumber', { type: 'BigNumber', hex: '0x10' }, '16'],
    ['array with BigNumbers', [{ type: 'BigNumber', hex: '0x01' }, 'x'], '["1","x"]'],
    ['null', null, ''],
  ])('paramText of %s', (_name, value, expected) => {
    expect(paramText(value)).toBe(expected);
  });
});
