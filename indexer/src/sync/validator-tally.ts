import { addValidatorTallies, validatorRewards } from '../store/queries/validators.ts';
import type { Queryable } from '../store/types.ts';
import type { Cell } from './row-buffer.ts';

/** Block producers whose reward totals the tally remembers at most (a chain with more reads them again). */
const MAX_PRODUCERS = 10_000;

/** Counts a batch's blocks and rewards per producer, and adds them to the validators table in one upsert. */
export class ValidatorTally {
  /** Stored reward totals of block producers, so a batch adds to them without reading them (kept until a rollback). */
  private readonly producerRewards = new Map<string, bigint>();
  /** The batch's blocks per producer, written to validators once per batch. */
  private producers = new Map<string, { blocks: number; rewards: bigint; first: number; last: number }>();

  /** Starts a batch. */
  begin(): void {
    this.producers = new Map();
  }

  /** Counts block `number`, produced by `miner` for `reward`. */
  add(miner: string, number: number, reward: bigint): void {
    // The genesis block is not produced by anyone; its miner field is a placeholder.
    if (number > 0) {
      const p = this.producers.get(miner);
      if (p === undefined) this.producers.set(miner, { blocks: 1, rewards: reward, first: number, last: number });
      else {
        p.blocks++;
        p.rewards += reward;
        p.last = number;
      }
    }
  }

  /** Forgets the remembered totals (a rollback changed them). */
  forget(): void {
    this.producerRewards.clear();
  }

  /**
   * Adds the batch's blocks and rewards to each producer's row in one upsert. Rewards are decimal text (they outgrow
   * 64 bits), so the new total is computed here from the stored one, read once per producer and then remembered.
   */
  async write(q: Queryable): Promise<void> {
    const unknown = [...this.producers.keys()].filter((miner) => !this.producerRewards.has(miner));
    if (unknown.length > 0) {
      if (this.producerRewards.size > MAX_PRODUCERS) this.producerRewards.clear();
      for (const miner of unknown) this.producerRewards.set(miner, 0n);
      const stored = await validatorRewards(q, unknown);
      for (const v of stored) this.producerRewards.set(v.address, BigInt(v.rewards));
    }
    const rows: Cell[][] = [];
    for (const [miner, p] of this.producers) {
      const rewards = (this.producerRewards.get(miner) ?? 0n) + p.rewards;
      this.producerRewards.set(miner, rewards);
      rows.push([miner, p.blocks, rewards.toString(), p.first, p.last]);
    }
    await addValidatorTallies(q, rows);
  }
}
