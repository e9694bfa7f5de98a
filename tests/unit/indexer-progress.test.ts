import { describe, expect, it } from 'vitest';
import { renderProgress } from '../../indexer/src/sync/progress.ts';

describe('catch-up progress line', () => {
  it.each([
    [49, 99, 0, 500, 5, '50/100 blocks 50.0%', '10 blocks/s', '100 tx/s', 'ETA 5s'],
    [99, 99, 0, 1000, 10, '100/100 blocks 100.0%', '10 blocks/s', '100 tx/s', 'ETA 0s'],
    [1099, 10_099, 1000, 2000, 1, '1100/10100 blocks', '100 blocks/s', '2000 tx/s', 'ETA 1m30s'],
  ])('block %s of %s', (current, target, start, txs, seconds, ...parts) => {
    const line = renderProgress(current, target, start, txs, seconds);
    for (const p of parts) expect(line).toContain(p);
    expect(line).toMatch(/^\[[#-]{30}\]/);
  });
});
