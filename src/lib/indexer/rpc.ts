import { readGasPrice, type JsonRpcRequest, type RpcResult } from '../rpc.ts';
import { GAS_PRICE_TIMEOUT_MS } from './timeouts.ts';
import type { RequestOptions, Transport } from './transport.ts';

// JSON-RPC through the indexer's read-only proxy (spec core §7).

/** POST /proxy/rpc with a JSON-RPC body → the parsed JSON-RPC answer (use the helpers of lib/rpc.ts). */
export async function proxyRpc(t: Transport, body: JsonRpcRequest, request?: RequestOptions): Promise<unknown> {
  return (await t.post('/proxy/rpc', body, request)).body;
}

/** eth_gasPrice through the proxy (2 s) → wei, or the RPC error object. */
export function getGasPrice(t: Transport, request: RequestOptions = {}): Promise<RpcResult<bigint>> {
  const timeoutMs = request.timeoutMs ?? Math.min(t.timeoutMs, GAS_PRICE_TIMEOUT_MS);
  return readGasPrice({ proxyRpc: (body, options) => proxyRpc(t, body, options) }, { timeoutMs, ...(request.signal ? { signal: request.signal } : {}) });
}
