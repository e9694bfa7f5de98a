import type { FunctionFragment } from 'ethers';
import { LRUCache } from 'lru-cache';
import { ROW_ID_BLOCK } from '../../store/row-ids.ts';
import type { TxRow } from '../../store/rows.ts';
import { contractType } from '../../store/queries/contracts.ts';
import type { TokenTxRow } from '../../store/queries/transfers.ts';
import { verifiedAbi } from '../../store/queries/verification.ts';
import { tokenIdJson } from '../shapes.ts';
import type { ApiContext } from '../context.ts';
import { builtinFunction, functionsBySelector } from '../decode.ts';
import { interfaceOf } from '../../verify/call.ts';
import { lookupSignatures } from '../../signatures/store.ts';
import { functionFragmentOf } from '../../signatures/decode.ts';
import type { Paging } from './core.ts';

// The rows of module=account, in Etherscan's field names and order, every number a decimal string; and what they
// share: the indexed head (confirmations), row-id ranges for startblock/endblock, and the called function's signature.

/** Highest block a range may name: its row ids (block × 1,000,000 + index) stay exact in a JavaScript number. */
const MAX_BLOCK = 9_000_000_000;

/** The transaction row-id range of a paging's startblock..endblock (transactions and address_transactions ids); null when empty. */
export function txIdRange(p: Paging): [number, number] | null {
  const end = Math.min(p.endBlock, MAX_BLOCK);
  if (p.startBlock > end) return null;
  return [p.startBlock * ROW_ID_BLOCK, end * ROW_ID_BLOCK + ROW_ID_BLOCK - 1];
}


/** The first four bytes of calldata as Etherscan shows them: "0x" for a plain transfer. */
export function methodIdOf(input: string): string {
  return input.length >= 10 ? input.slice(0, 10).toLowerCase() : '0x';
}

/** A function as Etherscan prints it: its name and each parameter's type and name, "transfer(address to, uint256 amount)". */
function printed(fn: { name: string; inputs: readonly { type: string; name: string }[] }): string {
  return `${fn.name}(${fn.inputs.map((p) => (p.name ? `${p.type} ${p.name}` : p.type)).join(', ')})`;
}

/** What naming a call to a contract needs: its verified ABI (null when none) and whether it is an NFT contract. */
interface Callee {
  /** The verified ABI's functions by selector (empty when not verified). */
  functions: ReadonlyMap<string, FunctionFragment>;
  nonFungible: boolean;
}

/**
 * How long what is known about a called contract is kept between answers: a verification shows in function names
 * within this time, as on the contract page. Without it a wallet's poll of 40 rows costs four queries per contract.
 */
const CALLEE_TTL_MS = 10_000;

/** Called contracts, per API context (each indexer's own), at most 5,000 of them, with the verifier's count they were read at. */
const callees = new WeakMap<ApiContext, { stored: number; cache: LRUCache<string, Promise<Callee>> }>();

/**
 * Names the functions transactions call: from the verified ABI of the called contract (its own or a verified twin's,
 * as the contract page finds it), else from the built-in ERC-20/721/1155 interfaces (ERC-721's parameter names for
 * ERC-721 tokens), else from the signature database (its best-ranked signature), else "". What is known of each contract is kept CALLEE_TTL_MS, or until this process stores a
 * verification (within one answer only when the context's cache is off, as in the benchmark's cold runs).
 */
export class FunctionNames {
  private readonly known: Map<string, Promise<Callee>> | LRUCache<string, Promise<Callee>>;
  private readonly ctx: ApiContext;
  /** Names from the signature database, by selector, for this answer. */
  private readonly bySelector = new Map<string, Promise<string>>();

  constructor(ctx: ApiContext) {
    this.ctx = ctx;
    if (ctx.cache === false) this.known = new Map();
    else {
      // A verification stored by this process shows at once: what was kept before it is dropped.
      const stored = ctx.verifier?.stored ?? 0;
      let shared = callees.get(ctx);
      if (shared === undefined || shared.stored !== stored) {
        shared = { stored, cache: new LRUCache({ max: 5_000, ttl: CALLEE_TTL_MS }) };
        callees.set(ctx, shared);
      }
      this.known = shared.cache;
    }
  }

  private callee(address: string): Promise<Callee> {
    let found = this.known.get(address);
    if (found === undefined) {
      found = this.read(address);
      this.known.set(address, found);
      // A failed read is not kept.
      found.catch(() => {
        if (this.known.get(address) === found) this.known.delete(address);
      });
    }
    return found;
  }

  private async read(address: string): Promise<Callee> {
    let abi: string | undefined;
    if (this.ctx.verifier) abi = (await this.ctx.verifier.lookup(address))?.row.abi;
    else abi = await verifiedAbi(this.ctx.db, address);
    let functions: ReadonlyMap<string, FunctionFragment> = new Map();
    if (abi !== undefined) {
      try {
        const iface = interfaceOf(JSON.parse(abi));
        if (iface !== null) functions = functionsBySelector(iface);
      } catch {
        // An ABI that cannot be read names nothing.
      }
    }
    const type = await contractType(this.ctx.db, address);
    return { functions, nonFungible: type === 'ERC721' || type === 'ERC1155' };
  }

