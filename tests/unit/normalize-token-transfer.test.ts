import { describe, expect, it } from 'vitest';
import { TRANSFER_DEFAULTS, normalizeTokenTransfer, normalizeTokenTransfers } from '../../src/lib/normalize/token-transfer.ts';
import { fixtureJson as fixture } from '../upstream-fixtures.ts';

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TOKEN = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const HASH = '0xb4b6686df104fc22b7d744bfb4b59a7a96672f8695bbb728c647db1e13acd742';

describe('upstream token transfers', () => {
  it('address_0xf39Fd6e5_token-transfers.json: address-side aliases (hash, tokenSymbol, value)', () => {
    const transfers = normalizeTokenTransfers(fixture('address_0xf39Fd6e5_token-transfers.json'));
    expect(transfers).toHaveLength(9);
    expect(transfers[0]).toEqual({
      transactionHash: '0xb26fa075fbb92dad4e9ee2c7b31fe9bf7d010604ea3497af9e120b67293d7d5d',
      blockNumber: 27,
      timestamp: 1795319523,
      logIndex: null,
      from: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      to: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
      tokenAddress: '0xb7f8bc63bbcad18155201308c8f3540b07f84f5e',
      symbol: 'SITEM',
      name: 'Seed Items',
      decimals: 18,
      rawAmount: 3n,
      amount: '0.000000000000000003',
      tokenId: null,
      tokenType: null,
    });
    const tusd = transfers.find((t) => t.symbol === 'TUSD');
    expect(tusd?.rawAmount).toBe(1_234_560_000n);
    expect(tusd?.amount).toBe('1234.56');
  });

  it('tokens_0x9fE46736_transfers.json: ERC20 list aliases (fromAddress, toAddress, transactionHash)', () => {
    const transfers = normalizeTokenTransfers(fixture('tokens_0x9fE46736_transfers.json'));
    expect(transfers).toHaveLength(6);
    expect(transfers[0]).toMatchObject({
      transactionHash: '0x8f3e0389acc9bb1414e137e52f5cb4ec421f735500573acc384dbe5752058427',
      blockNumber: 14,
      from: '0x0000000000000000000000000000000000000000',
      to: '0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc',
      rawAmount: 7_000_000_000_000_000_000n,
      amount: '7',
      symbol: 'TOKEN',
      name: 'Unknown Token',
      decimals: 18,
      tokenType: 'ERC20',
    });
  });

  it('tokens_0xB7f8BC63_transfers.json: ERC-1155 transfers keep the token id', () => {
    const transfers = normalizeTokenTransfers(fixture('tokens_0xB7f8BC63_transfers.json'));
    expect(transfers.every((t) => t.tokenId !== null)).toBe(true);
  });
});

describe('aliases and defaults', () => {
  it.each([
    ['from/to/hash/value', { from: A, to: B, hash: HASH, value: '5' }],
    ['fromAddress/toAddress/transactionHash/amount', { fromAddress: A, toAddress: B, transactionHash: HASH, amount: '0.000000000000000005' }],
    ['rawAmount wins over a formatted amount', { from: A, to: B, txHash: HASH, rawAmount: '5', amount: '0.000000000000000005' }],
    ['BigNumber value', { from: A, to: B, hash: HASH, value: { type: 'BigNumber', hex: '0x05' } }],
  ])('%s', (_name, raw) => {
    const transfer = normalizeTokenTransfer(raw);
    expect(transfer?.from).toBe(A);
    expect(transfer?.to).toBe(B);
    expect(transfer?.transactionHash).toBe(HASH);
    expect(transfer?.rawAmount).toBe(5n);
  });

  it.each([
    ['tokenSymbol/tokenName', { tokenSymbol: 'SEED', tokenName: 'Seed Token' }, 'SEED', 'Seed Token'],
    ['symbol/name', { symbol: 'TUSD', name: 'Test USD' }, 'TUSD', 'Test USD'],
    ['nested token', { token: { symbol: 'N', name: 'Nested', address: TOKEN } }, 'N', 'Nested'],
    ['missing', {}, 'TOKEN', 'Unknown Token'],
  ])('names from %s', (_name, extra, symbol, name) => {
    const transfer = normalizeTokenTransfer({ from: A, to: B, value: '1', ...extra });
    expect(transfer?.symbol).toBe(symbol);
    expect(transfer?.name).toBe(name);
  });

  it('defaults are TOKEN, Unknown Token and 18 decimals', () => {
    expect(TRANSFER_DEFAULTS).toEqual({ symbol: 'TOKEN', name: 'Unknown Token', decimals: 18 });
    expect(normalizeTokenTransfer({ from: A, to: B })).toMatchObject({ decimals: 18, rawAmount: 0n, amount: '0' });
  });

  it('a formatted amount is read with the given decimals', () => {
    expect(normalizeTokenTransfer({ from: A, to: B, amount: '12.5', decimals: 6 })).toMatchObject({ rawAmount: 12_500_000n, amount: '12.5' });
  });

  it('takes missing hash, block and time from the transaction context', () => {
    expect(normalizeTokenTransfer({ from: A, to: B, value: '1' }, { transactionHash: HASH, blockNumber: 9, timestamp: 100 })).toMatchObject({
      transactionHash: HASH,
      blockNumber: 9,
      timestamp: 100,
    });
  });

  it.each([[null], [{ from: A }], [{ to: B }], [{ from: 'x', to: B }]])('%j is not a transfer', (raw) => {
    expect(normalizeTokenTransfer(raw)).toBeNull();
  });
});
