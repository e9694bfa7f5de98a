import { describe, expect, it } from 'vitest';
import { detailStatusBadge, parseTxStatus, receiptOutcome, statusBadge } from '../../src/lib/model/status.ts';

describe('parseTxStatus: receipt status forms', () => {
  it.each<[unknown, boolean | null]>([
    ['0x1', true],
    [1, true],
    ['1', true],
    [true, true],
    [1n, true],
    ['0x0', false],
    [0, false],
    ['0', false],
    [false, false],
    [0n, false],
    [null, null],
    [undefined, null],
    [2, null],
    ['0x2', null],
    ['success', null],
    ['', null],
  ])('%s → %s', (status, expected) => {
    expect(parseTxStatus(status)).toBe(expected);
  });
});

describe('statusBadge on lists and cards', () => {
  it.each<[unknown, string, string]>([
    [true, 'Success', 'green'],
    ['0x1', 'Success', 'green'],
    [1, 'Success', 'green'],
    [false, 'Failed', 'red'],
    ['0x0', 'Failed', 'red'],
    [0, 'Failed', 'red'],
    [null, 'Pending', 'yellow'],
    [undefined, 'Pending', 'yellow'],
    ['weird', 'Pending', 'yellow'],
  ])('%s → %s (%s)', (status, label, tone) => {
    expect(statusBadge(status)).toEqual({ label, tone });
  });
});

describe('detailStatusBadge: transaction status, then receipt, else Success', () => {
  it.each<[unknown, unknown, string]>([
    [true, '0x0', 'Success'],
    [false, '0x1', 'Failed'],
    [null, '0x0', 'Failed'],
    [null, 0, 'Failed'],
    [null, '0x1', 'Success'],
    [null, 1, 'Success'],
    [null, null, 'Success'],
    [undefined, undefined, 'Success'],
  ])('tx %s, receipt %s → %s', (txStatus, receiptStatus, label) => {
    expect(detailStatusBadge(txStatus, receiptStatus).label).toBe(label);
  });

  it('colours Failed red and Success green', () => {
    expect(detailStatusBadge(false)).toEqual({ label: 'Failed', tone: 'red' });
    expect(detailStatusBadge(null)).toEqual({ label: 'Success', tone: 'green' });
  });
});

describe('receiptOutcome', () => {
  it('treats a missing receipt as a success with no gas used', () => {
    expect(receiptOutcome(null)).toEqual({ status: true, gasUsed: null });
    expect(receiptOutcome(undefined)).toEqual({ status: true, gasUsed: null });
  });

  it.each<[unknown, boolean | null]>([
    [1, true],
    ['0x0', false],
    [undefined, null],
  ])('reads receipt status %s as %s and keeps gas used', (status, expected) => {
    expect(receiptOutcome({ status, gasUsed: 51604n })).toEqual({ status: expected, gasUsed: 51604n });
  });
});
