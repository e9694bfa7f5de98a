// The Etherscan-compatible API's building blocks: its envelope and wordings, its parameters (names matched without
// regard to case, as MetaMask sends `startBlock`), and the shape of a module's actions. Tools written for Etherscan
// (wallets, tax tools, forge, Hardhat, ethers' EtherscanProvider) read these answers by Etherscan's field names and
// messages, so both are Etherscan's own, word for word.
import type { LimitClass } from '../../http/router.ts';
import { highestBlockNumber } from '../../store/queries/blocks.ts';
import type { ApiContext } from '../context.ts';

/** The Etherscan envelope: status "1" or "0", always HTTP 200. */
export interface Envelope {
  status: '1' | '0';
  message: string;
  result: unknown;
  /** Why a verification failed (clients ignore extra keys; people read it). */
  reason?: string;
}

/** The `proxy` module answers in JSON-RPC's own envelope, as Etherscan does. */
export interface RpcEnvelope {
  jsonrpc: '2.0';
  id: number | string | null;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/** Etherscan's wordings. */
export const MESSAGES = {
  module: 'Error! Missing Or invalid Module name',
  action: 'Error! Missing Or invalid Action name',
  address: 'Error! Invalid address format',
  multiAddress: 'Error! Invalid multi address format',
  txHash: 'Error! Invalid transaction hash',
  rateLimit: 'Max rate limit reached, please use API Key for higher rate limit',
  window: 'Result window is too large, PageNo x Offset size must be less than or equal to 10000',
  noTransactions: 'No transactions found',
  noRecords: 'No records found',
} as const;

export const ok = (result: unknown): Envelope => ({ status: '1', message: 'OK', result });
export const notOk = (result: string, reason?: string): Envelope => ({ status: '0', message: 'NOTOK', result, ...(reason ? { reason } : {}) });
/** An empty list, as Etherscan answers it: status "0" with its message ("No transactions found" or "No records found"). */
export const none = (message: string = MESSAGES.noTransactions): Envelope => ({ status: '0', message, result: [] });
/** A list: its rows with OK, or Etherscan's empty answer. */
export const list = (rows: readonly unknown[], empty: string = MESSAGES.noTransactions): Envelope => (rows.length > 0 ? ok(rows) : none(empty));

/** Thrown by parameter readers and actions: answered as `notOk(message)` (HTTP 200, as every answer of /api). */
export class Refusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Refusal';
  }
}

const ADDRESS = /^0x[0-9a-f]{40}$/;
const HASH = /^0x[0-9a-f]{64}$/;

/** Most rows one list answer holds, and the deepest row it reaches (page × offset), as on Etherscan. */
export const RESULT_WINDOW = 10_000;

/** Paging of a list action: Etherscan's page, offset, sort and block range. */
export interface Paging {
  page: number;
  offset: number;
  sort: 'asc' | 'desc';
  startBlock: number;
  endBlock: number;
  /** Rows to skip: (page - 1) × offset. */
  skip: number;
}

/** A request's parameters, by lowercased name (the first value of each name; a form's or JSON body's win over the query's). */
export class EtherscanParams {
  private readonly values: ReadonlyMap<string, string>;

  constructor(values: ReadonlyMap<string, string> | Record<string, string>) {
    this.values = values instanceof Map ? values : new Map(Object.entries(values).map(([k, v]) => [k.toLowerCase(), v]));
  }

  /** A parameter, trimmed ('' or undefined when absent), whatever the case of its name. */
  get(name: string): string | undefined {
    return this.values.get(name.toLowerCase());
  }

  /** A parameter, '' when absent. */
  text(name: string): string {
    return this.get(name) ?? '';
  }

  has(name: string): boolean {
    const v = this.get(name);
    return v !== undefined && v !== '';
  }

  /** Every parameter (names lowercased). */
  entries(): [string, string][] {
    return [...this.values];
  }

  /** A required address, lowercased; Etherscan's "Error! Invalid address format" otherwise. */
  address(name = 'address'): string {
    const a = this.text(name).toLowerCase();
    if (!ADDRESS.test(a)) throw new Refusal(MESSAGES.address);
    return a;
  }

