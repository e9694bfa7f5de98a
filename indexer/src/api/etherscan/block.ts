import { blockAtOrAfter, blockReward } from '../../store/queries/blocks.ts';
import type { ApiContext } from '../context.ts';
import { indexedHead, notOk, ok, Refusal, type EtherscanModule, type EtherscanParams } from './core.ts';

// module=block of the Etherscan-compatible API: getblockreward, getblockcountdown, getblocknobytime. Answers come from
// the indexed blocks (the blocks table, by its primary key): "the current block" is the indexed head.

/** Blocks whose span gives getblockcountdown's average block time. */
const AVERAGE_OVER = 100;


/** blockno: a required block number (decimal). */
function blockNo(p: EtherscanParams): number {
  if (!p.has('blockno')) throw new Refusal('Error! Block number is required (blockno)');
  return p.int('blockno', 0);
}

/**
 * The block closest to `ts`: the last one with timestamp ≤ ts ('before') or the first with timestamp ≥ ts ('after').
 * Block timestamps never decrease with the number, so a binary search over numbers (the primary key) finds it in
 * about log2(head) lookups, without an index on timestamp.
 */
export async function blockByTime(ctx: ApiContext, ts: number, closest: 'before' | 'after', head: number): Promise<number | null> {
  const first = await blockAtOrAfter(ctx.db, 0);
  if (!first) return null;
  // Invariant: the answer lies in [lo, hi] (as numbers); `found` is the best candidate so far.
  let lo = first.number;
  let hi = head;
  let found: number | null = null;
  while (lo <= hi) {
    const mid = lo + Math.floor((hi - lo) / 2);
    const b = await blockAtOrAfter(ctx.db, mid);
    if (!b || b.number > hi) {
      // A gap up to hi: nothing in [mid, hi].
      hi = mid - 1;
      continue;
    }
    if (closest === 'before') {
      if (b.timestamp <= ts) {
        found = b.number;
        lo = b.number + 1;
      } else hi = mid - 1;
    } else if (b.timestamp >= ts) {
      found = b.number;
      hi = mid - 1;
    } else lo = b.number + 1;
  }
  return found;
}

/** module=block. */
export const blockModule: EtherscanModule = {
  actions: {
    getblockreward: {
      summary: "A block's producer and reward (fees to its producer, in wei); this chain has no uncles",
      params: { blockno: 'the block number' },
      async run(p, ctx) {
        const n = blockNo(p);
        const b = await blockReward(ctx.db, n);
        if (!b) return notOk('Error! Block not found');
        return ok({
          blockNumber: String(b.number),
          timeStamp: String(b.timestamp),
          blockMiner: b.miner.toLowerCase(),
          blockReward: b.reward,
          uncles: [],
          uncleInclusionReward: '0',
        });
      },
    },
    getblockcountdown: {
      summary: `Blocks and estimated seconds until a future block (at the average block time of the last ${AVERAGE_OVER} blocks)`,
      params: { blockno: 'the future block number' },
      async run(p, ctx) {
        const n = blockNo(p);
        const head = await indexedHead(ctx);
        if (head === null) return notOk('Error! No blocks indexed yet');
        if (n <= head) return notOk('Error! Block number already pass');
        const from = Math.max(0, head - AVERAGE_OVER);
        const [start, end] = await Promise.all([blockAtOrAfter(ctx.db, from), blockAtOrAfter(ctx.db, head)]);
        const span = start && end && end.number > start.number ? (end.timestamp - start.timestamp) / (end.number - start.number) : 0;
        const remaining = n - head;
        return ok({
          CurrentBlock: String(head),
          CountdownBlock: String(n),
          RemainingBlock: String(remaining),
          EstimateTimeInSec: (remaining * span).toFixed(1),
        });
      },
    },
    getblocknobytime: {
      summary: 'The block produced closest before or after a time (unix seconds), as a decimal string',
      params: { timestamp: 'unix seconds', closest: 'before or after' },
      async run(p, ctx) {
        if (!p.has('timestamp')) throw new Refusal('Error! Invalid timestamp');
        const ts = p.int('timestamp', 0);
        if (!p.has('closest')) throw new Refusal('Error! Invalid closest (before or after)');
        const closest = p.choice('closest', ['before', 'after'] as const, 'before');
        const head = await indexedHead(ctx);
        const n = head === null ? null : await blockByTime(ctx, ts, closest, head);
        return n === null ? notOk('Error! No closest block found') : ok(String(n));
      },
    },
  },
};
