/** A gas price as a JSON-RPC quantity ('0x' and hex digits: eth_gasPrice, the stream's `gas`) → wei; null otherwise. */
export function normalizeGasPrice(value: unknown): bigint | null {
  return typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value) ? BigInt(value) : null;
}
