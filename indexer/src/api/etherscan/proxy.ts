import type { ApiContext } from '../context.ts';
import { MESSAGES, Refusal, type EtherscanAction, type EtherscanModule, type EtherscanParams, type RpcEnvelope } from './core.ts';

// module=proxy of the Etherscan-compatible API: the node's read-only JSON-RPC methods as GET (or form POST)
// parameters, answered in JSON-RPC's own envelope ({"jsonrpc":"2.0","id":1,"result":…}) as Etherscan answers them;
// the node's errors travel as JSON-RPC errors. Every parameter is checked and rewritten in canonical form before the
// call reaches the node; a malformed one is refused in Etherscan's envelope. eth_sendRawTransaction is forwarded only
// when the operator turns it on (ETHERSCAN_API_SEND_RAW=1).

const ADDRESS = /^0x[0-9a-f]{40}$/;
const HASH = /^0x[0-9a-f]{64}$/;
const QUANTITY = /^0x[0-9a-f]{1,64}$/;
const DATA = /^0x(?:[0-9a-f]{2})*$/;
const TAGS = ['latest', 'earliest', 'pending', 'safe', 'finalized'] as const;
/** Longest call data or signed transaction accepted (hex characters). */
const MAX_DATA_CHARS = 2 * 128 * 1024 + 2;

/**
 * A quantity ("0x…" hex; decimal too where `decimal`, as ethers sends a storage position), rewritten as canonical hex;
 * `fallback` when absent (undefined: required).
 */
function quantity(p: EtherscanParams, name: string, fallback?: string, decimal = false): string {
  const raw = p.text(name).toLowerCase();
  if (raw === '') {
    if (fallback !== undefined) return fallback;
    throw new Refusal(`Error! Missing ${name}`);
  }
  if (decimal && /^\d{1,78}$/.test(raw) && BigInt(raw) < 2n ** 256n) return `0x${BigInt(raw).toString(16)}`;
  if (!QUANTITY.test(raw)) throw new Refusal(`Error! Invalid ${name}: a 0x hex number is expected`);
  return `0x${BigInt(raw).toString(16)}`;
}

/** An optional quantity: undefined when absent. */
function optionalQuantity(p: EtherscanParams, name: string): string | undefined {
  return p.has(name) ? quantity(p, name) : undefined;
}

/** A block tag: latest (default), earliest, pending, safe, finalized, or a 0x hex block number. */
function tag(p: EtherscanParams, name = 'tag'): string {
  const raw = p.text(name).toLowerCase();
  if (raw === '') return 'latest';
  const named = TAGS.find((t) => t === raw);
  if (named) return named;
  if (!QUANTITY.test(raw) || raw.length > 18) throw new Refusal(`Error! Invalid ${name}: latest, earliest, pending or a 0x hex block number is expected`);
  return `0x${BigInt(raw).toString(16)}`;
}

function address(p: EtherscanParams, name: string): string {
  const a = p.text(name).toLowerCase();
  if (!ADDRESS.test(a)) throw new Refusal(MESSAGES.address);
  return a;
}

function hash(p: EtherscanParams, name: string): string {
  const h = p.text(name).toLowerCase();
  if (!HASH.test(h)) throw new Refusal(MESSAGES.txHash);
  return h;
}

/** Hex bytes ("0x…", an even number of digits); `fallback` when absent (undefined: required). */
function data(p: EtherscanParams, name: string, fallback?: string): string {
  const raw = p.text(name).toLowerCase();
  if (raw === '') {
    if (fallback !== undefined) return fallback;
    throw new Refusal(`Error! Missing ${name}`);
  }
  if (!DATA.test(raw) || raw.length > MAX_DATA_CHARS) throw new Refusal(`Error! Invalid ${name}: 0x hex bytes are expected`);
  return raw;
}

function bool(p: EtherscanParams, name: string): boolean {
  return p.choice(name, ['true', 'false'] as const, 'false') === 'true';
}

/** The request's `id` (default 1): a number when it is one, else the text as given (at most 64 characters). */
function requestId(p: EtherscanParams): number | string {
  const raw = p.text('id');
  if (raw === '') return 1;
  if (/^\d{1,15}$/.test(raw)) return Number(raw);
  if (raw.length > 64) throw new Refusal('Error! Invalid id');
  return raw;
}

