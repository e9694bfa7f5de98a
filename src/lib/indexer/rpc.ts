import { AbiCoder, getBytes, toUtf8String } from 'ethers';
import { GAS_PRICE_TIMEOUT_MS } from './timeouts.ts';
import type { RequestOptions, Transport } from './transport.ts';

// JSON-RPC through the indexer's read-only proxy, POST /proxy/rpc (spec core §7): token name, symbol and decimals by
// eth_call, the gas price, and any other method (the contract island's chain id and receipts). Like every resource
// module, each call takes the transport first. Every helper answers a result union; any failure is the spec's error
// object {code: -32603, message: 'Internal error'} (core §8), whatever the cause (network, node error, undecodable
// result). ethers is only touched inside the token readers, and the gas price reads no normalizer, so the header's
// gas-price script (on every page) carries only the transport and this file's first half.

/** A JSON-RPC error object. */
export interface RpcError {
  code: number;
  message: string;
}

/** The outcome of an RPC helper: a value, or the error object. */
export type RpcResult<T> = { ok: true; value: T } | { ok: false; error: RpcError };

/** The error object every failed RPC read returns (spec core §8). */
export const RPC_INTERNAL_ERROR: Readonly<RpcError> = Object.freeze({ code: -32603, message: 'Internal error' });

/** eth_call selectors of the ERC-20 metadata reads. */
export const TOKEN_SELECTORS = { name: '0x06fdde03', symbol: '0x95d89b41', decimals: '0x313ce567' } as const;

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

function failure<T>(): RpcResult<T> {
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

/**
 * A string returned by name() or symbol(): ABI-encoded string, or a bytes32 of legacy tokens (trailing NULs cut);
 * null when neither decodes.
 */
export function decodeStringResult(hex: string): string | null {
  try {
    const [value] = AbiCoder.defaultAbiCoder().decode(['string'], hex);
    if (typeof value === 'string') return value;
  } catch {
    // Not an ABI string; legacy tokens (MKR and friends) return bytes32.
  }
  try {
    const bytes = getBytes(hex);
    if (bytes.length !== 32) return null;
    let end = bytes.length;
    while (end > 0 && bytes[end - 1] === 0) end--;
    return toUtf8String(bytes.subarray(0, end));
  } catch {
    return null;
  }
}

/** A uint8 returned by decimals(); null when it does not decode or exceeds 255. */
function decodeDecimalsResult(hex: string): number | null {
  try {
    const [value] = AbiCoder.defaultAbiCoder().decode(['uint256'], hex);
    return typeof value === 'bigint' && value <= 255n ? Number(value) : null;
  } catch {
    return null;
  }
}

async function readString(t: Transport, token: string, selector: string, request: RequestOptions): Promise<RpcResult<string>> {
  const result = await ethCall(t, token, selector, request);
  if (!result.ok) return result;
  const text = decodeStringResult(result.value);
  return text === null ? failure() : { ok: true, value: text };
}

/** The token's name() through the proxy. */
export function readTokenName(t: Transport, token: string, request: RequestOptions = {}): Promise<RpcResult<string>> {
  return readString(t, token, TOKEN_SELECTORS.name, request);
}

/** The token's symbol() through the proxy. */
export function readTokenSymbol(t: Transport, token: string, request: RequestOptions = {}): Promise<RpcResult<string>> {
  return readString(t, token, TOKEN_SELECTORS.symbol, request);
}

/** The token's decimals() through the proxy. */
export async function readTokenDecimals(t: Transport, token: string, request: RequestOptions = {}): Promise<RpcResult<number>> {
  const result = await ethCall(t, token, TOKEN_SELECTORS.decimals, request);
  if (!result.ok) return result;
  const decimals = decodeDecimalsResult(result.value);
  return decimals === null ? failure() : { ok: true, value: decimals };
}

/** Name, symbol and decimals read in parallel, with the spec's defaults ('Unknown Token', 'TOKEN', 18) for failed reads. */
export async function readTokenMeta(
  t: Transport,
  token: string,
  request: RequestOptions = {},
): Promise<{ name: string; symbol: string; decimals: number }> {
  const [name, symbol, decimals] = await Promise.all([
    readTokenName(t, token, request),
    readTokenSymbol(t, token, request),
    readTokenDecimals(t, token, request),
  ]);
  return {
    name: name.ok && name.value !== '' ? name.value : 'Unknown Token',
    symbol: symbol.ok && symbol.value !== '' ? symbol.value : 'TOKEN',
    decimals: decimals.ok ? decimals.value : 18,
  };
}

/** eth_gasPrice through the proxy (2 s at most unless the request says otherwise) → wei, or the RPC error object. */
export async function getGasPrice(t: Transport, request: RequestOptions = {}): Promise<RpcResult<bigint>> {
  const timeoutMs = request.timeoutMs ?? Math.min(t.timeoutMs, GAS_PRICE_TIMEOUT_MS);
  const result = await rpcCall(t, 'eth_gasPrice', [], { timeoutMs, ...(request.signal ? { signal: request.signal } : {}) });
  if (!result.ok) return result;
  // A JSON-RPC quantity: 0x and hex digits ('0x' alone would be malformed; nodes send '0x0').
  const value = result.value;
  return typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value) ? { ok: true, value: BigInt(value) } : failure();
}