  /** The signature of the function `input` calls on `to` ("" for a creation, a plain transfer or an unknown selector). */
  async of(to: string | null, input: string): Promise<string> {
    if (to === null || !/^0x[0-9a-fA-F]{8}/.test(input)) return '';
    const selector = input.slice(0, 10).toLowerCase();
    const callee = await this.callee(to);
    const own = callee.functions.get(selector);
    if (own) return printed(own);
    const builtin = builtinFunction(selector, callee.nonFungible);
    if (builtin) return printed(builtin);
    let named = this.bySelector.get(selector);
    if (named === undefined) {
      named = this.fromDatabase(selector);
      this.bySelector.set(selector, named);
    }
    return named;
  }

  /** The best-ranked signature the database has for a selector, printed with parameter names when it knows them. */
  private async fromDatabase(selector: string): Promise<string> {
    const first = (await lookupSignatures(this.ctx.db, 'function', [selector])).get(selector)?.[0];
    const fragment = first ? functionFragmentOf(first) : null;
    return fragment ? printed(fragment) : '';
  }
}

/** A transaction row as the account lists read it (all its columns). */
export type AccountTxRow = TxRow;

/** The price paid per gas: the receipt's effective price (EIP-1559), else the transaction's. */
const paidGasPrice = (t: Pick<AccountTxRow, 'gas_price' | 'effective_gas_price'>): string => t.effective_gas_price ?? t.gas_price ?? '0';

/** A txlist row, Etherscan's fields in Etherscan's order. */
export function txlistRow(t: AccountTxRow, head: number, functionName: string) {
  return {
    blockNumber: String(t.block_number),
    timeStamp: String(t.timestamp),
    hash: t.hash,
    nonce: String(t.nonce),
    blockHash: t.block_hash,
    transactionIndex: String(t.tx_index),
    from: t.from_addr,
    to: t.to_addr ?? '',
    value: t.value,
    gas: t.gas_limit,
    gasPrice: paidGasPrice(t),
    isError: t.status === 1 ? '0' : '1',
    txreceipt_status: t.status === 1 ? '1' : '0',
    input: t.input,
    contractAddress: t.contract_address ?? '',
    cumulativeGasUsed: t.cumulative_gas_used,
    gasUsed: t.gas_used,
    confirmations: String(Math.max(1, head - t.block_number + 1)),
    methodId: methodIdOf(t.input),
    functionName,
  };
}

/** The standards' lists: tokentx (ERC-20), tokennfttx (ERC-721), token1155tx (ERC-1155). */
export type TokenList = 'ERC20' | 'ERC721' | 'ERC1155';

/**
 * A tokentx, tokennfttx or token1155tx row, Etherscan's fields in Etherscan's order. Etherscan answers "deprecated"
 * for `input` in these lists (the transaction's input is in txlist); methodId and functionName name the call.
 */
export function tokenTxRow(kind: TokenList, t: TokenTxRow, head: number, functionName: string) {
  const common = {
    blockNumber: String(t.block_number),
    timeStamp: String(t.timestamp),
    hash: t.tx_hash,
    nonce: t.nonce === null ? '' : String(t.nonce),
    blockHash: t.block_hash ?? '',
  };
  const tx = {
    transactionIndex: t.tx_index === null ? '' : String(t.tx_index),
    gas: t.gas_limit ?? '',
    gasPrice: t.gas_limit === null ? '' : paidGasPrice(t),
    gasUsed: t.gas_used ?? '',
    cumulativeGasUsed: t.cumulative_gas_used ?? '',
    input: 'deprecated',
    methodId: methodIdOf(t.input ?? ''),
    functionName,
    confirmations: String(Math.max(1, head - t.block_number + 1)),
    logIndex: String(t.log_index),
  };
  const name = t.name ?? '';
  const symbol = t.symbol ?? '';
  if (kind === 'ERC20') {
    return { ...common, from: t.from_addr, contractAddress: t.token_address, to: t.to_addr, value: t.value, tokenName: name, tokenSymbol: symbol, tokenDecimal: t.decimals === null ? '' : String(t.decimals), ...tx };
  }
  const tokenID = tokenIdJson(t.token_id) ?? '';
  if (kind === 'ERC721') {
    return { ...common, from: t.from_addr, contractAddress: t.token_address, to: t.to_addr, tokenID, tokenName: name, tokenSymbol: symbol, tokenDecimal: '0', ...tx };
  }
  return { ...common, ...tx, contractAddress: t.token_address, from: t.from_addr, to: t.to_addr, tokenID, tokenValue: t.value, tokenName: name, tokenSymbol: symbol };
}
