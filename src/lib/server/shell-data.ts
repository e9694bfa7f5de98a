import { formatGwei } from '../format.ts';

const GAS_PRICE_TTL_MS = 30_000;
const GAS_PRICE_TIMEOUT_MS = 2_000;

let cached: { at: number; value: Promise<string | null> } | undefined;

/** The header's gas price in gwei, shared by every page rendered within 30 s; null when the indexer does not answer in 2 s. */
export function headerGasPrice(indexerUrl: string, now = Date.now()): Promise<string | null> {
  if (cached && now - cached.at < GAS_PRICE_TTL_MS) return cached.value;
  const value = fetch(`${indexerUrl}/proxy/rpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_gasPrice', params: [] }),
    signal: AbortSignal.timeout(GAS_PRICE_TIMEOUT_MS),
  })
    .then((res) => res.json() as Promise<{ result?: unknown }>)
    .then((body) => (typeof body.result === 'string' ? formatGwei(BigInt(body.result)) : null))
    .catch(() => null);
  cached = { at: now, value };
  return value;
}
