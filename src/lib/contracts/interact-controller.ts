import type { RpcResult } from '../indexer-api/rpc.ts';
import { parseCoinValue, prepareArguments, type AbiValue } from './abi-input.ts';
import type { ContractFunction } from './functions.ts';
import { INTERACT_MESSAGES, runRead, type CallFunction, type InteractPlace, type ReadOutcome } from './interact.ts';
import { sendWithWallet, walletMessage, type WalletChoice } from './wallet.ts';

// What the contract island does when the visitor runs a function, without React: a read through the indexer, or a
// write through the visitor's wallet (inputs checked, a wallet found or chosen, the transaction sent), after which the
// receipt is polled through the indexer's read-only RPC proxy until it is mined. The island
// (src/islands/ContractInteract.tsx) keeps the view: it renders this controller's state and calls its actions. Each
// action starts a new run and the answers of an older run are dropped, so a slow wallet or read never overwrites what
// the visitor has selected since.

/** A sent transaction's status: 'unknown' when it was not mined within the polls. */
export type WriteStatus = 'pending' | 'success' | 'failed' | 'unknown';

/** A write's progress: several wallets to choose from, sent (with the wallet's hash), or an error to show. */
export type WriteState =
  | { stage: 'choose'; wallets: WalletChoice[] }
  | { stage: 'sent'; hash: string; status: WriteStatus; block: number | null }
  | { stage: 'error'; message: string };

/** What the view shows: whether a call runs, a read's outcome, a write's progress. */
export interface InteractState {
  busy: boolean;
  read: ReadOutcome | null;
  write: WriteState | null;
}

/** The status line of a sent transaction. */
export const WRITE_STATUS_TEXT: Readonly<Record<WriteStatus, string>> = {
  pending: 'Pending: waiting for the transaction to be mined…',
  success: 'Success',
  failed: 'Failed',
  unknown: 'Not mined yet: follow it on its page',
};

/** Time between two receipt polls. */
export const RECEIPT_POLL_MS = 1_500;
/** Receipt polls before a write is shown as not mined yet (three minutes). */
export const RECEIPT_POLLS = 120;

/** What the controller needs from the page: the contract, the indexer and the wallets. */
export interface InteractDeps {
  address: string;
  asProxy: boolean;
  place: InteractPlace;
  /** POST /contracts/{a}/interact, for reads. */
  callFunction: CallFunction;
  /** One JSON-RPC call through the indexer's read-only proxy (the chain id, receipts). */
  rpc: (method: string, params: unknown[]) => Promise<RpcResult<unknown>>;
  /** The wallets installed in the browser (EIP-6963 announcements, then window.ethereum). */
  discoverWallets: () => Promise<WalletChoice[]>;
  /** The call data of a write; the island loads the encoder on first use, so reading never downloads it. */
  encodeCall: (fn: ContractFunction, values: AbiValue[]) => Promise<string>;
  /** Waits between receipt polls (a timer by default; tests pass their own). */
  sleep?: (ms: number) => Promise<void>;
  /** The server's answer to a submitted plain form, shown until the visitor acts. */
  initialRead?: ReadOutcome | null;
}

/** The controller the island renders; its functions need no `this`, so the view may pass them on as they are. */
export interface InteractController {
  getState: () => InteractState;
  /** Calls `listener` after every change of state; answers the function that unsubscribes it. */
  subscribe: (listener: () => void) => () => void;
  /** Another function was selected: whatever ran is dropped and the results cleared. */
  reset: () => void;
  /** Runs a function with the visitor's inputs: a read, or a write through the only wallet (or offers the choice). */
  execute: (fn: ContractFunction, args: readonly string[], value: string) => Promise<void>;
  /** Sends a write through the wallet the visitor chose among several. */
  choose: (fn: ContractFunction, args: readonly string[], value: string, wallet: WalletChoice) => Promise<void>;
  /** Stops receipt polling and drops every answer still to come (the island is gone). */
  dispose: () => void;
}

const timer = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A receipt's status and block as eth_getTransactionReceipt answers them; null while it is not mined. */
function readReceipt(value: unknown): { status: 'success' | 'failed'; block: number | null } | null {
  if (typeof value !== 'object' || value === null) return null;
  const { status, blockNumber } = value as { status?: unknown; blockNumber?: unknown };
  if (typeof status !== 'string') return null;
  return { status: BigInt(status) === 1n ? 'success' : 'failed', block: typeof blockNumber === 'string' ? Number(BigInt(blockNumber)) : null };
}

