import { describe, expect, it } from 'vitest';
import { transferJson, type TransferWithToken } from '../../indexer/src/api/shapes.ts';

const ERC20: TransferWithToken = {
  id: 12_000_003,
  block_number: 12,
  log_index: 3,
  batch_index: 0,
  tx_hash: `0x${'ab'.repeat(32)}`,
  timestamp: 1_700_000_000,
  token_address: `0x${'11'.repeat(20)}`,
  token_type: 'ERC20',
  from_addr: `0x${'22'.repeat(20)}`,
  to_addr: `0x${'33'.repeat(20)}`,
  value: '1500000000000000000',
  token_id: null,
  name: 'Gold',
  symbol: 'GLD',
  decimals: 18,
};

const NFT: TransferWithToken = {
  ...ERC20,
  token_type: 'ERC721',
  value: '1',
  token_id: `${'0'.repeat(76)}42`,
  decimals: null,
};

// The three name sets are public (OpenAPI's TokenTransfer, AddressTokenTransfer and TransactionDetail): each field,
// its value and the order are what the routes served before the shapes were built from one row mapping.
describe('transferJson', () => {
  it('serves the list shape (tokens, NFTs, nft-transfers)', () => {
    const json = transferJson('list', ERC20);
    expect(json).toStrictEqual({
      id: 12_000_003,
      transactionHash: ERC20.tx_hash,
      blockNumber: 12,
      logIndex: 3,
      timestamp: 1_700_000_000,
      tokenAddress: ERC20.token_address,
      fromAddress: ERC20.from_addr,
      toAddress: ERC20.to_addr,
      value: '1500000000000000000',
      valueFormatted: '1.5',
      tokenType: 'ERC20',
      tokenId: null,
      tokenName: 'Gold',
      tokenSymbol: 'GLD',
      decimals: 18,
    });
    expect(Object.keys(json)).toEqual(['id', 'transactionHash', 'blockNumber', 'logIndex', 'timestamp', 'tokenAddress', 'fromAddress', 'toAddress', 'value', 'valueFormatted', 'tokenType', 'tokenId', 'tokenName', 'tokenSymbol', 'decimals']);
  });

  it('serves the address-side shape', () => {
    const json = transferJson('address', ERC20);
    expect(Object.keys(json)).toEqual(['hash', 'blockNumber', 'logIndex', 'timestamp', 'from', 'to', 'tokenAddress', 'tokenSymbol', 'tokenName', 'tokenType', 'tokenId', 'value', 'valueFormatted', 'decimals']);
    expect(json).toMatchObject({ hash: ERC20.tx_hash, from: ERC20.from_addr, to: ERC20.to_addr, tokenSymbol: 'GLD', tokenName: 'Gold', valueFormatted: '1.5', decimals: 18 });
  });

  it("serves the transaction page's shape, the raw amount under two names", () => {
    const json = transferJson('transaction', ERC20);
    expect(Object.keys(json)).toEqual(['from', 'to', 'tokenAddress', 'tokenType', 'tokenId', 'value', 'rawAmount', 'amount', 'name', 'symbol', 'decimals', 'logIndex']);
    expect(json).toMatchObject({ value: '1500000000000000000', rawAmount: '1500000000000000000', amount: '1.5', name: 'Gold', symbol: 'GLD', logIndex: 3 });
  });

  it('serves NFTs with 0 decimals, whole amounts and the plain token id', () => {
    for (const shape of ['list', 'address', 'transaction'] as const) {
      expect(transferJson(shape, NFT)).toMatchObject({ tokenId: '42', decimals: 0, tokenType: 'ERC721' });
    }
    expect(transferJson('list', NFT).valueFormatted).toBe('1');
    expect(transferJson('transaction', NFT).amount).toBe('1');
  });

  it('serves no whole-unit amount for an ERC-20 of unknown decimals', () => {
    expect(transferJson('list', { ...ERC20, decimals: null })).toMatchObject({ valueFormatted: null, decimals: null });
  });
});
