// Which block last changed an address, as far as the render cache needs to know: pages about one address (its address
// page, a token's, an NFT collection's and its items') are then kept until a block changes that address, rather than
// thrown away with every new head (src/lib/server/page-key.ts). The bundled indexer lists the addresses each block
// changed (GET /changes); an indexer without that list (the chain operator's) leaves those pages kept per head.
import type { HeadMark } from '../blocks/latest.ts';
import type { Changes } from '../normalize/health.ts';

/** Addresses remembered at most; beyond it everything counts as changed at the block known (a fresh start). */
export const MAX_TRACKED_ADDRESSES = 50_000;

/** The tracker's reading of the indexer's change list: since a block, null when it has none, or a failure (throws). */
export type ChangesLoad = (since: number) => Promise<Changes | null>;

/** Tracks the indexer's change lists per head. */
export interface ActivityTracker {
  /**
   * The block that last changed `address` (lowercase) by the time of `mark`: the block of its last listed change, or
   * the block the tracking (re)started at when none was listed since. Every page about the address rendered after the
   * indexer had that block shows what the indexer has at `mark`; at once, unless the head moved on and its change list
   * must be read first (a promise then). Null when that cannot be told (no head, an indexer without change lists, a
   * failed read, an indexer behind the mark): the caller then keys the page by the head.
   */
  version(mark: HeadMark, address: string): number | null | Promise<number | null>;
}

/** Creates a tracker reading change lists with `load`. */
export function createActivityTracker(load: ChangesLoad): ActivityTracker {
  /** The generation (the indexer's rollback count) the state below is about. */
  let reorgs: number | null = null;
  /** Changes are known through this block. */
  let known: number | null = null;
  /** Every address counts as changed at this block (tracking began, or began again, there). */
  let epoch = 0;
  const last = new Map<string, number>();
  /** The indexer has no change list: asked once, never again. */
  let unsupported = false;
  /** The read under way, and the block it brings the state to (at least). */
  let reading: { target: number; done: Promise<void> } | null = null;

  const restart = (at: number, generation: number): void => {
    reorgs = generation;
    known = at;
    epoch = at;
    last.clear();
  };

  /** Brings the state to `target` (or as far as the indexer's answer goes): one read shared by concurrent callers. */
  const advance = (target: number): Promise<void> => {
    if (reading && reading.target >= target) return reading.done;
    const previous = reading?.done ?? Promise.resolve();
    const done = previous
      .catch(() => undefined)
      .then(async () => {
        if (known === null || known >= target || unsupported) return;
        const since = known;
        const generation = reorgs;
        const changes = await load(since);
        // Restarted meanwhile by a mark of another generation: this answer is about the old one.
        if (reorgs !== generation || known !== since) return;
        if (changes === null) {
          unsupported = true;
          return;
        }
        if (changes.head === null || changes.reorgs !== generation) return;
        if (!changes.complete || last.size + changes.addresses.length > MAX_TRACKED_ADDRESSES) {
          restart(Math.max(changes.head, target), generation ?? 0);
          return;
        }
        if (changes.head <= since) return;
        for (const address of changes.addresses) last.set(address, changes.head);
        known = changes.head;
      })
      .finally(() => {
        if (reading?.done === done) reading = null;
      });
    reading = { target, done };
    return done;
  };

  /** The answer once the state is about `mark`'s generation and known through its block (or it cannot be). */
  const answer = (mark: HeadMark, address: string): number | null => {
    if (unsupported || reorgs !== mark.reorgs || known === null || mark.block === null || known < mark.block) return null;
    const changed = last.get(address) ?? epoch;
    // Known through a later block than the mark (a read of another indexer process behind a balancer, or a list that
    // went past it): a change after the mark would name a page rendered from the mark's data, so only an address
    // unchanged since is told.
    return changed > mark.block ? null : changed;
  };

  return {
    version(mark, address) {
      if (unsupported || mark.block === null || mark.reorgs === null) return null;
      // A first mark or another generation (a rollback): what is remembered may describe other blocks.
      if (reorgs !== mark.reorgs || known === null) restart(mark.block, mark.reorgs);
      // The head moved on: its change list is read first (once, for every request that waits for it).
      else if (mark.block > known) return advance(mark.block).then(() => answer(mark, address), () => null);
      return answer(mark, address);
    },
  };
}
