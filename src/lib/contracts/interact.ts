import { isApiError } from '../indexer-api/errors.ts';
import type { FunctionCall } from '../indexer-api/contracts.ts';
import type { RequestOptions } from '../indexer-api/transport.ts';
import type { ContractValue } from '../model/types.ts';
import type { TypedOutput } from '../model/wire.ts';
import { prepareArguments, toJsonArguments } from './abi-input.ts';
import type { ContractFunction } from './functions.ts';
import { methodOf } from './functions.ts';

// The read/write interface of a verified contract: its texts, the views it has, and the read call both the server
// (a plain GET form, JavaScript off) and the island run, so both answer a read the same way.

/** Texts of the interaction view, in the spec's words. */
export const INTERACT_MESSAGES = {
  selectFunction: 'Select a function to interact with the contract',
  noInputs: "This function doesn't require any inputs",
  execute: (name: string) => `Execute ${name}`,
  executing: 'Executing...',
  noProvider: 'No Web3 provider detected. Please install MetaMask or another Web3 wallet.',
  walletError: (message: string) => `Error sending transaction: ${message}`,
  unverified: 'This contract is not verified: its functions are unknown until its source code is verified.',
  noReadFunctions: 'This contract has no read functions',
  noWriteFunctions: 'This contract has no write functions',
  writeNeedsScript: 'Write functions are sent through your browser wallet, which needs JavaScript: enable it to send transactions.',
  inputPlaceholder: (type: string) => `Enter ${type} value`,
  valueLabel: 'value (ETH)',
} as const;

/** Where the view is: the address page's Contract tab or the contract page; their failure texts differ. */
export type InteractPlace = 'tab' | 'page';

/** Which functions a view lists: the address tab's Read or Write, the contract page's both. */
export type InteractMode = 'read' | 'write' | 'all';

/** The text of a failed call: the tab adds the server's error to the message, the page shows one. */
export function failureText(place: InteractPlace, error: unknown): string {
  const message = error instanceof Error && error.message ? error.message : null;
  const server = isApiError(error) ? error.serverMessage : null;
  if (place === 'page') return `Failed to execute function: ${server ?? message ?? 'Unknown error'}`;
  const main = message ?? 'Unknown error';
  return server && server !== main ? `Failed to execute function: ${main} - ${server}` : `Failed to execute function: ${main}`;
}

/** What a read came to. */
export type ReadOutcome = { ok: true; result: ContractValue; outputs: TypedOutput[] } | { ok: false; message: string };

/** POST /contracts/{a}/interact as the server's client or a browser transport makes it. */
export type CallFunction = (address: string, call: FunctionCall, request?: RequestOptions) => Promise<{ result: ContractValue; outputs: TypedOutput[] }>;

/** Checks a read's inputs and calls it through the indexer (as the proxy's implementation when asked). */
export async function runRead(
  call: CallFunction,
  address: string,
  fn: ContractFunction,
  texts: readonly string[],
  options: { asProxy: boolean; place: InteractPlace; signal?: AbortSignal },
): Promise<ReadOutcome> {
  const prepared = prepareArguments(fn, texts);
  if (!prepared.ok) return { ok: false, message: prepared.errors.join('\n') };
  try {
    const { result, outputs } = await call(
      address,
      { method: methodOf(fn), params: toJsonArguments(prepared.values), asProxy: options.asProxy },
      options.signal ? { signal: options.signal } : {},
    );
    return { ok: true, result, outputs };
  } catch (error) {
    return { ok: false, message: failureText(options.place, error) };
  }
}
