import { blockHash } from '../store/queries/blocks.ts';
import type { Store } from '../store/types.ts';
import { toHex } from '../chain/num.ts';
import type { RpcClient } from '../chain/rpc.ts';

/** Blocks asked of the node in one JSON-RPC batch while walking back. */
const WINDOW = 32;

/**
 * The highest block at or below `start` whose stored hash is the node's, or -1 when none is (nothing stored there, or
 * a different genesis). Walks back from `start` a window of blocks at a time.
 */
export async function findCommonAncestor(db: Store, rpc: RpcClient, start: number): Promise<number> {
  if (start < 0) return -1;
  // A different genesis means a different chain (a restarted devnet): nothing is shared.
  const genesis = await rpc.call<{ hash: string } | null>('eth_getBlockByNumber', ['0x0', false]);
  if (!genesis || (await blockHash(db, 0)) !== genesis.hash.toLowerCase()) return -1;
  for (let top = start; top >= 0; top -= WINDOW) {
    const bottom = Math.max(0, top - WINDOW + 1);
    const numbers: number[] = [];
    for (let n = top; n >= bottom; n--) numbers.push(n);
    const answers = await rpc.batch<{ hash: string } | null>(
      numbers.map((n) => ({ method: 'eth_getBlockByNumber', params: [toHex(n), false] })),
    );
    for (let i = 0; i < numbers.length; i++) {
      const a = answers[i];
      const n = numbers[i] as number;
      if (a?.ok && a.result && (await blockHash(db, n)) === a.result.hash.toLowerCase()) return n;
    }
  }
  return -1;
}
