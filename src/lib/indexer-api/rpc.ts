import { delegationTarget } from '../../../common/tx-types.ts';
import { normalizeGasPrice } from '../normalize/gas-price.ts';
import { GAS_PRICE_TIMEOUT_MS } from './timeouts.ts';
import type { RequestOptions, Transport } from './transport.ts';

// JSON-RPC through the indexer's read-only proxy, POST /proxy/rpc: any method (the contract island's
// chain id and receipts), eth_call, and the gas price. Like every resource module, each call takes the transport
// first. Every helper answers a result union; any failure is the spec's error object {code: -32603, message:
// 'Internal error'}, whatever the cause (network, node error, undecodable result). The header's gas-price
// script loads this module on every page, so it imports no ethers and no normalizer but the gas price's: the token metadata reads, which
// decode with ethers, are token-meta.ts.

/** A JSON-RPC error object. */
export interface RpcError {
  code: number;
  message: string;
}

/** The outcome of an RPC helper: a value, or the error object. */
export type RpcResult<T> = { ok: true; value: T } | { ok: false; error: RpcError };

/** The error object every failed RPC read returns. */
export const RPC_INTERNAL_ERROR: Readonly<RpcError> = Object.freeze({ code: -32603, message: 'Internal error' });

/** A JSON-RPC request body. */
export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: number;
  method: string;
  params: unknown[];
}

let nextId = 1;

/** POST /proxy/rpc with a JSON-RPC body → the parsed JSON-RPC answer (the helpers below read it). */
export async function proxyRpc(t: Transport, body: JsonRpcRequest, request?: RequestOptions): Promise<unknown> {
  return (await t.post('/proxy/rpc', body, request)).body;
}

/** The spec's error object as a failed result. */
export function failure<T>(): RpcResult<T> {
  return { ok: false, error: { ...RPC_INTERNAL_ERROR } };
}

/** Calls one JSON-RPC method through the proxy; the `result` field, or the internal error on any failure. */
export async function rpcCall(t: Transport, method: string, params: unknown[], request: RequestOptions = {}): Promise<RpcResult<unknown>> {
  try {
    const body = await proxyRpc(t, { jsonrpc: '2.0', id: nextId++, method, params }, request);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return failure();
    const answer = body as Record<string, unknown>;
    if (answer['error'] !== undefined || !('result' in answer)) return failure();
    return { ok: true, value: answer['result'] };
  } catch {
    return failure();
  }
}

/** eth_call of `data` on `to` at 'latest'; the returned hex, or the internal error (also for an empty '0x' result). */
export async function ethCall(t: Transport, to: string, data: string, request: RequestOptions = {}): Promise<RpcResult<string>> {
  const result = await rpcCall(t, 'eth_call', [{ to, data }, 'latest'], request);
  if (!result.ok) return result;
  const value = result.value;
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)) return failure();
  return { ok: true, value };
}

/** eth_gasPrice through the proxy (2 s at most unless the request says otherwise) → wei, or the RPC error object. */
export async function getGasPrice(t: Transport, request: RequestOptions = {}): Promise<RpcResult<bigint>> {
  const timeoutMs = request.timeoutMs ?? Math.min(t.timeoutMs, GAS_PRICE_TIMEOUT_MS);
  const result = await rpcCall(t, 'eth_gasPrice', [], { timeoutMs, ...(request.signal ? { signal: request.signal } : {}) });
  if (!result.ok) return result;
  // A JSON-RPC quantity: 0x and hex digits ('0x' alone would be malformed; nodes send '0x0').
  const value = normalizeGasPrice(result.value);
  return value === null ? failure() : { ok: true, value };
}

/** Time-out of the delegation check of an address page. */
const DELEGATION_TIMEOUT_MS = 2_000;

/**
 * The delegate of an account delegated by EIP-7702 (its code, read through the proxy, is 0xef0100 ‖ delegate), in
 * lowercase; null for any other code and when the node cannot say (both indexers have the proxy).
 */
export async function getDelegation(t: Transport, address: string, request: RequestOptions = {}): Promise<string | null> {
  const timeoutMs = request.timeoutMs ?? Math.min(t.timeoutMs, DELEGATION_TIMEOUT_MS);
  const result = await rpcCall(t, 'eth_getCode', [address, 'latest'], { timeoutMs, ...(request.signal ? { signal: request.signal } : {}) });
  return result.ok && typeof result.value === 'string' ? delegationTarget(result.value) : null;
}
