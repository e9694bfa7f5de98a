import { describe, expect, it } from 'vitest';
import { INITIAL_CANVAS_STATE, detectionText, pollCanvas } from '../../src/lib/home/canvas-state.ts';
import { normalizeTransactions } from '../../src/lib/normalize/transaction.ts';

const tx = (n: number, extra: Record<string, unknown> = {}) =>
  normalizeTransactions([{ hash: `0x${n.toString(16).padStart(64, '0')}`, blockNumber: n, timestamp: 1_700_000_000 + n, from: `0x${'1'.repeat(40)}`, to: `0x${'2'.repeat(40)}`, value: '1', data: '0x', status: true, ...extra }])[0]!;

describe('home neural canvas', () => {
  it('the first poll learns what is there: no detection, listening', () => {
    const first = pollCanvas(INITIAL_CANVAS_STATE, [tx(3), tx(2), tx(1)]);
    expect(first.detected).toEqual([]);
    expect(first.status).toBe('AI Listening');
    expect(first.state.started).toBe(true);
  });

  it('new transactions are detections of their kinds, newest first', () => {
    let poll = pollCanvas(INITIAL_CANVAS_STATE, [tx(3), tx(2), tx(1)]);
    poll = pollCanvas(poll.state, [tx(5, { to: null, data: '0x6080' }), tx(4, { data: `0xdeadbeef${'00'.repeat(8)}`, value: '0' }), tx(3)]);
    expect(poll.detected).toEqual(['CONTRACT_DEPLOY', 'CONTRACT_CALL']);
    expect(detectionText(poll.detected)).toBe('Contract deployment, Contract call detected');
    expect(detectionText(['NATIVE_STO', 'NATIVE_STO'])).toBe('Native STO transfer detected');
    expect(detectionText([])).toBeNull();
  });

  it("more than 2 polls without a new transaction: 'AI Scanning'; a new one: 'AI Listening' again", () => {
    let poll = pollCanvas(INITIAL_CANVAS_STATE, [tx(1)]);
    const statuses: string[] = [];
    for (let i = 0; i < 3; i++) {
      poll = pollCanvas(poll.state, [tx(1)]);
      statuses.push(poll.status);
    }
    expect(statuses).toEqual(['AI Listening', 'AI Listening', 'AI Scanning']);
    poll = pollCanvas(poll.state, [tx(2), tx(1)]);
    expect(poll.status).toBe('AI Listening');
    expect(poll.detected).toEqual(['NATIVE_STO']);
  });
});
