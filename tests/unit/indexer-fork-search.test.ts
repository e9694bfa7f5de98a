import { describe, expect, it } from 'vitest';
import type { RpcCall, RpcClient, RpcOutcome } from '../../indexer/src/chain/rpc.ts';
import type { Store } from '../../indexer/src/store/types.ts';
import { findCommonAncestor } from '../../indexer/src/sync/fork-search.ts';

/** The store's hash of block n and the node's, given as lists by block number; the node answers null past its list. */
function chains(stored: string[], node: string[]): { db: Store; rpc: RpcClient; batches: () => number } {
  let batches = 0;
  const db = { one: async (_sql: string, n: number) => (stored[n] === undefined ? undefined : { hash: stored[n] }) } as unknown as Store;
  const answer = (hex: string): { hash: string } | null => {
    const h = node[Number.parseInt(hex, 16)];
    return h === undefined ? null : { hash: h.toUpperCase() };
  };
  const rpc = {
    call: async (_method: string, params: [string, boolean]) => answer(params[0]),
    batch: async (calls: readonly RpcCall[]): Promise<RpcOutcome[]> => {
      batches++;
      return calls.map((c) => ({ ok: true, result: answer((c.params as [string])[0]) }));
    },
  } as unknown as RpcClient;
  return { db, rpc, batches: () => batches };
}

const hashes = (prefix: string, n: number): string[] => Array.from({ length: n }, (_, i) => `0x${prefix}${i}`);

describe('findCommonAncestor', () => {
  it.each([
    ['the same chain answers the start', hashes('a', 10), hashes('a', 10), 9, 9],
    ['a fork after block 5 answers 5', hashes('a', 10), [...hashes('a', 6), ...hashes('b', 4).map((h) => `${h}x`)], 9, 5],
    ['another genesis shares nothing', hashes('a', 10), hashes('b', 10), 9, -1],
    ['a start below 0 answers -1', hashes('a', 10), hashes('a', 10), -1, -1],
  ])('%s', async (_name, stored, node, start, want) => {
    const c = chains(stored, node);
    expect(await findCommonAncestor(c.db, c.rpc, start)).toBe(want);
  });

  it('walks back 32 blocks per node batch', async () => {
    const stored = hashes('a', 100);
    const node = [...hashes('a', 10), ...hashes('b', 90).slice(10)];
    const c = chains(stored, node);
    expect(await findCommonAncestor(c.db, c.rpc, 99)).toBe(9);
    expect(c.batches()).toBe(3);
  });
});
