import { id } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_TOKEN_META,
  TRANSFER_TOPIC,
  decodeTransferLog,
  decodeTransferLogs,
  deriveFallbackTransfer,
  hasTokenTransfer,
  isTransferLog,
  labelTransfers,
  topicToAddress,
  transferLabel,
  type LogLike,
} from '../../src/lib/transactions/transfer-logs.ts';

const SEED = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TRANSFER_INPUT =
  '0xa9059cbb00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c800000000000000000000000000000000000000000000003635c9adc5dea00000';

// The log of the upstream fixture transactions_0xb4b6686d_receipt.json (1000 SEED from ALICE to BOB).
const seedLog: LogLike = {
  address: SEED,
  topics: [
    '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
    '0x000000000000000000000000f39fd6e51aad88f6f4ce6ab8827279cfffb92266',
    '0x00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8',
  ],
  data: '0x00000000000000000000000000000000000000000000003635c9adc5dea00000',
  logIndex: 0,
};
const approvalLog: LogLike = {
  ...seedLog,
  topics: ['0x8c5be1e5ebec7d5bd14f71427e1e84f3dd0314c0f7b2291e5b200ac8c7c3b925', ...seedLog.topics.slice(1)],
};
const nftLog: LogLike = {
  address: '0x0165878A594ca255338adfa4d48449f69242Eb8F',
  topics: [...seedLog.topics, '0x0000000000000000000000000000000000000000000000000000000000000005'],
  data: '0x',
  logIndex: 3,
};

describe('Transfer detection', () => {
  it('uses the Transfer(address,address,uint256) topic', () => {
    expect(TRANSFER_TOPIC).toBe(id('Transfer(address,address,uint256)'));
  });

  it.each<[string, readonly LogLike[] | null, boolean]>([
    ['a Transfer log', [seedLog], true],
    ['an Approval log only', [approvalLog], false],
    ['Approval then Transfer', [approvalLog, seedLog], true],
    ['an upper-case topic', [{ ...seedLog, topics: [TRANSFER_TOPIC.toUpperCase().replace('0X', '0x')] }], true],
    ['no logs', [], false],
    ['missing logs', null, false],
    ['a log without topics', [{ ...seedLog, topics: [] }], false],
  ])('%s → %s', (_, logs, expected) => {
    expect(hasTokenTransfer(logs)).toBe(expected);
  });

  it('checks the first topic only', () => {
    expect(isTransferLog({ topics: [approvalLog.topics[0] ?? '', TRANSFER_TOPIC] })).toBe(false);
  });
});

describe('topicToAddress', () => {
  it.each([
    [seedLog.topics[1], ALICE],
    [seedLog.topics[2], BOB],
    ['0x1234', null],
    [undefined, null],
  ])('%s → %s', (topic, expected) => {
    expect(topicToAddress(topic)).toBe(expected);
  });
});

