import { safe, type IndexerClient } from '../indexer-api/client.ts';
import type { AbiEntry } from '../model/types.ts';
import type { ProxyInfo } from '../model/wire.ts';
import { contractFunctions } from './functions.ts';
import { INTERACT_MESSAGES, runRead, type InteractMode, type InteractPlace, type ReadOutcome } from './interact.ts';
import { loadVerification, type VerificationView } from './load.ts';

// The server's half of the read/write interface: which sub-view the address page's Contract tab shows, the proxy
// and its implementation's ABI, and a read submitted by the plain form (JavaScript off), answered in the HTML.

/** The Contract tab's sub-views, with Etherscan's proxy views. */
const CONTRACT_VIEWS = ['contract', 'read', 'write', 'readProxy', 'writeProxy'] as const;
export type ContractView = (typeof CONTRACT_VIEWS)[number];

export const CONTRACT_VIEW_LABELS: Record<ContractView, string> = {
  contract: 'Contract',
  read: 'Read',
  write: 'Write',
  readProxy: 'Read as Proxy',
  writeProxy: 'Write as Proxy',
};

/** The sub-view of ?view=, 'contract' for anything else. */
export function parseContractView(raw: string | null): ContractView {
  return (CONTRACT_VIEWS as readonly string[]).includes(raw ?? '') ? (raw as ContractView) : 'contract';
}

/** The ABI a sub-view calls with: the verified one for Read and Write, the implementation's for the proxy views. */
export function abiForView(view: ContractView, verification: VerificationView | null, proxy: ProxyView | null): AbiEntry[] | null {
  if (view === 'read' || view === 'write') return verification?.state === 'verified' ? verification.abi : null;
  if (view === 'readProxy' || view === 'writeProxy') return proxy?.abi ?? null;
  return null;
}

/** Which functions a sub-view lists, and whether it calls as the proxy. */
export function viewMode(view: ContractView): { mode: 'read' | 'write'; asProxy: boolean } {
  return { mode: view === 'read' || view === 'readProxy' ? 'read' : 'write', asProxy: view === 'readProxy' || view === 'writeProxy' };
}

/** A proxy whose implementation is verified: what 'as Proxy' calls use. */
export interface ProxyView {
  info: ProxyInfo & { implementation: string };
  /** The implementation's verified ABI and name; null when it is not verified (then only the address is shown). */
  abi: AbiEntry[] | null;
  implementationName: string | null;
}

const PROXY_KIND_LABELS: Record<string, string> = {
  eip1167: 'EIP-1167 minimal proxy',
  eip1967: 'EIP-1967 proxy',
  'eip1967-beacon': 'EIP-1967 beacon proxy',
  eip1822: 'EIP-1822 (UUPS) proxy',
};

/** 'EIP-1967 proxy', or 'Proxy' for a kind this site does not name. */
export function proxyKindLabel(kind: string | null): string {
  return kind !== null && Object.hasOwn(PROXY_KIND_LABELS, kind) ? (PROXY_KIND_LABELS[kind] as string) : 'Proxy';
}

/** Whether the contract is a proxy, and its implementation's ABI; null when not (or when the indexer cannot tell). */
export async function loadProxy(client: Pick<IndexerClient, 'getContractProxy' | 'getContractVerified' | 'getContractVerification' | 'getContractSource' | 'getContractAbi'>, address: string): Promise<ProxyView | null> {
  const info = await safe(client.getContractProxy(address), null);
  if (!info?.isProxy || !info.implementation) return null;
  const implementation = info.implementation;
  const verified = info.implementationVerified ? true : await safe(client.getContractVerified(implementation), false);
  const view = verified ? await safe(loadVerification(client, implementation, true), null) : null;
  return {
    info: { ...info, implementation },
    abi: view?.state === 'verified' ? view.abi : null,
    implementationName: view?.state === 'verified' ? view.source.contractName : null,
  };
}

/** The island's starting state: the function of ?fn=, its inputs, and the read's answer when the form was submitted. */
export interface InteractInitial {
  signature: string;
  args: string[];
  value: string;
  outcome: ReadOutcome | null;
}

/** Reads ?fn=, ?arg= (in order), ?value= and ?run=1; runs a submitted read on the server. */
export async function loadInteractInitial(
  client: Pick<IndexerClient, 'callContractFunction'>,
  address: string,
  abi: AbiEntry[],
  options: { mode: InteractMode; asProxy: boolean; place: InteractPlace; params: URLSearchParams },
): Promise<InteractInitial | null> {
  const { params } = options;
  const signature = params.get('fn');
  if (!signature) return null;
  const fn = contractFunctions(abi).find((f) => f.signature === signature && (options.mode === 'all' || f.kind === options.mode));
  if (!fn) return null;
  const args = params.getAll('arg').slice(0, fn.inputs.length).map((a) => a.slice(0, 10_000));
  const value = (params.get('value') ?? '').slice(0, 100);
  let outcome: ReadOutcome | null = null;
  if (params.get('run') === '1') {
    outcome =
      fn.kind === 'read'
        ? await runRead((a, call, request) => client.callContractFunction(a, call, request), address, fn, args, { asProxy: options.asProxy, place: options.place })
        : { ok: false, message: INTERACT_MESSAGES.writeNeedsScript };
  }
  return { signature, args, value, outcome };
}
