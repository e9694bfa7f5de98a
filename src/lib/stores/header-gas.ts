import { normalizeGasPrice } from '../normalize/gas-price.ts';
import { formatGweiWei } from '../format/gwei.ts';
import { getGasPrice } from '../indexer-api/rpc.ts';
import { browserTransport } from '../indexer-api/transport.ts';

// The header's gas price, loaded by its script when first needed: a poll (every 30 s while there is no stream) or a
// `gas` event of the tab's stream. One module, so the header's own script names a single import.

/** Asks the indexer's node for the gas price and writes it; on failure the value shown stays. */
export async function refreshGas(target: HTMLElement, indexerUrl: string): Promise<void> {
  const price = await getGasPrice(browserTransport(indexerUrl));
  if (price.ok) target.textContent = formatGweiWei(price.value);
}

/** Writes a `gas` event's price (a JSON-RPC quantity, or null when the node did not answer). */
export function showGas(target: HTMLElement, data: unknown): void {
  const wei = normalizeGasPrice((data as { gasPrice?: unknown } | null)?.gasPrice);
  if (wei !== null) target.textContent = formatGweiWei(wei);
}