  /** An optional address (null when absent); present but malformed is refused as address() refuses it. */
  optionalAddress(name: string): string | null {
    return this.has(name) ? this.address(name) : null;
  }

  /** A comma-separated list of 1 to `max` addresses, lowercased; "Error! Invalid multi address format" otherwise. */
  addresses(name = 'address', max = 20): string[] {
    const list = this.text(name).toLowerCase().split(',').map((a) => a.trim());
    if (list.length === 0 || list.length > max || !list.every((a) => ADDRESS.test(a))) throw new Refusal(MESSAGES.multiAddress);
    return list;
  }

  /** A required transaction hash, lowercased. */
  txHash(name = 'txhash'): string {
    const h = this.text(name).toLowerCase();
    if (!HASH.test(h)) throw new Refusal(MESSAGES.txHash);
    return h;
  }

  /**
   * A non-negative integer (decimal, or 0x hex where `hex` allows it): `fallback` when absent; "Error! Invalid {name}"
   * when it cannot be read or lies outside [min, max].
   */
  int(name: string, fallback: number, opts: { min?: number; max?: number; hex?: boolean } = {}): number {
    const raw = this.text(name);
    if (raw === '') return fallback;
    const n = /^\d{1,16}$/.test(raw) ? Number(raw) : opts.hex && /^0x[0-9a-f]{1,14}$/i.test(raw) ? Number.parseInt(raw.slice(2), 16) : NaN;
    if (!Number.isSafeInteger(n) || n < (opts.min ?? 0) || n > (opts.max ?? Number.MAX_SAFE_INTEGER)) throw new Refusal(`Error! Invalid ${name}`);
    return n;
  }

  /** One of `choices` (case-insensitive), `fallback` when absent; "Error! Invalid {name}" otherwise. */
  choice<T extends string>(name: string, choices: readonly T[], fallback: T): T {
    const raw = this.text(name).toLowerCase();
    if (raw === '') return fallback;
    const found = choices.find((c) => c === raw);
    if (found === undefined) throw new Refusal(`Error! Invalid ${name}`);
    return found;
  }

  /**
   * Etherscan's paging: page (from 1), offset (rows a page, default and at most `maxOffset`), sort asc|desc,
   * startblock and endblock; page × offset beyond RESULT_WINDOW is refused with Etherscan's words.
   */
  paging(maxOffset = RESULT_WINDOW): Paging {
    const page = this.int('page', 1, { min: 1 });
    const offset = Math.min(this.int('offset', maxOffset, { min: 0 }) || maxOffset, maxOffset);
    if (page * offset > RESULT_WINDOW) throw new Refusal(MESSAGES.window);
    const sort = this.choice('sort', ['asc', 'desc'] as const, 'asc');
    const startBlock = this.int('startblock', 0);
    const endBlock = this.int('endblock', Number.MAX_SAFE_INTEGER);
    return { page, offset, sort, startBlock, endBlock, skip: (page - 1) * offset };
  }
}

/** The highest indexed block (the sync's, else the table's), or null before the first. */
export async function indexedHead(ctx: ApiContext): Promise<number | null> {
  const synced = ctx.sync().lastBlock;
  if (synced !== null) return synced;
  return highestBlockNumber(ctx.db);
}

/** One action of a module. */
export interface EtherscanAction {
  /** What it answers, for /openapi.json and the API page. */
  summary: string;
  /** Its parameters (names as Etherscan documents them) and what each means. */
  params: Readonly<Record<string, string>>;
  /** A rate-limit class stricter than the API's own (verification submissions). */
  limit?: LimitClass;
  run(p: EtherscanParams, ctx: ApiContext): Promise<Envelope | RpcEnvelope>;
}

/** A module: its actions, and what must be done once per server before any of them runs. */
export interface EtherscanModule {
  actions: Readonly<Record<string, EtherscanAction>>;
  /** Run once when the routes are registered; every action of the module waits for it. */
  setup?: (ctx: ApiContext) => Promise<unknown>;
}
