import { describe, expect, it } from 'vitest';
import { normalizeContractCounts, normalizeCount, normalizeHolderCount, normalizeTps, normalizeTransactionCount, normalizeValidatorCount, normalizeValidatorPayout } from '../../src/lib/normalize/stats.ts';
import { normalizeHealth } from '../../src/lib/normalize/health.ts';
import { fixtureJson as fixture } from '../upstream-fixtures.ts';

describe('health', () => {
  it.each([['health.json'], ['v1_health.json']])('%s is ok at block 61', (name) => {
    // The chain operator's indexer counts neither rollbacks nor metadata writes.
    expect(normalizeHealth(fixture(name))).toEqual({ status: 'ok', ok: true, lastBlock: 61, isIndexing: true, reorgs: null, metadataUpdates: null });
  });

  it("the bundled indexer's count of rollbacks", () => {
    expect(normalizeHealth({ status: 'ok', lastBlock: 9, isIndexing: true, reorgs: 2 })?.reorgs).toBe(2);
    expect(normalizeHealth({ status: 'ok', lastBlock: 9, isIndexing: true, reorgs: -1 })?.reorgs).toBeNull();
  });

  it("the bundled indexer's count of NFT metadata writes", () => {
    expect(normalizeHealth({ status: 'ok', lastBlock: 9, isIndexing: true, reorgs: 0, metadataUpdates: 14 })?.metadataUpdates).toBe(14);
    expect(normalizeHealth({ status: 'ok', lastBlock: 9, isIndexing: true, reorgs: 0, metadataUpdates: null })?.metadataUpdates).toBeNull();
    expect(normalizeHealth({ status: 'ok', lastBlock: 9, isIndexing: true, reorgs: 0, metadataUpdates: 1.5 })?.metadataUpdates).toBeNull();
  });

  it('any other status is not ok', () => {
    expect(normalizeHealth({ status: 'error', lastBlock: '7', isIndexing: 'false' })).toEqual({ status: 'error', ok: false, lastBlock: 7, isIndexing: false, reorgs: null, metadataUpdates: null });
    expect(normalizeHealth('down')).toBeNull();
  });
});

describe('stats counters from fixtures', () => {
  it('stats_tps.json', () => expect(normalizeTps(fixture('stats_tps.json'))).toBe(0));
  it('stats_holders.json', () => expect(normalizeHolderCount(fixture('stats_holders.json'))).toBe(10));
  it('stats_transactions_count.json', () =>
    expect(normalizeTransactionCount(fixture('stats_transactions_count.json'))).toEqual({ totalTransactions: 29, latestBlock: 61 }));
  it('stats_validators_count.json', () => expect(normalizeValidatorCount(fixture('stats_validators_count.json'))).toBe(4));
  it.each([
    ['stats_contracts_count.json', 4],
    ['stats_contracts_erc20_count.json', 2],
    ['stats_contracts_nft_count.json', 2],
  ])('%s', (name, expected) => expect(normalizeCount(fixture(name))).toBe(expected));
});

describe('count variants', () => {
  it.each([
    [{ count: 4 }, 4],
    [{ validatorCount: '3' }, 3],
    [{ validators: ['a', 'b'] }, 2],
    [7, 7],
    [{}, null],
  ])('validator count of %j', (raw, expected) => {
    expect(normalizeValidatorCount(raw)).toBe(expected);
  });

  it.each([
    [{ tps: '1.5' }, 1.5],
    [{ tps: 2 }, 2],
    [{ tps: -1 }, null],
    [{}, null],
  ])('tps of %j', (raw, expected) => {
    expect(normalizeTps(raw)).toBe(expected);
  });

  it.each([
    [{ holders: '12' }, 12],
    [{ totalHolders: 5 }, 5],
    [{ error: 'x' }, null],
  ])('holder count of %j', (raw, expected) => {
    expect(normalizeHolderCount(raw)).toBe(expected);
  });

  it('transaction count needs a total', () => {
    expect(normalizeTransactionCount({ totalTransactions: '0' })).toEqual({ totalTransactions: 0, latestBlock: null });
    expect(normalizeTransactionCount({ latestBlock: 5 })).toBeNull();
  });

  it('combined contract counts (bundled indexer)', () => {
    expect(normalizeContractCounts({ totalContracts: '4', erc20Contracts: '2', nftContracts: 2 })).toEqual({ totalContracts: 4, erc20Contracts: 2, nftContracts: 2 });
    expect(normalizeContractCounts({})).toBeNull();
  });
});

describe('validator payout', () => {
  it('stats_validators_payout.json', () => {
    const payout = normalizeValidatorPayout(fixture('stats_validators_payout.json'));
    expect(payout?.totalPayoutWei).toBe(1_206_842_000_000_000n);
    expect(payout?.totalPayoutEther).toBe('0.001206842');
    expect(payout?.validators).toEqual([
      { address: '0x856157992B74A799D7A09F611f7c78AF4f26d309', balance: 0n, payoutWei: 828_276_000_000_000n, blocksMined: 10 },
      { address: '0xc64e733f5c92c70091688b342aecf96b8bc39b5b', balance: 0n, payoutWei: 378_566_000_000_000n, blocksMined: 10 },
    ]);
  });

  it.each([
    ['wei only', { totalPayoutWei: '1500000000000000000', validators: [] }, 1_500_000_000_000_000_000n, '1.5'],
    ['ether only', { totalPayoutEther: '2.25', validators: [] }, 2_250_000_000_000_000_000n, '2.25'],
    ['validators only', { validators: [{ address: '0x856157992B74A799D7A09F611f7c78AF4f26d309', balance: '1', payoutWei: '10' }] }, 10n, '0.00000000000000001'],
  ])('%s', (_name, raw, wei, ether) => {
    const payout = normalizeValidatorPayout(raw);
    expect(payout?.totalPayoutWei).toBe(wei);
    expect(payout?.totalPayoutEther).toBe(ether);
  });

  it('an empty object is no payout', () => {
    expect(normalizeValidatorPayout({})).toBeNull();
  });
});
