import type { EventFragment, FunctionFragment, Interface } from 'ethers';
import { verifiedAbi } from '../store/queries/verification.ts';
import type { LogRow } from '../store/rows.ts';
import { interfaceOf } from '../verify/call.ts';
import { builtinFunction } from './decode.ts';
import type { ApiContext } from './context.ts';
import { lookupSignatures } from '../signatures/store.ts';
import {
  callCandidates,
  decodeEvent,
  eventCandidates,
  functionFragmentOf,
  guessCall,
  type CallCandidate,
  type CallGuess,
  type DecodeSource,
  type EventCandidate,
} from '../signatures/decode.ts';

// Naming what a transaction calls and what its logs say: the verified ABI of the contract (its own or a verified
// twin's with the same code, as the contract page finds it) first, then every signature the database and the
// built-in interfaces know for the selector or topic, each kept only when it decodes the data cleanly.

/** The verified ABI of a contract (its own or a twin's), null when none or unreadable. */
async function verifiedInterface(ctx: ApiContext, address: string): Promise<Interface | null> {
  let abi: string | undefined;
  if (ctx.verifier) abi = (await ctx.verifier.lookup(address))?.row.abi;
  else abi = await verifiedAbi(ctx.db, address);
  if (abi === undefined) return null;
  try {
    return interfaceOf(JSON.parse(abi));
  } catch {
    return null;
  }
}

function own<T extends FunctionFragment | EventFragment>(find: () => T | null): T | null {
  try {
    return find();
  } catch {
    return null;
  }
}

/** What the Input Data tab shows of a call: the candidates that decode it (best first), else a guess at its types. */
export interface CallDecoding {
  candidates: CallCandidate[];
  guess: CallGuess | null;
}

/** Decodes a call to `to` (null: a creation, not decoded); `nonFungible` picks ERC-721 parameter names. */
export async function decodeCallData(ctx: ApiContext, to: string | null, input: string, nonFungible: boolean): Promise<CallDecoding> {
  if (to === null || !/^0x[0-9a-fA-F]{8}/.test(input)) return { candidates: [], guess: null };
  const selector = input.slice(0, 10).toLowerCase();
  const fragments: { fragment: FunctionFragment; source: DecodeSource }[] = [];
  const iface = await verifiedInterface(ctx, to);
  const verified = iface ? own(() => iface.getFunction(selector)) : null;
  if (verified) fragments.push({ fragment: verified, source: 'verified' });
  const builtin = builtinFunction(selector, nonFungible);
  if (builtin) fragments.push({ fragment: builtin, source: 'signature' });
  for (const s of (await lookupSignatures(ctx.db, 'function', [selector])).get(selector) ?? []) {
    const fragment = functionFragmentOf(s);
    if (fragment) fragments.push({ fragment, source: 'signature' });
  }
  const candidates = callCandidates(fragments, input);
  // The verified ABI is the contract's own word: other signatures sharing its selector are not offered beside it.
  const shown = candidates[0]?.source === 'verified' ? candidates.slice(0, 1) : candidates;
  return { candidates: shown, guess: shown.length === 0 ? guessCall(input) : null };
}

/** The decodings of each log (best first; empty when nothing fits), in the order of `logs`. */
export async function decodeLogs(ctx: ApiContext, logs: readonly LogRow[]): Promise<EventCandidate[][]> {
  const topics = logs.map((l) => l.topic0).filter((t): t is string => t !== null);
  if (topics.length === 0) return logs.map(() => []);
  const [stored, ifaces] = await Promise.all([
    lookupSignatures(ctx.db, 'event', topics),
    // Emitters looked up together: a first lookup may read the code of each from the node.
    Promise.all([...new Set(logs.map((l) => l.address))].map(async (a) => [a, await verifiedInterface(ctx, a)] as const)).then((pairs) => new Map(pairs)),
  ]);
  return logs.map((l) => {
    if (l.topic0 === null) return [];
    const list = [l.topic0, l.topic1, l.topic2, l.topic3].filter((t): t is string => t !== null);
    const iface = ifaces.get(l.address) ?? null;
    const verified = iface ? own(() => iface.getEvent(l.topic0 as string)) : null;
    const mine = verified ? decodeEvent(verified, list, l.data, 'verified') : null;
    if (mine) return [mine];
    return eventCandidates(stored.get(l.topic0.toLowerCase()) ?? [], list, l.data);
  });
}
