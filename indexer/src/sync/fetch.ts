import type { AddressBook } from './address-book.ts';
import type { RawBlock, RawReceipt } from '../chain/types.ts';
import { hexToBigInt, toHex } from '../chain/num.ts';
import { codeSizes, probeContracts, totalSupplies, type ContractProbe } from './probe.ts';
import { isStateUnavailable, unwrap, type RpcCall, type RpcClient } from '../chain/rpc.ts';
import { parseTransferLog } from './transfers.ts';

/** The zero address, source of mints and sink of burns. */
export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** Blocks with their receipts and what must be read from the chain to store them. */
export interface FetchedBatch {
  first: number;
  last: number;
  blocks: RawBlock[];
  receipts: RawReceipt[][];
  /** Native balances of touched addresses at the last block of the batch. */
  balances: Map<string, bigint>;
  /** totalSupply() at the last block of ERC-20 tokens and ERC-721 collections minted or burnt in the batch. */
  supplies: Map<string, string | null>;
  txCount: number;
  /** Addresses whose code was an EIP-7702 delegation designator: accounts, even when they emit logs. */
  delegated?: Set<string>;
}

/** Shared state the fetcher reads: chain capabilities and the address memory. */
export interface FetchContext {
  rpc: RpcClient;
  book: AddressBook;
  blockReceipts: boolean;
  /** Blocks below this are read at 'latest' because the node pruned their state. */
  stateFloor: number | null;
  /** The chain head last seen, to guess how far back the node keeps state. */
  head: number;
}

function lower(a: string | null | undefined): string | null {
  return typeof a === 'string' ? a.toLowerCase() : null;
}

async function receiptsOneByOne(rpc: RpcClient, block: RawBlock): Promise<RawReceipt[]> {
  if (block.transactions.length === 0) return [];
  const answers = await rpc.batch<RawReceipt>(
    block.transactions.map((tx) => ({ method: 'eth_getTransactionReceipt', params: [tx.hash] })),
  );
  return answers.map((a) => unwrap(a));
}

/**
 * Fetches blocks first..last (full transactions and receipts in JSON-RPC batches), stopping early at a block
 * the node does not have yet. Returns null when not even the first block exists.
 */
export async function fetchBlocks(ctx: FetchContext, first: number, last: number): Promise<{ blocks: RawBlock[]; receipts: RawReceipt[][] } | null> {
  const calls: RpcCall[] = [];
  for (let n = first; n <= last; n++) {
    calls.push({ method: 'eth_getBlockByNumber', params: [toHex(n), true] });
    if (ctx.blockReceipts) calls.push({ method: 'eth_getBlockReceipts', params: [toHex(n)] });
  }
  const answers = await ctx.rpc.batch(calls);
  const step = ctx.blockReceipts ? 2 : 1;
  const blocks: RawBlock[] = [];
  const receipts: RawReceipt[][] = [];
  for (let i = 0; i * step < answers.length; i++) {
    const block = unwrap(answers[i * step]) as RawBlock | null;
    if (block === null) break;
    let rs: RawReceipt[] | null;
    if (ctx.blockReceipts) {
      const outcome = answers[i * step + 1];
      if (outcome && !outcome.ok && (outcome.error.code === -32601 || /not (found|supported|available)/i.test(outcome.error.message))) {
        ctx.blockReceipts = false;
        rs = await receiptsOneByOne(ctx.rpc, block);
      } else {
        rs = unwrap(outcome) as RawReceipt[] | null;
      }
    } else {
      rs = await receiptsOneByOne(ctx.rpc, block);
    }
    if (rs === null) break;
    if (rs.length !== block.transactions.length) throw new Error(`block ${first + i}: ${rs.length} receipts for ${block.transactions.length} transactions`);
    const byHash = new Map(rs.map((r) => [r.transactionHash.toLowerCase(), r]));
    const ordered = block.transactions.map((tx) => {
      const r = byHash.get(tx.hash.toLowerCase());
      if (!r) throw new Error(`block ${first + i}: no receipt for ${tx.hash}`);
      return r;
    });
    blocks.push(block);
    receipts.push(ordered);
  }
  if (blocks.length === 0) return null;
  return { blocks, receipts };
}

/**
 * Fetches a batch of blocks and the chain state needed to store them: native balances of touched
 * addresses, code checks of addresses seen for the first time, probes of new contracts and fresh
 * totalSupply of ERC-20 tokens and ERC-721 collections minted or burnt.
 */
