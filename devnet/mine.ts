import type { Rpc } from './rpc.ts';
import type { SignedTx } from './txfactory.ts';

export interface RawBlock {
  number: string;
  timestamp: string;
  miner: string;
  baseFeePerGas?: string;
  transactions: string[];
}

const SEND_BATCH = 400;

/** Sends signed transactions in JSON-RPC batches and throws on the first rejection. */
export async function sendAll(rpc: Rpc, txs: SignedTx[]): Promise<void> {
  for (let i = 0; i < txs.length; i += SEND_BATCH) {
    const chunk = txs.slice(i, i + SEND_BATCH);
    const results = await rpc.batch(chunk.map((t) => ({ method: 'eth_sendRawTransaction', params: [t.raw] })));
    results.forEach((r, j) => {
      if (r instanceof Error) throw new Error(`${r.message} (tx ${chunk[j]?.hash} from ${chunk[j]?.from})`);
    });
  }
}

/** The latest block header (transaction hashes only). */
export async function latestBlock(rpc: Rpc): Promise<RawBlock> {
  return rpc.call<RawBlock>('eth_getBlockByNumber', ['latest', false]);
}

/**
 * Mines one block (automine must be off) produced by `coinbase` at `timestamp`, holding exactly `txs`;
 * returns its number. Throws when the node left any of them out (wrong nonce, gas over the block limit).
 */
export async function mineBlock(rpc: Rpc, txs: SignedTx[], timestamp: number, coinbase: string): Promise<number> {
  await rpc.call('anvil_setCoinbase', [coinbase]);
  await sendAll(rpc, txs);
  await rpc.call('evm_mine', [{ timestamp }]);
  const block = await latestBlock(rpc);
  if (block.transactions.length < txs.length) {
    const included = new Set(block.transactions.map((h) => h.toLowerCase()));
    const missing = txs.filter((t) => !included.has(t.hash.toLowerCase())).slice(0, 3);
    throw new Error(
      `block ${Number(block.number)} holds ${block.transactions.length} of ${txs.length} transactions; missing e.g. ${missing.map((t) => t.hash).join(', ')}`,
    );
  }
  return Number(block.number);
}
