import { describe, expect, it } from 'vitest';
import { internalRecord } from '../../src/lib/export/csv-rows.ts';
import { csvText } from '../../src/lib/export/stream.ts';
import { normalizeInternalTransaction, normalizeInternalTransactions } from '../../src/lib/normalize/internal-transaction.ts';

const HASH = `0x${'ab'.repeat(32)}`;
const FACTORY = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const CHILD = '0xa16E02E87b7454126E5E10d957A927A7F5B5d2be';
const PAYEE = '0x0000000000000000000000000000000000000b22';

describe('normalizeInternalTransaction', () => {
  it.each([
    [
      'the bundled indexer (a creation)',
      { hash: HASH, blockNumber: 12, timestamp: 1_700_000_000, from: FACTORY, to: null, contractAddress: CHILD, value: '1', type: 'create', traceId: '0', isError: false, error: null, parentFrom: PAYEE, parentTo: FACTORY, parentValue: '3' },
      { transactionHash: HASH, blockNumber: 12, timestamp: 1_700_000_000, from: FACTORY, to: null, contractAddress: CHILD, value: 1n, type: 'create', traceId: '0', isError: false, error: null, parent: { from: PAYEE, to: FACTORY, value: 3n } },
    ],
    [
      "Etherscan's txlistinternal row (a failed call)",
      { blockNumber: '7', timeStamp: '1700000001', hash: HASH, from: FACTORY, to: PAYEE, value: '25', contractAddress: '', input: '', type: 'call', gas: '2300', gasUsed: '0', traceId: '0_1', isError: '1', errCode: 'out of gas' },
      { transactionHash: HASH, blockNumber: 7, timestamp: 1_700_000_001, from: FACTORY, to: PAYEE, contractAddress: null, value: 25n, type: 'call', traceId: '0_1', isError: true, error: 'out of gas', parent: null },
    ],
    ['no parent hash', { from: FACTORY, to: PAYEE, value: '1' }, null],
    ['no sender', { hash: HASH, to: PAYEE, value: '1' }, null],
    ['not an object', 'call', null],
  ])('%s', (_name, raw, expected) => {
    expect(normalizeInternalTransaction(raw)).toEqual(expected);
  });

  it('drops unreadable items of a list', () => {
    expect(normalizeInternalTransactions([{ hash: HASH, from: FACTORY, to: PAYEE, value: '2' }, { nope: 1 }]).map((t) => t.value)).toEqual([2n]);
  });
});

describe('internalRecord', () => {
  const parent = { from: PAYEE, to: FACTORY, value: 2n * 10n ** 18n };
  const base = { transactionHash: HASH, blockNumber: 12, timestamp: 1_700_000_000, from: FACTORY, to: PAYEE, contractAddress: null, value: 1_500_000_000_000_000_000n, type: 'call', traceId: '0', isError: false, error: null, parent };
  it.each([
    ['received', PAYEE, ['1.5', '0']],
    ['sent', FACTORY, ['0', '1.5']],
    ['created (in)', CHILD, ['0', '0']],
  ])('%s: Value_IN and Value_OUT from the address seen', (_name, address, inOut) => {
    expect(internalRecord(base, address, null).slice(10, 12)).toEqual(inOut);
  });

  it('a creation is value in for the created contract; a failed frame carries its error, made inert for spreadsheets', () => {
    const created = { ...base, to: null, contractAddress: CHILD, value: 1n, type: 'create', isError: true, error: '=HYPERLINK("x")' };
    const row = internalRecord(created, CHILD.toLowerCase(), null);
    expect(row).toEqual([HASH, '12', '1700000000', '2023-11-14 22:13:20', PAYEE, FACTORY, '2', FACTORY, '', CHILD, '0.000000000000000001', '0', '', '', '1', '=HYPERLINK("x")', 'create']);
    expect(csvText([row])).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it("values the internal transfer at today's price, and leaves the parent columns empty when the list does not tell them", () => {
    const row = internalRecord({ ...base, parent: null }, PAYEE, 2);
    expect(row.slice(4, 7)).toEqual(['', '', '']);
    expect(row[12]).toBe('3.00');
  });
});