export async function fetchBatch(ctx: FetchContext, first: number, last: number): Promise<FetchedBatch | null> {
  const got = await fetchBlocks(ctx, first, last);
  if (got === null) return null;
  const { blocks, receipts } = got;
  const lastNumber = first + blocks.length - 1;

  const touched = new Set<string>();
  const unknown = new Set<string>();
  const created = new Set<string>();
  const minted = new Set<string>();
  let txCount = 0;
  const consider = async (a: string | null): Promise<void> => {
    if (a !== null && a !== ZERO_ADDRESS && !unknown.has(a) && (await ctx.book.lookup(a)) === undefined) unknown.add(a);
  };
  // Log emitters known as accounts are checked again: a delegated account (EIP-7702) emits logs with its delegate's code.
  // One seen delegated before is not: it stays an account (the book remembers it).
  const knownDelegated = new Set<string>();
  const recheck = async (a: string): Promise<void> => {
    if (a === ZERO_ADDRESS || unknown.has(a)) return;
    if (ctx.book.isDelegated(a)) knownDelegated.add(a);
    else if ((await ctx.book.lookup(a)) === 'account') unknown.add(a);
  };
  for (const [bi, block] of blocks.entries()) {
    if (block.miner) touched.add(block.miner.toLowerCase());
    const rs = receipts[bi] ?? [];
    for (const [ti, tx] of block.transactions.entries()) {
      txCount++;
      const from = tx.from.toLowerCase();
      const to = lower(tx.to);
      touched.add(from);
      if (!(await ctx.book.lookup(from))) ctx.book.remember(from, 'account');
      if (to !== null) {
        touched.add(to);
        await consider(to);
      }
      const r = rs[ti];
      if (!r) continue;
      const createdAddr = lower(r.contractAddress);
      if (createdAddr !== null && hexToBigInt(r.status ?? '0x1') === 1n) {
        touched.add(createdAddr);
        const known = await ctx.book.lookup(createdAddr);
        if (known === undefined || known === 'account') created.add(createdAddr);
      }
      for (const log of r.logs) {
        const emitter = log.address.toLowerCase();
        await consider(emitter);
        await recheck(emitter);
        for (const t of parseTransferLog({ address: emitter, topics: log.topics, data: log.data, logIndex: 0 })) {
          // ERC-721 collections count their tokens with the same totalSupply() (the Enumerable extension; others answer
          // nothing and keep what they had): a mint or burn changes it as it does an ERC-20's.
          if ((t.tokenType === 'ERC20' || t.tokenType === 'ERC721') && (t.from === ZERO_ADDRESS || t.to === ZERO_ADDRESS)) minted.add(t.tokenAddress);
        }
      }
    }
  }
  for (const c of created) unknown.delete(c);

  const state = { touched: [...touched], unknown: [...unknown, ...created], created, minted };
  let read: StateReads;
  // Far behind the head, historical state is slow to serve (anvil reloads it from disk) or already pruned,
  // and only the current balance is stored anyway: read the newest state, which later batches refresh.
  // Near the head, read exactly at the batch's last block.
  if (ctx.head - lastNumber > RECENT_BLOCKS || (ctx.stateFloor !== null && lastNumber < ctx.stateFloor)) {
    read = await readState(ctx, state, 'latest');
  } else {
    try {
      read = await readState(ctx, state, toHex(lastNumber));
    } catch (err) {
      if (!isStateUnavailable(err)) throw err;
      // The node pruned this block's state (anvil and full nodes keep only recent states): read the
      // newest state instead, which the remaining blocks of the catch-up bring up to date anyway.
      ctx.stateFloor = Math.max(ctx.stateFloor ?? 0, lastNumber + STATE_FLOOR_STEP, ctx.head - STATE_FLOOR_STEP);
      read = await readState(ctx, state, 'latest');
    }
  }
  for (const [a, kind] of read.kinds) ctx.book.remember(a, kind);
  for (const a of read.delegated) ctx.book.markDelegated(a);
  const { balances, supplies } = read;
  const delegated = new Set([...read.delegated, ...knownDelegated]);
  return { first, last: lastNumber, blocks, receipts, balances, supplies, txCount, delegated };
}

interface StateReads {
  balances: Map<string, bigint>;
  supplies: Map<string, string | null>;
  kinds: Map<string, ContractProbe | 'account'>;
  delegated: Set<string>;
}

/** Blocks behind the head within which state is read at the batch's own block. */
const RECENT_BLOCKS = 64;

/** Blocks skipped past a pruned state before trying historical reads again. */
const STATE_FLOOR_STEP = 64;

/** Native balances, code checks, contract probes and supplies at one block tag. */
async function readState(
  ctx: FetchContext,
  s: { touched: string[]; unknown: string[]; created: Set<string>; minted: Set<string> },
  tag: string,
): Promise<StateReads> {
  const delegated = new Set<string>();
  const [balanceAnswers, sizes] = await Promise.all([
    ctx.rpc.batch<string>(s.touched.map((a) => ({ method: 'eth_getBalance', params: [a, tag] }))),
    codeSizes(ctx.rpc, s.unknown, tag, delegated),
  ]);
  const balances = new Map<string, bigint>();
  s.touched.forEach((a, i) => balances.set(a, hexToBigInt(unwrap(balanceAnswers[i]))));
  const kinds = new Map<string, ContractProbe | 'account'>();
  const toProbe = new Map<string, number>();
  for (const [a, size] of sizes) {
    if (size > 0 || s.created.has(a)) toProbe.set(a, size);
    else kinds.set(a, 'account');
  }
  const refresh = [...s.minted].filter((t) => !toProbe.has(t));
  const [probes, supplies] = await Promise.all([probeContracts(ctx.rpc, toProbe, tag), totalSupplies(ctx.rpc, refresh, tag)]);
  for (const [a, p] of probes) kinds.set(a, p);
  return { balances, supplies, kinds, delegated };
}
