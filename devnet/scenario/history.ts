import { activityActions } from '../activity.ts';
import type { Rng } from '../rng.ts';
import type { SignedTx } from '../txfactory.ts';
import { BLOCK_GAS_BUDGET } from './chain.ts';
import type { ScenarioContext } from './context.ts';
import { deployHostile, noHostileContracts, type HostileContracts } from './hostile.ts';
import type { SetupResult } from './setup.ts';

/** How much history runHistory writes and when it ends. */
export interface HistoryOptions {
  scale: number;
  /** Unix seconds the history ends at. */
  now: number;
  /** `now` is the wall clock: the last block must not predate the moment it is mined. */
  wallClock: boolean;
}

/** Transactions wanted in one activity block at scale 1: mostly quiet, sometimes busy. */
function txsPerBlock(rng: Rng): number {
  const r = rng.next();
  if (r < 0.28) return 0;
  if (r < 0.78) return rng.int(1, 2);
  if (r < 0.95) return rng.int(3, 6);
  return rng.int(10, 20);
}

/** Three stretches of consecutive empty blocks. */
function emptyStreaks(activityBlocks: number, scale: number): Set<number> {
  const streaks = new Set<number>();
  for (const at of [0.15, 0.45, 0.8]) {
    const from = Math.floor(activityBlocks * at);
    for (let i = 0; i < 6 + Math.round(4 * Math.min(scale, 3)); i++) streaks.add(from + i);
  }
  return streaks;
}

/** Up to `count` transactions; picks that do not fit the state count as tries, and the block stays well under the gas budget. */
function fillBlock(next: () => SignedTx | null, count: number): SignedTx[] {
  const txs: SignedTx[] = [];
  let gas = 0;
  for (let j = 0; j < count * 2 && txs.length < count; j++) {
    const tx = next();
    if (!tx) continue;
    txs.push(tx);
    gas += tx.gas;
    if (gas > BLOCK_GAS_BUDGET - 6_000_000) break;
  }
  return txs;
}

/** Steps mined after the everyday activity in the last blocks of its schedule, so that the history still ends at `now`. */
export interface HistoryTail {
  blocks: number;
  run: (mine: (txs: SignedTx[]) => Promise<void>) => Promise<void>;
}

/**
 * Everyday activity over the remaining days, denser towards `now`, with the spammer's hostile contracts 60 % of the way
 * in; then the tail's blocks, if any.
 */
export async function runHistory(ctx: ScenarioContext, setup: SetupResult, opts: HistoryOptions, tail?: HistoryTail): Promise<HostileContracts> {
  const { world, rng, dev, holders } = ctx;
  const { tokens, nfts, items, itemIds, playground } = setup;
  // Anvil slows down with every block it stores (evm_mine costs ~1 ms more per 1,000 blocks), so a larger
  // scale grows the block count by √scale and the transactions per block by the other √scale.
  const activityBlocks = Math.round(330 * Math.sqrt(opts.scale));
  const perBlock = opts.scale / Math.sqrt(opts.scale);
  const hostileAt = Math.floor(activityBlocks * 0.6);
  // Two blocks more than the loop mines: the hostile deployment takes two of its own (and the tail its own).
  const activityBlock = ctx.chain.activitySchedule(activityBlocks + 2 + (tail?.blocks ?? 0), opts.now, opts.wallClock);
  const nextActivityTx = activityActions({
    world, rng, dev, holders, tokens, nfts, items, itemIds, playground,
    deployGas: { token: ctx.deployments.gas('SGOV') ?? 2_000_000, playground: ctx.deployments.gas('playground') ?? 2_000_000 },
  });
  const streaks = emptyStreaks(activityBlocks, opts.scale);
  let hostile = noHostileContracts();
  for (let i = 0; i < activityBlocks; i++) {
    if (i === hostileAt) hostile = await deployHostile(ctx, activityBlock);
    const txs = streaks.has(i) ? [] : fillBlock(nextActivityTx, Math.round(txsPerBlock(rng) * perBlock));
    await activityBlock(txs);
    if (opts.scale > 2 && i % 500 === 499) {
      ctx.log(`scenario: ${i + 1}/${activityBlocks} activity blocks, ${ctx.chain.txCount} txs (${ctx.ms()} ms)`);
    }
  }
  if (tail) await tail.run(activityBlock);
  return hostile;
}
