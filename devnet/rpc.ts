interface RpcResponse {
  id: number;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

export interface RpcCall {
  method: string;
  params: unknown[];
}

/** Minimal JSON-RPC client over fetch, with batches (ethers' provider is too slow for tens of thousands of raw sends). */
export class Rpc {
  readonly url: string;
  private nextId = 1;

  constructor(url: string) {
    this.url = url;
  }

  private async post(body: unknown): Promise<unknown> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`RPC HTTP ${res.status} from ${this.url}`);
    return res.json();
  }

  /** Sends one call and returns its result, throwing the node's error message. */
  async call<T = unknown>(method: string, params: unknown[] = []): Promise<T> {
    const id = this.nextId++;
    const reply = (await this.post({ jsonrpc: '2.0', id, method, params })) as RpcResponse;
    if (reply.error) throw new Error(`${method}: ${reply.error.message}`);
    return reply.result as T;
  }

  /** Sends calls as one batch and returns results (or Error objects) in the order of the calls. */
  async batch(calls: RpcCall[]): Promise<unknown[]> {
    if (calls.length === 0) return [];
    const first = this.nextId;
    this.nextId += calls.length;
    const replies = (await this.post(
      calls.map((c, i) => ({ jsonrpc: '2.0', id: first + i, method: c.method, params: c.params })),
    )) as RpcResponse[];
    const byId = new Map(replies.map((r) => [r.id, r]));
    return calls.map((c, i) => {
      const r = byId.get(first + i);
      if (!r) return new Error(`${c.method}: no reply in batch`);
      return r.error ? new Error(`${c.method}: ${r.error.message}`) : r.result;
    });
  }

  /** Like batch, but throws on the first failed call. */
  async batchOrThrow(calls: RpcCall[]): Promise<unknown[]> {
    const results = await this.batch(calls);
    const failed = results.find((r) => r instanceof Error);
    if (failed) throw failed;
    return results;
  }
}