describe('decodeTransferLog', () => {
  it('takes sender and receiver from topics 1 and 2 and divides the data by 10^decimals', () => {
    expect(decodeTransferLog(seedLog, { name: 'Seed Token', symbol: 'SEED', decimals: 18 })).toEqual({
      from: ALICE,
      to: BOB,
      rawAmount: 1000n * 10n ** 18n,
      amount: '1000',
      tokenAddress: SEED,
      name: 'Seed Token',
      symbol: 'SEED',
      decimals: 18,
      tokenId: null,
      logIndex: 0,
    });
  });

  it.each<[number | string, string]>([
    [6, '1000000000000000'],
    [21, '1'],
    [24, '0.001'],
    ['bad', '1000'],
  ])('with %s decimals the amount is %s', (decimals, amount) => {
    expect(decodeTransferLog(seedLog, { decimals: decimals as number })?.amount).toBe(amount);
  });

  it('falls back to TOKEN, Unknown Token and 18 decimals', () => {
    expect(DEFAULT_TOKEN_META).toEqual({ name: 'Unknown Token', symbol: 'TOKEN', decimals: 18 });
    expect(decodeTransferLog(seedLog)).toMatchObject({ name: 'Unknown Token', symbol: 'TOKEN', decimals: 18, amount: '1000' });
    expect(decodeTransferLog(seedLog, { name: '', symbol: '' })).toMatchObject({ name: 'Unknown Token', symbol: 'TOKEN' });
  });

  it('reads an ERC-721 transfer id from topic 3', () => {
    expect(decodeTransferLog(nftLog, { name: 'Studio NFT', symbol: 'SNFT' })).toMatchObject({
      from: ALICE,
      to: BOB,
      tokenId: 5n,
      rawAmount: 1n,
      amount: '1',
      decimals: 0,
      symbol: 'SNFT',
    });
  });

  it.each<[string, LogLike]>([
    ['an Approval log', approvalLog],
    ['a log with one topic', { ...seedLog, topics: [TRANSFER_TOPIC] }],
    ['empty data', { ...seedLog, data: '0x' }],
    ['a bad token address', { ...seedLog, address: 'nope' }],
  ])('gives null for %s', (_, log) => {
    expect(decodeTransferLog(log)).toBeNull();
  });

  it('decodes every Transfer log of a transaction with its token details', () => {
    const transfers = decodeTransferLogs([approvalLog, seedLog, nftLog], (address) =>
      address === SEED ? { symbol: 'SEED', name: 'Seed Token', decimals: 18 } : { symbol: 'SNFT' },
    );
    expect(transfers.map((t) => [t.symbol, t.amount])).toEqual([
      ['SEED', '1000'],
      ['SNFT', '1'],
    ]);
  });
});

describe('deriveFallbackTransfer', () => {
  const reader = vi.fn(async (address: string) => (address === SEED ? { name: 'Seed Token', symbol: 'SEED', decimals: 18 } : null));

  it('derives the transfer from the first Transfer log with token details from the reader', async () => {
    const transfer = await deriveFallbackTransfer({ input: TRANSFER_INPUT, tokenTransfers: [] }, [approvalLog, seedLog], reader);
    expect(transfer).toMatchObject({ from: ALICE, to: BOB, amount: '1000', symbol: 'SEED', name: 'Seed Token', tokenAddress: SEED });
    expect(reader).toHaveBeenCalledWith(SEED);
  });

  it('uses the defaults when the reader fails', async () => {
    const failing = async () => {
      throw new Error('rpc down');
    };
    expect(await deriveFallbackTransfer({ input: TRANSFER_INPUT }, [seedLog], failing)).toMatchObject({
      symbol: 'TOKEN',
      name: 'Unknown Token',
      decimals: 18,
      amount: '1000',
    });
  });

  it.each<[string, { input?: string; tokenTransfers?: readonly unknown[] }, readonly LogLike[] | null]>([
    ['transfers already recorded', { input: TRANSFER_INPUT, tokenTransfers: [{}] }, [seedLog]],
    ['another selector', { input: '0x095ea7b3' }, [seedLog]],
    ['no input', {}, [seedLog]],
    ['no logs', { input: TRANSFER_INPUT }, []],
    ['missing logs', { input: TRANSFER_INPUT }, null],
    ['no Transfer log', { input: TRANSFER_INPUT }, [approvalLog]],
  ])('gives null with %s, without reading the token', async (_, tx, logs) => {
    const unused = vi.fn(async () => null);
    expect(await deriveFallbackTransfer(tx, logs, unused)).toBeNull();
    expect(unused).not.toHaveBeenCalled();
  });
});

describe('Primary and Secondary transfers', () => {
  it.each([
    [0, 'Primary Transfer'],
    [1, 'Secondary Transfer'],
    [5, 'Secondary Transfer'],
  ])('index %s → %s', (index, label) => {
    expect(transferLabel(index)).toBe(label);
  });

  it('labels a list', () => {
    expect(labelTransfers([{ symbol: 'A' }, { symbol: 'B' }, { symbol: 'C' }])).toEqual([
      { symbol: 'A', label: 'Primary Transfer' },
      { symbol: 'B', label: 'Secondary Transfer' },
      { symbol: 'C', label: 'Secondary Transfer' },
    ]);
  });
});
