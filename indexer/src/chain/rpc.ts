/** One JSON-RPC request of a batch. */
export interface RpcCall {
  method: string;
  params: unknown[];
}

/** The outcome of one call of a batch: a result or the node's error object. */
export type RpcOutcome<T = unknown> = { ok: true; result: T } | { ok: false; error: RpcErrorBody };

/** A JSON-RPC error object as the node sent it. */
export interface RpcErrorBody {
  code: number;
  message: string;
  data?: unknown;
}

/** An error answered by the node for a single call. */
export class RpcError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(body: RpcErrorBody) {
    super(body.message);
    this.name = 'RpcError';
    this.code = body.code;
    this.data = body.data;
  }
}

/** Options of the JSON-RPC client. */
export interface RpcClientOptions {
  timeoutMs?: number;
  maxBatch?: number;
  /** Told of every call and its outcome (the indexer's rpc_* metrics); raw bodies the proxy forwards are not. */
  observe?: (method: string, ok: boolean, seconds: number | null) => void;
}

interface RpcResponse {
  id?: unknown;
  result?: unknown;
  error?: RpcErrorBody;
}

/** A small JSON-RPC client over fetch (keep-alive), with batches split into bounded chunks. */
export class RpcClient {
  readonly url: string;
  private readonly timeoutMs: number;
  private readonly maxBatch: number;
  private readonly observe: RpcClientOptions['observe'];
  private nextId = 1;

  constructor(url: string, opts: RpcClientOptions = {}) {
    this.url = url;
    this.observe = opts.observe;
    this.timeoutMs = opts.timeoutMs ?? 30_000;
    this.maxBatch = opts.maxBatch ?? 500;
  }

  /** Sends any JSON body and returns the parsed JSON answer (used by the proxy). */
  async raw(body: unknown, timeoutMs = this.timeoutMs): Promise<unknown> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    try {
      return JSON.parse(text);
    } catch {
      throw new Error(`RPC answered HTTP ${res.status} with a non-JSON body`);
    }
  }

  /** One call; throws RpcError when the node answers an error. */
  async call<T = unknown>(method: string, params: unknown[] = []): Promise<T> {
    const began = this.observe ? performance.now() : 0;
    let ok = false;
    try {
      const out = (await this.raw({ jsonrpc: '2.0', id: this.nextId++, method, params })) as RpcResponse;
      if (out === null || typeof out !== 'object') throw new Error('RPC answered a non-object');
      if (out.error) throw new RpcError(out.error);
      ok = true;
      return out.result as T;
    } finally {
      this.observe?.(method, ok, (performance.now() - began) / 1000);
    }
  }

  /** Many calls in JSON-RPC batches; outcomes are returned in the order of the calls. */
  async batch<T = unknown>(calls: readonly RpcCall[]): Promise<RpcOutcome<T>[]> {
    const outcomes = new Array<RpcOutcome<T>>(calls.length);
    const chunks: Promise<void>[] = [];
    for (let start = 0; start < calls.length; start += this.maxBatch) {
      const slice = calls.slice(start, start + this.maxBatch);
      chunks.push(this.sendChunk<T>(slice, start, outcomes));
    }
    await Promise.all(chunks);
    return outcomes;
  }

  private async sendChunk<T>(slice: readonly RpcCall[], start: number, outcomes: RpcOutcome<T>[]): Promise<void> {
    const firstId = this.nextId;
    this.nextId += slice.length;
    const body = slice.map((c, i) => ({ jsonrpc: '2.0', id: firstId + i, method: c.method, params: c.params }));
    const began = this.observe ? performance.now() : 0;
    let answer: unknown;
    try {
      answer = await this.raw(body);
    } catch (err) {
      this.observeBatch(slice, null, start, began);
      throw err;
    }
    if (!Array.isArray(answer)) {
      this.observeBatch(slice, null, start, began);
      const err = (answer as RpcResponse | null)?.error;
      throw err ? new RpcError(err) : new Error('RPC answered a batch with a non-array');
    }
    const seen = new Set<number>();
    for (const item of answer as RpcResponse[]) {
      const index = Number(item.id) - firstId;
      if (!Number.isInteger(index) || index < 0 || index >= slice.length) continue;
      seen.add(index);
      outcomes[start + index] = item.error ? { ok: false, error: item.error } : { ok: true, result: item.result as T };
    }
    if (seen.size !== slice.length) {
      this.observeBatch(slice, null, start, began);
      throw new Error('RPC batch answer is missing responses');
    }
    this.observeBatch(slice, outcomes, start, began);
  }

  /** Counts each call of a batch chunk by its outcome (all failed when `outcomes` is null); the round trip once. */
  private observeBatch(slice: readonly RpcCall[], outcomes: readonly RpcOutcome<unknown>[] | null, start: number, began: number): void {
    const observe = this.observe;
    if (observe === undefined) return;
    const seconds = (performance.now() - began) / 1000;
    for (let i = 0; i < slice.length; i++) observe((slice[i] as RpcCall).method, outcomes?.[start + i]?.ok === true, i === 0 ? seconds : null);
  }
}

/** The result of an outcome, or throws its error. */
export function unwrap<T>(outcome: RpcOutcome<T> | undefined): T {
  if (outcome === undefined) throw new Error('missing RPC outcome');
  if (!outcome.ok) throw new RpcError(outcome.error);
  return outcome.result;
}

const MISSING_STATE = /out of range|BlockOutOfRange|missing trie node|state (is )?not available|historical state|header not found|pruned/i;

/** True when the node refused a call because it no longer keeps the state of the requested block. */
export function isStateUnavailable(err: unknown): boolean {
  if (err instanceof RpcError) return MISSING_STATE.test(err.message);
  if (err !== null && typeof err === 'object' && typeof (err as RpcErrorBody).message === 'string') {
    return MISSING_STATE.test((err as RpcErrorBody).message);
  }
  return false;
}

/** Throws the first error of a batch that says the block's state is gone (reverts are left to the caller). */
export function throwIfStateUnavailable(outcomes: readonly RpcOutcome[]): void {
  for (const o of outcomes) {
    if (o && !o.ok && isStateUnavailable(o.error)) throw new RpcError(o.error);
  }
}
