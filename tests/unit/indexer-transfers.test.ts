import { AbiCoder, zeroPadValue } from 'ethers';
import { describe, expect, it } from 'vitest';
import {
  parseTransferLog,
  TRANSFER_BATCH_TOPIC,
  TRANSFER_SINGLE_TOPIC,
  TRANSFER_TOPIC,
} from '../../indexer/src/sync/transfers.ts';

const abi = AbiCoder.defaultAbiCoder();
const A = '0x1111111111111111111111111111111111111111';
const B = '0x2222222222222222222222222222222222222222';
const OP = '0x3333333333333333333333333333333333333333';
const TOKEN = '0xAbCdEf0000000000000000000000000000000001';
const t = (a: string): string => zeroPadValue(a, 32);
const u = (n: bigint): string => abi.encode(['uint256'], [n]);

describe('parseTransferLog', () => {
  it('reads a Transfer with 3 topics as ERC-20', () => {
    expect(parseTransferLog({ address: TOKEN, topics: [TRANSFER_TOPIC, t(A), t(B)], data: u(10n ** 18n), logIndex: 4 })).toEqual([
      { tokenAddress: TOKEN.toLowerCase(), logIndex: 4, tokenType: 'ERC20', batchIndex: 0, from: A, to: B, value: 10n ** 18n, tokenId: null },
    ]);
  });

  it('reads a Transfer with 4 topics as ERC-721 with its token id', () => {
    expect(parseTransferLog({ address: TOKEN, topics: [TRANSFER_TOPIC, t(A), t(B), u(7n)], data: '0x', logIndex: 0 })).toEqual([
      { tokenAddress: TOKEN.toLowerCase(), logIndex: 0, tokenType: 'ERC721', batchIndex: 0, from: A, to: B, value: 1n, tokenId: 7n },
    ]);
  });

  it('reads TransferSingle as ERC-1155', () => {
    const data = abi.encode(['uint256', 'uint256'], [3n, 25n]);
    expect(parseTransferLog({ address: TOKEN, topics: [TRANSFER_SINGLE_TOPIC, t(OP), t(A), t(B)], data, logIndex: 1 })).toEqual([
      { tokenAddress: TOKEN.toLowerCase(), logIndex: 1, tokenType: 'ERC1155', batchIndex: 0, from: A, to: B, value: 25n, tokenId: 3n },
    ]);
  });

  it('expands TransferBatch into one transfer per id', () => {
    const data = abi.encode(['uint256[]', 'uint256[]'], [[1n, 2n, 5n], [10n, 20n, 50n]]);
    const out = parseTransferLog({ address: TOKEN, topics: [TRANSFER_BATCH_TOPIC, t(OP), t(A), t(B)], data, logIndex: 2 });
    expect(out.map((x) => [x.batchIndex, x.tokenId, x.value, x.tokenType])).toEqual([
      [0, 1n, 10n, 'ERC1155'],
      [1, 2n, 20n, 'ERC1155'],
      [2, 5n, 50n, 'ERC1155'],
    ]);
  });

  it.each([
    ['an ERC-20 Transfer without data', { topics: [TRANSFER_TOPIC, t(A), t(B)], data: '0x' }],
    ['an ERC-721 Transfer with data', { topics: [TRANSFER_TOPIC, t(A), t(B), u(1n)], data: u(1n) }],
    ['a Transfer with 2 topics', { topics: [TRANSFER_TOPIC, t(A)], data: u(1n) }],
    ['a topic that is not an address', { topics: [TRANSFER_TOPIC, '0x' + 'ff'.repeat(32), t(B)], data: u(1n) }],
    ['a batch whose arrays differ in length', { topics: [TRANSFER_BATCH_TOPIC, t(OP), t(A), t(B)], data: abi.encode(['uint256[]', 'uint256[]'], [[1n], [1n, 2n]]) }],
    ['a batch with a huge declared length', { topics: [TRANSFER_BATCH_TOPIC, t(OP), t(A), t(B)], data: '0x' + u(64n).slice(2) + u(96n).slice(2) + 'f'.repeat(64) }],
    ['a TransferSingle with short data', { topics: [TRANSFER_SINGLE_TOPIC, t(OP), t(A), t(B)], data: u(1n) }],
    ['an unrelated event', { topics: ['0x' + '12'.repeat(32), t(A), t(B)], data: u(1n) }],
  ])('ignores %s', (_, log) => {
    expect(parseTransferLog({ address: TOKEN, logIndex: 0, ...log })).toEqual([]);
  });
});
