// What every stream carries for new blocks: `block`, `transactions`, `stats` and `gas`, each read once per new block
// (or per coalesced range) and serialized once, as the REST routes they stand for answer (the same shapes, the same
// JSON with checksummed addresses).
import type { GasTrackerLive } from '../../../../common/gas-tracker.ts';
import { BLOCK_EVENTS, STREAM_TRANSACTIONS, type GasEventData, type StreamEventName } from '../../../../common/live-events.ts';
import { toJson } from '../../http/json.ts';
import { RawJson, Reply, type Router } from '../../http/router.ts';
import { blockByNumber, transactionCountBetween } from '../../store/queries/blocks.ts';
import { latestTransactionsBetween } from '../../store/queries/transactions.ts';
import type { Queryable } from '../../store/types.ts';
import { blockJson, txJson } from '../shapes.ts';
import { methodNames } from '../../signatures/store.ts';
import { frame } from './frames.ts';

/** An event's index among its block's events: `block` 0, `transactions` 1, `stats` 2, `gas` 3, topics after them. */
export function eventIndex(name: (typeof BLOCK_EVENTS)[number]): number {
  return BLOCK_EVENTS.indexOf(name);
}

/** The index of a stream's `i`-th topic (see eventIndex). */
export function topicIndex(i: number): number {
  return BLOCK_EVENTS.length + i;
}

/** The `block` and `transactions` events of a block (or of a coalesced range, named by its newest block). */
export interface BlockFrames {
  /** The first block and the newest (the same unless coalesced). */
  fromBlock: number;
  block: number;
  /** The block's hash, to tell a later rollback from a new block at the same height. */
  hash: string;
  frames: { block: Buffer; transactions: Buffer };
  /** Transactions of the range. */
  txCount: number;
}

/** The stats fields and the REST routes whose bodies they carry (common/live-events.ts, StatsEventData). */
const STATS_ROUTES: readonly (readonly [string, string])[] = [
  ['tps', '/stats/tps'],
  ['holders', '/stats/holders'],
  ['payout', '/stats/validators/payout'],
  ['transactionCount', '/stats/transactions/count'],
  ['erc20Count', '/stats/contracts/erc20/count'],
];

/**
 * How long a block's events wait for the node's gas price and the gas tracker's figures, together (a block on
 * the page within 1 s of being stored). Past it they go out with the last price the node gave and no tracker figures;
 * the calls go on, and their answers serve the next block.
 */
export const GAS_WAIT_MS = 300;

/** The reads behind the events of new blocks. */
export class BlockEventReader {
  private readonly db: Queryable;
  private readonly gasPrice: () => Promise<string | null>;
  private readonly gasWaitMs: number;
  private router: Router | null = null;
  /** The node's last answer; null before one (or after it failed). */
  private lastGas: string | null = null;
  /** The call under way: a slow node gets one at a time, not one per block. */
  private gasCall: Promise<string | null> | null = null;
  /** The gas tracker's live figures (api/gas-tracker.ts); absent until the routes are built. */
  private tracker: (() => Promise<GasTrackerLive>) | null = null;
  /** The tracker's read under way, one at a time like gasCall. */
  private trackerCall: Promise<GasTrackerLive | null> | null = null;

  constructor(db: Queryable, gasPrice: () => Promise<string | null>, gasWaitMs = GAS_WAIT_MS) {
    this.db = db;
    this.gasPrice = gasPrice;
    this.gasWaitMs = gasWaitMs;
  }

  /** The router whose stats routes the `stats` event carries the answers of. */
  useRouter(router: Router): void {
    this.router = router;
  }

  /** Where the `gas` event's tracker figures come from (read once per block, at most one read at a time). */
  useGasTracker(read: () => Promise<GasTrackerLive>): void {
    this.tracker = read;
  }

  /**
   * `block` and `transactions` for blocks `from` … `to`: the newest block as GET /blocks lists it, and the newest
   * STREAM_TRANSACTIONS transactions of the range as GET /transactions lists them. Null when the newest block is no
   * longer stored (a rollback came meanwhile).
   */
  async blocks(from: number, to: number, reorgs: number): Promise<BlockFrames | null> {
    const row = await blockByNumber(this.db, to);
    if (!row) return null;
    const txCount =
      from === to ? row.tx_count : await transactionCountBetween(this.db, from, to);
    const txs =
      txCount === 0
        ? []
        : await latestTransactionsBetween(this.db, from, to, STREAM_TRANSACTIONS);
    const names = await methodNames(this.db, txs.map((t) => t.input));
    const transactions = `{"block":${to},"fromBlock":${from},"count":${txCount},"items":${toJson(txs.map((t) => txJson(t, names)))}}`;
    return {
      fromBlock: from,
      block: to,
      hash: row.hash,
      txCount,
      frames: { block: frame(to, eventIndex('block'), reorgs, 'block', toJson(blockJson(row))), transactions: frame(to, eventIndex('transactions'), reorgs, 'transactions', transactions) },
    };
  }

  /** `stats` after block `block`: the bodies of the stats routes (null for one that failed). */
  async stats(block: number, reorgs: number): Promise<Buffer> {
    const parts = await Promise.all(STATS_ROUTES.map(async ([field, path]) => `"${field}":${await this.routeJson(path).catch(() => 'null')}`));
    return frame(block, eventIndex('stats'), reorgs, 'stats', `{"block":${block},${parts.join(',')}}`);
  }

  /**
   * `gas` after block `block`: the node's eth_gasPrice, or the last one it gave when it takes longer than the wait
   * (null when it failed or never answered yet); the tracker's figures, null when not read within the same wait.
   */
  async gas(block: number, reorgs: number): Promise<Buffer> {
    this.gasCall ??= this.gasPrice()
      .then((price) => price, () => null)
      .then((price) => {
        this.lastGas = price;
        this.gasCall = null;
        return price;
      });
    const tracker = this.tracker;
    this.trackerCall ??=
      tracker === null
        ? null
        : tracker()
            .catch(() => null)
            .finally(() => (this.trackerCall = null));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), this.gasWaitMs);
    });
    const [price, figures] = await Promise.all([Promise.race([this.gasCall, late]), Promise.race([this.trackerCall ?? null, late])]);
    clearTimeout(timer);
    const data: GasEventData = { block, gasPrice: price === 'late' ? this.lastGas : price, tracker: figures === 'late' ? null : figures };
    return frame(block, eventIndex('gas'), reorgs, 'gas' satisfies StreamEventName, JSON.stringify(data));
  }

  /** The JSON text a GET route answers (without a query), as the server would send it. */
  private async routeJson(path: string): Promise<string> {
    const match = this.router?.match('GET', path.split('/').filter(Boolean));
    if (!match || !('route' in match)) return 'null';
    const out = await match.route.handler({ params: match.params, query: new URLSearchParams(), body: undefined });
    if (out instanceof RawJson) return out.text;
    if (out instanceof Reply) return out.status === 200 ? toJson(out.body) : 'null';
    return toJson(out);
  }
}
