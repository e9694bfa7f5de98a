import type { Store } from '../store/types.ts';
import type { RpcClient } from '../chain/rpc.ts';
import type { SyncStatus } from '../sync/state.ts';
import type { VerificationService } from '../verify/service.ts';
import type { StreamHub } from './stream/hub.ts';

/** What every route module needs. */
export interface ApiContext {
  /** The database (SQLite or PostgreSQL). */
  db: Store;
  rpc: RpcClient;
  sync: () => SyncStatus;
  ipfsGateway: string;
  /** Serve repeated lookups from memory (default true; the benchmark turns it off to measure cold paths). */
  cache?: boolean;
  /** Contract verification (absent in tests that build the router alone: its routes then answer 503). */
  verifier?: VerificationService;
  /** Shared secret of the admin routes (INDEXER_ADMIN_TOKEN); without it they answer 503. */
  adminToken?: string;
  /** Forward the Etherscan API's proxy eth_sendRawTransaction to the node (ETHERSCAN_API_SEND_RAW=1; default off). */
  etherscanSendRaw?: boolean;
  /** The STO price the Etherscan API's stats/ethprice answers (STO_PRICE_USD, STO_PRICE_BTC): plain decimals. */
  stoPrice?: { usd: string; btc: string };
  /** The fan-out of GET /events (absent in tests that build the router alone: the route then answers 503). */
  stream?: StreamHub;
  /** Bounds of txlistinternal's per-request tracing by address (tests lower them; defaults in account-internal.ts). */
  traceLimits?: { maxTraced?: number; maxScanned?: number; batch?: number };
}

/** A small time-based memo for aggregate figures that are costly to recompute on every request (one computation at a time). */
export class AsyncMemo<T> {
  private value: Promise<T> | undefined;
  private at = 0;
  private readonly ttlMs: number;
  private readonly compute: () => Promise<T>;

  constructor(ttlMs: number, compute: () => Promise<T>) {
    this.ttlMs = ttlMs;
    this.compute = compute;
  }

  /** The cached value, recomputed when older than the time-to-live (a failed computation is not kept). */
  get(): Promise<T> {
    const now = Date.now();
    if (this.value === undefined || now - this.at > this.ttlMs) {
      const value = this.compute();
      this.value = value;
      this.at = now;
      value.catch(() => {
        if (this.value === value) this.value = undefined;
      });
    }
    return this.value;
  }
}
