import type { Statements } from '../db.ts';
import type { RpcClient } from '../rpc.ts';
import type { SyncStatus } from '../sync.ts';
import type { VerificationService } from '../verify/service.ts';

/** What every route module needs. */
export interface ApiContext {
  stmts: Statements;
  rpc: RpcClient;
  sync: () => SyncStatus;
  ipfsGateway: string;
  /** Serve repeated lookups from memory (default true; the benchmark turns it off to measure cold paths). */
  cache?: boolean;
  /** Contract verification (absent in tests that build the router alone: its routes then answer 503). */
  verifier?: VerificationService;
  /** Shared secret of the admin routes (INDEXER_ADMIN_TOKEN); without it they answer 503. */
  adminToken?: string;
}

/** A small time-based memo for aggregate figures that are costly to recompute on every request. */
export class Memo<T> {
  private value: T | undefined;
  private at = 0;
  private readonly ttlMs: number;
  private readonly compute: () => T;

  constructor(ttlMs: number, compute: () => T) {
    this.ttlMs = ttlMs;
    this.compute = compute;
  }

  /** The cached value, recomputed when older than the time-to-live. */
  get(): T {
    const now = Date.now();
    if (this.value === undefined || now - this.at > this.ttlMs) {
      this.value = this.compute();
      this.at = now;
    }
    return this.value;
  }
}
