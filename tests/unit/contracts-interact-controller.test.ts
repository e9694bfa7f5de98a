import { describe, expect, it } from 'vitest';
import type { AbiValue } from '../../src/lib/contracts/abi-input.ts';
import { contractFunctions, type ContractFunction } from '../../src/lib/contracts/functions.ts';
import {
  createInteractController,
  RECEIPT_POLL_MS,
  RECEIPT_POLLS,
  WRITE_STATUS_TEXT,
  type InteractDeps,
  type InteractState,
} from '../../src/lib/contracts/interact-controller.ts';
import type { FunctionCall } from '../../src/lib/indexer-api/contracts.ts';
import type { RpcResult } from '../../src/lib/indexer-api/rpc.ts';
import type { Eip1193Provider, WalletChoice } from '../../src/lib/contracts/wallet.ts';
import type { AbiEntry, AbiParam } from '../../src/lib/model/types.ts';

// The contract island's controller: reads through the indexer, writes through the
// visitor's wallet, then the receipt polled through the indexer's RPC proxy. The view only renders the states these
// tests assert, with the spec's texts.

const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const HASH = `0x${'ab'.repeat(32)}`;
const CHAIN = 31337n;

const param = (name: string, type: string): AbiParam => ({ name, type });
const entry = (name: string, stateMutability: string, inputs: AbiParam[], outputs: AbiParam[] = []): AbiEntry => ({
  type: 'function', name, inputs, outputs, stateMutability, constant: false, anonymous: false,
});
const FUNCTIONS = contractFunctions([
  entry('add', 'view', [param('a', 'uint256'), param('b', 'uint256')], [param('', 'uint256')]),
  entry('setValue', 'nonpayable', [param('newValue', 'uint256')]),
  entry('tip', 'payable', [param('note', 'string')]),
]);
const fn = (name: string): ContractFunction => {
  const found = FUNCTIONS.find((f) => f.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
};

/** A wallet answering like anvil's unlocked account, recording every request; `answers` overrides a method. */
function wallet(id: string, answers: Record<string, (params: unknown) => unknown> = {}): WalletChoice & { calls: { method: string; params: unknown }[] } {
  const calls: { method: string; params: unknown }[] = [];
  const provider: Eip1193Provider = {
    request: async ({ method, params }) => {
      calls.push({ method, params });
      const own = answers[method];
      if (own) return own(params);
      if (method === 'eth_requestAccounts') return [ACCOUNT];
      if (method === 'eth_chainId') return `0x${CHAIN.toString(16)}`;
      if (method === 'eth_sendTransaction') return HASH.toUpperCase().replace('0X', '0x');
      throw Object.assign(new Error(`unexpected ${method}`), { code: 4200 });
    },
  };
  return { id, name: `Wallet ${id}`, icon: null, provider, calls };
}

/** The indexer's RPC proxy: the chain id, then the receipts in turn (null: not mined yet); every call recorded. */
function proxy(receipts: (object | null | 'error')[]) {
  const calls: string[] = [];
  let next = 0;
  const rpc = async (method: string): Promise<RpcResult<unknown>> => {
    calls.push(method);
    if (method === 'eth_chainId') return { ok: true, value: `0x${CHAIN.toString(16)}` };
    const receipt = receipts[Math.min(next++, receipts.length - 1)];
    if (receipt === 'error' || receipt === undefined) return { ok: false, error: { code: -32603, message: 'Internal error' } };
    return { ok: true, value: receipt };
  };
  return { rpc, calls };
}

/** A controller with test doubles; every state it publishes is recorded, and the waits between polls too. */
function setup(overrides: Partial<InteractDeps> & { wallets?: WalletChoice[] } = {}) {
  const states: InteractState[] = [];
  const sleeps: number[] = [];
  const encoded: { name: string; values: AbiValue[] }[] = [];
  const calls: { address: string; call: FunctionCall }[] = [];
  const { wallets = [], ...deps } = overrides;
  const controller = createInteractController({
    address: CONTRACT,
    asProxy: false,
    place: 'tab',
    callFunction: async (address, call) => {
      calls.push({ address, call });
      return { result: '42', outputs: [{ type: 'uint256', name: '' }] } as never;
    },
    rpc: proxy([{ status: '0x1', blockNumber: '0x2a' }]).rpc,
    discoverWallets: async () => wallets,
    encodeCall: async (f, values) => {
      encoded.push({ name: f.name, values });
      return '0x55241077';
    },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...deps,
  });
  controller.subscribe(() => states.push(controller.getState()));
  return { controller, states, sleeps, encoded, calls };
}

describe('reads', () => {
  it('calls the function through the indexer, shows "busy" while it runs, then the result', async () => {
    const { controller, states, calls } = setup();
    await controller.execute(fn('add'), ['20', '22'], '');
    expect(calls).toEqual([{ address: CONTRACT, call: { method: 'add', params: ['20', '22'], asProxy: false } }]);
    expect(states[0]).toEqual({ busy: true, read: null, write: null });
    expect(controller.getState()).toEqual({ busy: false, read: { ok: true, result: '42', outputs: [{ type: 'uint256', name: '' }] }, write: null });
  });

  it('calls as the proxy on the proxy views', async () => {
    const { controller, calls } = setup({ asProxy: true });
    await controller.execute(fn('add'), ['1', '2'], '');
    expect(calls[0]?.call.asProxy).toBe(true);
  });

  it('malformed inputs are refused before any call, with one line per input', async () => {
    const { controller, calls } = setup();
    await controller.execute(fn('add'), ['abc', '-1'], '');
    expect(calls).toEqual([]);
    expect(controller.getState().read).toEqual({
      ok: false,
      message: 'a (uint256): "abc" is not a number (uint256 takes a whole number, decimal or 0x hex)\nb (uint256): uint256 cannot be negative',
    });
  });

  it("a failed call gives the tab's failure text", async () => {
    const { controller } = setup({ callFunction: async () => { throw new Error('Execution reverted: nope'); } });
    await controller.execute(fn('add'), ['1', '2'], '');
    expect(controller.getState()).toEqual({ busy: false, read: { ok: false, message: 'Failed to execute function: Execution reverted: nope' }, write: null });
  });

  it("starts from the server's answer to a submitted form, cleared when another function is selected", () => {
    const initialRead = { ok: true as const, result: '3', outputs: [] };
    const { controller } = setup({ initialRead });
    expect(controller.getState()).toEqual({ busy: false, read: initialRead, write: null });
    controller.reset();
    expect(controller.getState()).toEqual({ busy: false, read: null, write: null });
  });
});

describe('writes: the wallet flow', () => {
  it('without a wallet: the spec message, nothing encoded', async () => {
    const { controller, encoded } = setup();
    await controller.execute(fn('setValue'), ['5'], '');
    expect(controller.getState()).toEqual({ busy: false, read: null, write: { stage: 'error', message: 'No Web3 provider detected. Please install MetaMask or another Web3 wallet.' } });
    expect(encoded).toEqual([]);
  });

  it('an empty input is required before any wallet is asked', async () => {
    const only = wallet('a');
    const { controller } = setup({ wallets: [only] });
    await controller.execute(fn('setValue'), [''], '');
    expect(controller.getState().write).toEqual({ stage: 'error', message: 'Parameter newValue (uint256) is required' });
    expect(only.calls).toEqual([]);
  });

  it('one wallet: account, chain check, send; the hash (lower case) is shown pending, then mined with its block', async () => {
    const only = wallet('a');
    const { rpc, calls: rpcCalls } = proxy([null, 'error', { status: '0x1', blockNumber: '0x2a' }]);
    const { controller, states, sleeps, encoded } = setup({ wallets: [only], rpc });
    await controller.execute(fn('setValue'), ['5'], '');
    expect(only.calls.map((c) => c.method)).toEqual(['eth_requestAccounts', 'eth_chainId', 'eth_sendTransaction']);
    expect(only.calls[2]?.params).toEqual([{ from: ACCOUNT, to: CONTRACT, data: '0x55241077' }]);
    expect(encoded).toEqual([{ name: 'setValue', values: [5n] }]);
    expect(states).toContainEqual({ busy: false, read: null, write: { stage: 'sent', hash: HASH, status: 'pending', block: null } });
    // A poll that is not mined yet and one that failed are both tried again after the pause.
    expect(rpcCalls).toEqual(['eth_chainId', 'eth_getTransactionReceipt', 'eth_getTransactionReceipt', 'eth_getTransactionReceipt']);
    expect(sleeps).toEqual([RECEIPT_POLL_MS, RECEIPT_POLL_MS]);
    expect(controller.getState()).toEqual({ busy: false, read: null, write: { stage: 'sent', hash: HASH, status: 'success', block: 42 } });
  });

  it('a reverted transaction is shown as failed', async () => {
    const { controller } = setup({ wallets: [wallet('a')], rpc: proxy([{ status: '0x0', blockNumber: '0x7' }]).rpc });
    await controller.execute(fn('setValue'), ['5'], '');
    expect(controller.getState().write).toEqual({ stage: 'sent', hash: HASH, status: 'failed', block: 7 });
  });

  it(`a transaction not mined after ${RECEIPT_POLLS} polls is "not mined yet", without a block`, async () => {
    const { rpc, calls } = proxy([null]);
    const { controller, sleeps } = setup({ wallets: [wallet('a')], rpc });
    await controller.execute(fn('setValue'), ['5'], '');
    expect(calls.filter((m) => m === 'eth_getTransactionReceipt')).toHaveLength(RECEIPT_POLLS);
    expect(sleeps).toHaveLength(RECEIPT_POLLS);
    expect(controller.getState().write).toEqual({ stage: 'sent', hash: HASH, status: 'unknown', block: null });
  });

  it("a payable function's value goes as hex wei; an unreadable value is refused before the wallet is asked", async () => {
    const first = wallet('a');
    const { controller } = setup({ wallets: [first] });
    await controller.execute(fn('tip'), ['thanks'], '0.25');
    expect((first.calls.find((c) => c.method === 'eth_sendTransaction')?.params as [Record<string, string>])[0]).toMatchObject({ value: `0x${(25n * 10n ** 16n).toString(16)}` });

    const second = wallet('b');
    const again = setup({ wallets: [second] });
    await again.controller.execute(fn('tip'), ['thanks'], 'lots');
    expect(again.controller.getState().write).toEqual({ stage: 'error', message: 'value (ETH): "lots" is not an amount (write it like 0.5)' });
    expect(second.calls).toEqual([]);
  });

  it("a rejection is reported in the wallet's words", async () => {
    const rejecting = wallet('a', { eth_sendTransaction: () => { throw Object.assign(new Error('User rejected the request.'), { code: 4001 }); } });
    const { controller } = setup({ wallets: [rejecting] });
    await controller.execute(fn('setValue'), ['5'], '');
    expect(controller.getState()).toEqual({ busy: false, read: null, write: { stage: 'error', message: 'Error sending transaction: User rejected the request.' } });
  });

  it('a wallet on another chain that will not switch: both chains named, nothing sent', async () => {
    const elsewhere = wallet('a', { eth_chainId: () => '0x1', wallet_switchEthereumChain: () => { throw Object.assign(new Error('Unrecognized chain ID.'), { code: 4902 }); } });
    const { controller } = setup({ wallets: [elsewhere] });
    await controller.execute(fn('setValue'), ['5'], '');
    expect(controller.getState().write).toEqual({
      stage: 'error',
      message: `Error sending transaction: Your wallet is connected to chain 1, but this explorer shows chain ${CHAIN}. Switch your wallet to chain ${CHAIN} and try again.`,
    });
    expect(elsewhere.calls.map((c) => c.method)).not.toContain('eth_sendTransaction');
  });

  it('several wallets: the visitor chooses, and only the chosen one is asked', async () => {
    const first = wallet('a');
    const second = wallet('b');
    const { controller } = setup({ wallets: [first, second] });
    await controller.execute(fn('setValue'), ['77'], '');
    expect(controller.getState()).toEqual({ busy: false, read: null, write: { stage: 'choose', wallets: [first, second] } });
    await controller.choose(fn('setValue'), ['77'], '', second);
    expect(first.calls).toEqual([]);
    expect(second.calls.map((c) => c.method)).toEqual(['eth_requestAccounts', 'eth_chainId', 'eth_sendTransaction']);
    expect(controller.getState().write).toEqual({ stage: 'sent', hash: HASH, status: 'success', block: 42 });
  });
});

describe('runs the visitor left behind', () => {
  it('selecting another function while the wallet is asked drops its answer and polls nothing', async () => {
    let approve!: () => void;
    const approved = new Promise<void>((resolve) => (approve = resolve));
    const slow = wallet('a', { eth_requestAccounts: async () => { await approved; return [ACCOUNT]; } });
    const { rpc, calls } = proxy([{ status: '0x1', blockNumber: '0x2a' }]);
    const { controller } = setup({ wallets: [slow], rpc });
    const running = controller.execute(fn('setValue'), ['5'], '');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(controller.getState().busy).toBe(true);
    controller.reset();
    approve();
    await running;
    expect(controller.getState()).toEqual({ busy: false, read: null, write: null });
    expect(calls).not.toContain('eth_getTransactionReceipt');
  });

  it('a read answered after another function was selected is not shown', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { controller } = setup({ callFunction: async () => { await answered; return { result: '1', outputs: [] }; } });
    const running = controller.execute(fn('add'), ['1', '2'], '');
    controller.reset();
    answer();
    await running;
    expect(controller.getState().read).toBeNull();
  });

  it('dispose stops the receipt polling at once and publishes nothing more', async () => {
    const { rpc, calls } = proxy([null]);
    let pauses = 0;
    const holder: { dispose?: () => void } = {};
    const { controller, states } = setup({
      wallets: [wallet('a')],
      rpc,
      sleep: async () => {
        if (++pauses === 3) holder.dispose?.();
      },
    });
    holder.dispose = () => controller.dispose();
    await controller.execute(fn('setValue'), ['5'], '');
    expect(calls.filter((m) => m === 'eth_getTransactionReceipt')).toHaveLength(3);
    expect(states.at(-1)?.write).toEqual({ stage: 'sent', hash: HASH, status: 'pending', block: null });
  });
});

describe('texts', () => {
  it('the status line of each stage of a sent transaction', () => {
    expect(WRITE_STATUS_TEXT).toEqual({
      pending: 'Pending: waiting for the transaction to be mined…',
      success: 'Success',
      failed: 'Failed',
      unknown: 'Not mined yet: follow it on its page',
    });
  });
});
