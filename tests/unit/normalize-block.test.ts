import { describe, expect, it } from 'vitest';
import { normalizeBlock, normalizeBlocks } from '../../src/lib/normalize/block.ts';
import { fixtureJson as fixture } from '../upstream-fixtures.ts';

const HASH = '0xfedae5203caf9ef239b711f5c6ebc9f597b2e800aa88b239123646a03ae4eb83';
const TX_HASH = '0xfaeb17f65ad15d458921b1e30d14c700d09cf9412d3b0a004d0544f141b056ed';

describe('upstream block fixtures', () => {
  it('blocks_4.json: a block with 4 ETH transfers', () => {
    const block = normalizeBlock(fixture('blocks_4.json'));
    expect(block).not.toBeNull();
    expect(block?.number).toBe(4);
    expect(block?.hash).toBe(HASH);
    expect(block?.parentHash).toBe('0x5e225c4101682107ea6dae0b0d5ef62aec6620cd5262ad7173c846685fc5ae15');
    expect(block?.timestamp).toBe(1795319477);
    expect(block?.miner).toBe('0x0000000000000000000000000000000000000000');
    expect(block?.gasLimit).toBe(30_000_000n);
    expect(block?.gasUsed).toBe(84_000n);
    expect(block?.reward).toBeNull();
    expect(block?.transactionCount).toBe(4);
    expect(block?.hasTransactions).toBe(true);
    expect(block?.transactions.map((tx) => tx.value)).toEqual([
      0x14d1120d7b160000n,
      0x03782dace9d90000n,
      0xe8d4a51000n,
      0xab54a98ceb1f0ad3n,
    ]);
    expect(block?.transactions.map((tx) => tx.status)).toEqual([null, null, null, null]);
    expect(block?.transactionHashes[0]).toBe(TX_HASH);
    const first = block?.transactions[0];
    expect(first).toMatchObject({
      hash: TX_HASH,
      blockNumber: 4,
      timestamp: 1795319477,
      from: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      to: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
      input: '0x',
      nonce: 0,
      gasLimit: 21_000n,
      gasPrice: 0x6388fc53n,
      gasUsed: null,
    });
  });

  it('blocks_7.json: the contract creation has no recipient', () => {
    const block = normalizeBlock(fixture('blocks_7.json'));
    expect(block?.transactionCount).toBe(1);
    expect(block?.transactions[0]?.to).toBeNull();
    expect(block?.transactions[0]?.input.startsWith('0x60')).toBe(true);
  });

  it('blocks_34.json: an empty block is not AI optimized', () => {
    const block = normalizeBlock(fixture('blocks_34.json'));
    expect(block?.number).toBe(34);
    expect(block?.transactionCount).toBe(0);
    expect(block?.transactions).toEqual([]);
    expect(block?.hasTransactions).toBe(false);
  });

  it('blocks_hash_0xfedae520.json is block 4', () => {
    expect(normalizeBlock(fixture('blocks_hash_0xfedae520.json'))?.number).toBe(4);
  });

  it('blocks__limit=3_offset=2.json: a bare array of 3 blocks', () => {
    const blocks = normalizeBlocks(fixture('blocks__limit=3_offset=2.json'));
    expect(blocks.map((b) => b.number)).toEqual([59, 58, 57]);
    expect(blocks.map((b) => b.timestamp)).toEqual([1795319594, 1795319592, 1795319590]);
  });

  it('blocks.json: 10 blocks, newest first', () => {
    const blocks = normalizeBlocks(fixture('blocks.json'));
    expect(blocks).toHaveLength(10);
    expect(blocks[0]?.number).toBe(61);
  });

  it.each([['blocks_0.json'], ['blocks_99999999.json'], ['blocks_abc.json']])('%s ({error}) is not a block', (name) => {
    expect(normalizeBlock(fixture(name))).toBeNull();
  });
});

const base = {
  number: '12',
  hash: HASH,
  parentHash: HASH,
  timestamp: '1795319477',
  miner: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  gasUsed: '21000',
  gasLimit: '30000000',
};

describe('transaction list variants', () => {
  it.each([
    ['a count in transactions', { ...base, transactions: 3 }, 3, 0],
    ['transactions_count', { ...base, transactions_count: 2 }, 2, 0],
    ['transactionCount', { ...base, transactionCount: '5' }, 5, 0],
    ['a list of hashes', { ...base, transactions: [TX_HASH, TX_HASH] }, 2, 0],
    ['a page of a longer list', { ...base, transactions: [], transactions_count: 7 }, 7, 0],
    ['no transaction field', { ...base }, 0, 0],
    [
      'full objects with decimal strings (bundled indexer)',
      {
        ...base,
        transactions: [
          { hash: TX_HASH, from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', to: null, value: '5', input: '0x60806040', gasPrice: '0', status: 1 },
        ],
      },
      1,
      1,
    ],
  ])('%s', (_name, raw, count, full) => {
    const block = normalizeBlock(raw);
    expect(block?.transactionCount).toBe(count);
    expect(block?.transactions).toHaveLength(full);
    expect(block?.hasTransactions).toBe(count > 0);
  });

  it('reads the bundled indexer conventions (decimal strings everywhere)', () => {
    const block = normalizeBlock({ ...base, reward: '2000000000000000000', baseFeePerGas: '0', transactions_count: 1 });
    expect(block).toEqual({
      number: 12,
      hash: HASH,
      parentHash: HASH,
      timestamp: 1795319477,
      miner: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      gasUsed: 21_000n,
      gasLimit: 30_000_000n,
      baseFeePerGas: 0n,
      reward: 2_000_000_000_000_000_000n,
      transactionCount: 1,
      transactions: [],
      transactionHashes: [],
      hasTransactions: true,
    });
  });

  it('nested transactions inherit the block number and time', () => {
    const block = normalizeBlock({
      ...base,
      transactions: [{ hash: TX_HASH, from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', value: '1' }],
    });
    expect(block?.transactions[0]?.blockNumber).toBe(12);
    expect(block?.transactions[0]?.timestamp).toBe(1795319477);
  });

  it('a block that used no gas has reward 0 when the indexer stores none (recorded empty block 34); others stay unknown', () => {
    expect(normalizeBlock(fixture('blocks_34.json'))?.reward).toBe(0n);
    expect(normalizeBlock(fixture('blocks_4.json'))?.reward).toBeNull();
    expect(normalizeBlock({ number: 9, hash: HASH, transactions: [] })?.reward).toBeNull();
  });

  it.each([[null], ['block'], [{ hash: HASH }], [{ number: 1 }], [[]]])('%j is not a block', (raw) => {
    expect(normalizeBlock(raw)).toBeNull();
  });
});