/** Creates the controller of one island. */
export function createInteractController(deps: InteractDeps): InteractController {
  const sleep = deps.sleep ?? timer;
  let state: InteractState = { busy: false, read: deps.initialRead ?? null, write: null };
  const listeners = new Set<() => void>();
  let run = 0;
  let disposed = false;

  const set = (next: Partial<InteractState>): void => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  /** Whether run `id` is still the one the visitor looks at. */
  const current = (id: number) => !disposed && run === id;

  /** Checks a write's inputs; the values, or null after showing why not. */
  const prepareWrite = (fn: ContractFunction, args: readonly string[]): AbiValue[] | null => {
    const prepared = prepareArguments(fn, args);
    if (prepared.ok) return prepared.values;
    set({ write: { stage: 'error', message: prepared.errors.join('\n') } });
    return null;
  };

  /** The explorer's chain id, or null when the indexer does not say (the wallet's chain is then not checked). */
  const explorerChainId = async (): Promise<bigint | null> => {
    const answer = await deps.rpc('eth_chainId', []);
    return answer.ok && typeof answer.value === 'string' ? BigInt(answer.value) : null;
  };

  /** Polls the receipt until it is mined, the polls run out, or the run is over. */
  const watchReceipt = async (hash: string, id: number): Promise<{ status: WriteStatus; block: number | null }> => {
    for (let i = 0; i < RECEIPT_POLLS && current(id); i++) {
      // A failed poll (the indexer briefly unreachable) is simply tried again.
      const answer = await deps.rpc('eth_getTransactionReceipt', [hash]);
      const mined = answer.ok ? readReceipt(answer.value) : null;
      if (mined) return mined;
      await sleep(RECEIPT_POLL_MS);
    }
    return { status: 'unknown', block: null };
  };

  const send = async (fn: ContractFunction, values: AbiValue[], value: string, wallet: WalletChoice, id: number): Promise<void> => {
    let wei: bigint | null = null;
    if (fn.payable) {
      try {
        wei = parseCoinValue(value);
      } catch (error) {
        set({ write: { stage: 'error', message: `${INTERACT_MESSAGES.valueLabel}: ${walletMessage(error)}` } });
        return;
      }
    }
    try {
      const data = await deps.encodeCall(fn, values);
      const sent = await sendWithWallet(wallet.provider, { to: deps.address, data, value: wei, chainId: await explorerChainId() });
      if (!current(id)) return;
      set({ busy: false, write: { stage: 'sent', hash: sent.hash, status: 'pending', block: null } });
      const mined = await watchReceipt(sent.hash, id);
      if (current(id)) set({ write: { stage: 'sent', hash: sent.hash, ...mined } });
    } catch (error) {
      if (current(id)) set({ write: { stage: 'error', message: INTERACT_MESSAGES.walletError(walletMessage(error)) } });
    }
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    reset() {
      run++;
      set({ busy: false, read: null, write: null });
    },
    async execute(fn, args, value) {
      const id = ++run;
      set({ busy: true, read: null, write: null });
      try {
        if (fn.kind === 'read') {
          const outcome = await runRead(deps.callFunction, deps.address, fn, args, { asProxy: deps.asProxy, place: deps.place });
          if (current(id)) set({ read: outcome });
          return;
        }
        const values = prepareWrite(fn, args);
        if (!values) return;
        const wallets = await deps.discoverWallets();
        if (!current(id)) return;
        if (wallets.length === 0) set({ write: { stage: 'error', message: INTERACT_MESSAGES.noProvider } });
        else if (wallets.length > 1) set({ write: { stage: 'choose', wallets } });
        else await send(fn, values, value, wallets[0] as WalletChoice, id);
      } finally {
        if (current(id)) set({ busy: false });
      }
    },
    async choose(fn, args, value, wallet) {
      const id = ++run;
      set({ busy: true, write: null });
      try {
        const values = prepareWrite(fn, args);
        if (values) await send(fn, values, value, wallet, id);
      } finally {
        if (current(id)) set({ busy: false });
      }
    },
    dispose() {
      disposed = true;
      listeners.clear();
    },
  };
}