/** The call object of eth_call and eth_estimateGas: to, data, and the optional from, gas, gasPrice and value. */
function callObject(p: EtherscanParams, toRequired: boolean): Record<string, string> {
  const call: Record<string, string> = {};
  if (p.has('from')) call['from'] = address(p, 'from');
  if (toRequired || p.has('to')) call['to'] = address(p, 'to');
  call['data'] = data(p, 'data', '0x');
  // ethers' EtherscanProvider names the gas limit gasLimit; Etherscan's documentation names it gas.
  const gas = optionalQuantity(p, 'gas') ?? optionalQuantity(p, 'gasLimit');
  if (gas !== undefined) call['gas'] = gas;
  for (const name of ['gasPrice', 'value', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const) {
    const v = optionalQuantity(p, name);
    if (v !== undefined) call[name] = v;
  }
  return call;
}

/** Sends one call to the node and answers in JSON-RPC's envelope with the request's id. */
async function forward(ctx: ApiContext, id: number | string, method: string, params: unknown[]): Promise<RpcEnvelope> {
  let answer: unknown;
  try {
    answer = await ctx.rpc.raw({ jsonrpc: '2.0', id: 1, method, params }, 15_000);
  } catch {
    return { jsonrpc: '2.0', id, error: { code: -32603, message: 'The node could not be reached' } };
  }
  const a = (answer ?? {}) as { result?: unknown; error?: RpcEnvelope['error'] };
  if (a.error && typeof a.error === 'object') return { jsonrpc: '2.0', id, error: a.error };
  return { jsonrpc: '2.0', id, result: a.result ?? null };
}

/** A proxy action: its parameters read into the JSON-RPC call's params. */
function method(name: string, summary: string, params: Record<string, string>, read: (p: EtherscanParams) => unknown[]): EtherscanAction {
  return {
    summary,
    params,
    async run(p, ctx) {
      const id = requestId(p);
      return forward(ctx, id, name, read(p));
    },
  };
}

const TAG = 'block: latest (default), earliest, pending or a 0x hex number';

/** module=proxy. */
export const proxyModule: EtherscanModule = {
  actions: {
    eth_blockNumber: method('eth_blockNumber', 'The number of the most recent block (hex)', {}, () => []),
    eth_getBlockByNumber: method(
      'eth_getBlockByNumber',
      'A block by number, with full transactions when boolean=true',
      { tag: TAG, boolean: 'true: full transactions; false (default): their hashes' },
      (p) => [tag(p), bool(p, 'boolean')],
    ),
    eth_getBlockTransactionCountByNumber: method(
      'eth_getBlockTransactionCountByNumber',
      'The number of transactions in a block (hex)',
      { tag: TAG },
      (p) => [tag(p)],
    ),
    eth_getTransactionByHash: method('eth_getTransactionByHash', 'A transaction by hash', { txhash: 'the transaction hash' }, (p) => [hash(p, 'txhash')]),
    eth_getTransactionByBlockNumberAndIndex: method(
      'eth_getTransactionByBlockNumberAndIndex',
      'A transaction by block number and index',
      { tag: TAG, index: 'position in the block (0x hex)' },
      (p) => [tag(p), quantity(p, 'index')],
    ),
    eth_getTransactionReceipt: method('eth_getTransactionReceipt', "A transaction's receipt", { txhash: 'the transaction hash' }, (p) => [hash(p, 'txhash')]),
    eth_call: method(
      'eth_call',
      'Executes a call without a transaction (view functions)',
      { to: 'the contract', data: 'call data (0x hex)', tag: TAG, from: 'caller (optional)', gas: 'gas limit (optional, 0x hex)', value: 'wei (optional, 0x hex)' },
      (p) => [callObject(p, true), tag(p)],
    ),
    eth_getCode: method('eth_getCode', "An address's code", { address: 'the address', tag: TAG }, (p) => [address(p, 'address'), tag(p)]),
    eth_getStorageAt: method(
      'eth_getStorageAt',
      'The value of a storage slot',
      { address: 'the contract', position: 'the slot (0x hex or decimal)', tag: TAG },
      (p) => [address(p, 'address'), quantity(p, 'position', undefined, true), tag(p)],
    ),
    eth_gasPrice: method('eth_gasPrice', 'The current gas price in wei (hex)', {}, () => []),
    eth_estimateGas: method(
      'eth_estimateGas',
      'Estimates the gas a transaction would use',
      { to: 'recipient (optional for a creation)', data: 'call data (0x hex)', value: 'wei (0x hex)', gas: 'gas limit (0x hex)', gasPrice: 'gas price (0x hex)', from: 'sender (optional)' },
      (p) => [callObject(p, false)],
    ),
    eth_getTransactionCount: method(
      'eth_getTransactionCount',
      'The number of transactions an address has sent (its nonce, hex)',
      { address: 'the address', tag: TAG },
      (p) => [address(p, 'address'), tag(p)],
    ),
    eth_sendRawTransaction: {
      summary: 'Broadcasts a signed transaction (only when the operator sets ETHERSCAN_API_SEND_RAW=1)',
      params: { hex: 'the signed transaction (0x hex)' },
      async run(p, ctx) {
        if (!ctx.etherscanSendRaw) {
          throw new Refusal('Error! eth_sendRawTransaction is turned off on this explorer (its operator can turn it on with ETHERSCAN_API_SEND_RAW=1)');
        }
        const id = requestId(p);
        const raw = data(p, 'hex');
        if (raw === '0x') throw new Refusal('Error! Invalid hex: a signed transaction is expected');
        return forward(ctx, id, 'eth_sendRawTransaction', [raw]);
      },
    },
  },
};
