import { AbiCoder, getBytes, toUtf8String } from 'ethers';
import { ethCall, failure, type RpcResult } from './rpc.ts';
import type { RequestOptions, Transport } from './transport.ts';

// A token's name, symbol and decimals read from the token itself with the spec's eth_call selectors,
// through the indexer's RPC proxy (rpc.ts). Apart from rpc.ts because these decode with ethers, and rpc.ts is loaded on
// every page by the header's gas price; only the server reads token metadata this way.

/** eth_call selectors of the ERC-20 metadata reads. */
export const TOKEN_SELECTORS = { name: '0x06fdde03', symbol: '0x95d89b41', decimals: '0x313ce567' } as const;

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
