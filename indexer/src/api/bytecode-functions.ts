import { whatsabi } from '@shazow/whatsabi';
import { LRUCache } from 'lru-cache';
import { HttpError, type Router } from '../http/router.ts';
import type { RpcClient } from '../chain/rpc.ts';
import type { ApiContext } from './context.ts';
import { bytecodeFunctionsRoute } from './contract/contracts.ts';
import { readParams, type AnswerOf } from './contract/route.ts';
import { lookupSignatures, type StoredSignature } from '../signatures/store.ts';

// An unverified contract's functions, read from its bytecode by whatsabi (selectors from the dispatcher, event topics
// from PUSH32s, proxies followed to their implementation), each named with what the signature database knows.

/** What whatsabi found in a contract's code (and its implementation's, for a proxy). */
interface CodeAbi {
  selectors: string[];
  topics: string[];
  proxies: string[];
  implementation: string | null;
}

/** whatsabi's provider over the indexer's JSON-RPC client (reads only; names are not resolved). */
function provider(rpc: RpcClient) {
  const tag = (block: unknown) => (typeof block === 'number' || typeof block === 'bigint' ? `0x${block.toString(16)}` : typeof block === 'string' ? block : 'latest');
  return {
    getCode: (address: string, block?: unknown) => rpc.call<string>('eth_getCode', [address, tag(block)]),
    getStorageAt: (address: string, slot: number | string, block?: unknown) =>
      rpc.call<string>('eth_getStorageAt', [address, typeof slot === 'number' ? `0x${slot.toString(16)}` : slot, tag(block)]),
    call: (tx: { to: string; data: string }, block?: unknown) => rpc.call<string>('eth_call', [tx, tag(block)]),
    getAddress: (name: string): Promise<string> => Promise.reject(new Error(`No name resolution here: ${name}`)),
  };
}

/** Reads a contract's functions and events from its code at the latest block, following proxies. */
async function readCodeAbi(rpc: RpcClient, address: string): Promise<CodeAbi> {
  // When whatsabi follows a proxy its result is the implementation's, whose own proxies are none: the proxies it
  // followed are named as it goes through them.
  const followed: string[] = [];
  const result = await whatsabi.autoload(address, {
    provider: provider(rpc),
    abiLoader: false,
    signatureLookup: false,
    followProxies: true,
    enableExperimentalMetadata: true,
    onProgress: (phase: string, ...args: unknown[]) => {
      const name = (args[0] as { resolver?: { name?: unknown } } | undefined)?.resolver?.name;
      if (phase === 'followProxies' && typeof name === 'string') followed.push(name);
    },
  });
  const selectors = new Set<string>();
  const topics = new Set<string>();
  for (const item of result.abi) {
    if (item.type === 'function' && typeof item.selector === 'string') selectors.add(item.selector.toLowerCase());
    if (item.type === 'event' && typeof item.hash === 'string') topics.add(item.hash.toLowerCase());
  }
  const implementation = result.address.toLowerCase() !== address ? result.address.toLowerCase() : null;
  return { selectors: [...selectors].sort(), topics: [...topics].sort(), proxies: followed.length > 0 ? followed : result.proxies.map((p) => p.name), implementation };
}

/** Signatures as listed: canonical text and where it came from. */
function named(list: readonly StoredSignature[] | undefined) {
  return (list ?? []).map((s) => ({ signature: s.signature, source: s.source }));
}

/** GET /contracts/{address}/functions-from-bytecode. */
export function bytecodeFunctionRoutes(router: Router, ctx: ApiContext): void {
  // Code at an address seldom changes (a proxy's implementation may): a minute is fresh enough.
  const cache = new LRUCache<string, Promise<CodeAbi>>({ max: 1_000, ttl: 60_000 });
  router.get(bytecodeFunctionsRoute.path, async ({ params }): Promise<AnswerOf<typeof bytecodeFunctionsRoute>> => {
    const { address } = readParams(bytecodeFunctionsRoute, params);
    let found = ctx.cache === false ? undefined : cache.get(address);
    if (found === undefined) {
      found = readCodeAbi(ctx.rpc, address);
      cache.set(address, found);
      found.catch(() => cache.delete(address));
    }
    let abi: CodeAbi;
    try {
      abi = await found;
    } catch {
      throw new HttpError(502, 'The node could not be read');
    }
    const [functions, events] = await Promise.all([lookupSignatures(ctx.db, 'function', abi.selectors), lookupSignatures(ctx.db, 'event', abi.topics)]);
    return {
      address,
      implementation: abi.implementation,
      proxies: abi.proxies,
      functions: abi.selectors.map((selector) => ({ selector, signatures: named(functions.get(selector)) })),
      events: abi.topics.map((topic) => ({ topic, signatures: named(events.get(topic)) })),
    };
  });
}
