import { unpad } from '../../chain/num.ts';
import { blocksMinedBy } from '../../store/queries/blocks.ts';
import { tokenBalance } from '../../store/queries/tokens.ts';
import { addressTransactionsPage } from '../../store/queries/transactions.ts';
import { firstTransferIdFrom, lastTransferIdTo, tokenTransfersPage } from '../../store/queries/transfers.ts';
import { nativeBalance } from '../accounts.ts';
import type { ApiContext } from '../context.ts';
import { indexedHead, list, MESSAGES, none, ok, Refusal, type EtherscanModule, type EtherscanParams, type Paging } from './core.ts';
import { internalByAddress, internalByBlocks, internalByHash } from './account-internal.ts';
import { FunctionNames, tokenTxRow, txIdRange, txlistRow, type TokenList } from './account-rows.ts';

// module=account of the Etherscan-compatible API: balance, balancemulti, txlist, txlistinternal, tokentx, tokennfttx,
// token1155tx, tokenbalance, getminedblocks. Rows carry Etherscan's field names with every number a decimal string and
// addresses lowercase; every list is read from an index (address_transactions, token_transfers' token/from/to indexes,
// blocks_miner), paged with page, offset, sort, startblock and endblock within Etherscan's 10,000-row window.

const PAGING = {
  page: 'page number, from 1',
  offset: 'rows per page (at most 10,000; page × offset at most 10,000)',
  startblock: 'first block (default 0)',
  endblock: 'last block (default the head)',
  sort: 'asc (default) or desc',
};

/** `tag` of the balance actions: only the latest state is indexed. */
function latestTag(p: EtherscanParams): void {
  p.choice('tag', ['latest'] as const, 'latest');
}

/** A native balance as Etherscan answers it: wei, decimal (the indexed balance; a live read for an address never indexed). */
async function balanceOf(ctx: ApiContext, address: string): Promise<string> {
  return (await nativeBalance(ctx, address)).toString();
}

/** txlist: an address's transactions (sent, received, or creating it) from address_transactions. */
async function txlist(ctx: ApiContext, address: string, p: Paging): Promise<unknown[]> {
  const range = txIdRange(p);
  if (range === null) return [];
  const rows = await addressTransactionsPage(ctx.db, address, range[0], range[1], p.sort === 'desc', p.offset, p.skip);
  // Confirmations count from the indexed head (head − block + 1, as Etherscan counts them).
  const head = (await indexedHead(ctx)) ?? 0;
  const names = new FunctionNames(ctx);
  return Promise.all(rows.map(async (t) => txlistRow(t, head, await names.of(t.to_addr, t.input))));
}

/** The token_transfers id range of a block range (ids follow chain order); null when no transfer lies in it. */
async function transferIdRange(ctx: ApiContext, p: Paging): Promise<[number, number] | null> {
  if (txIdRange(p) === null) return null;
  let lo = 0;
  let hi = Number.MAX_SAFE_INTEGER;
  if (p.startBlock > 0) {
    const first = await firstTransferIdFrom(ctx.db, p.startBlock);
    if (first === undefined) return null;
    lo = first;
  }
  if (p.endBlock < Number.MAX_SAFE_INTEGER) {
    const last = await lastTransferIdTo(ctx.db, p.endBlock);
    if (last === undefined) return null;
    hi = last;
  }
  return lo <= hi ? [lo, hi] : null;
}

/**
 * tokentx, tokennfttx, token1155tx: transfers of one standard by address (from or to it: the union of the from and
 * to indexes, each read no deeper than the page), by token contract, or both.
 */
async function tokenTransfers(ctx: ApiContext, kind: TokenList, address: string | null, token: string | null, p: Paging): Promise<unknown[]> {
  const range = await transferIdRange(ctx, p);
  if (range === null) return [];
  const rows = await tokenTransfersPage(ctx.db, { tokenType: kind, address, token, fromId: range[0], toId: range[1], desc: p.sort === 'desc', limit: p.offset, offset: p.skip });
  // Confirmations count from the indexed head (head − block + 1, as Etherscan counts them).
  const head = (await indexedHead(ctx)) ?? 0;
  const names = new FunctionNames(ctx);
  return Promise.all(rows.map(async (t) => tokenTxRow(kind, t, head, await names.of(t.tx_to, t.input ?? ''))));
}

/** The token actions' address and contractaddress: at least one; each checked when present. */
function addressOrToken(p: EtherscanParams): { address: string | null; token: string | null } {
  const address = p.optionalAddress('address');
  const token = p.optionalAddress('contractaddress');
  if (address === null && token === null) throw new Refusal(MESSAGES.address);
  return { address, token };
}

const tokenAction = (kind: TokenList, summary: string) => ({
  summary,
  params: { address: 'the account (from or to); address or contractaddress or both', contractaddress: 'the token contract', ...PAGING },
  async run(p: EtherscanParams, ctx: ApiContext) {
    const { address, token } = addressOrToken(p);
    return list(await tokenTransfers(ctx, kind, address, token, p.paging()));
  },
});

/** module=account. */
export const accountModule: EtherscanModule = {
  actions: {
    balance: {
      summary: 'The STO balance of an address in wei, as a decimal string (the indexed balance at the indexed head; tag=latest)',
      params: { address: 'the address', tag: 'latest' },
      async run(p, ctx) {
        const address = p.address();
        latestTag(p);
        return ok(await balanceOf(ctx, address));
      },
    },
    balancemulti: {
      summary: 'The STO balances of up to 20 comma-separated addresses: [{account, balance}] (wei, decimal strings)',
      params: { address: 'up to 20 addresses, comma-separated', tag: 'latest' },
      async run(p, ctx) {
        const addresses = p.addresses('address', 20);
        latestTag(p);
        return ok(await Promise.all(addresses.map(async (account) => ({ account, balance: await balanceOf(ctx, account) }))));
      },
    },
    txlist: {
      summary:
        "An address's transactions (sent, received, or creating the contract), Etherscan's fields; functionName from the called contract's verified ABI, the built-in ERC-20/721/1155 interfaces or the signature database",
      params: { address: 'the address', ...PAGING },
      async run(p, ctx) {
        const address = p.address();
        return list(await txlist(ctx, address, p.paging()));
      },
    },
    txlistinternal: {
      summary:
        "Internal transactions (value-moving calls and contract creations below the transaction, from the node's call traces) by txhash, by address, or by block range (startblock/endblock, at most 1,000 transactions). By address from the indexer's index of traced blocks, internal transfers inside transactions the address is not a party to included; above the last traced block (or when the indexer does not trace) only the address's own transactions are traced",
      params: { txhash: 'a transaction hash', address: 'an address', ...PAGING },
      async run(p, ctx) {
        if (p.has('txhash')) {
          const hash = p.txHash();
          const rows = await internalByHash(ctx, hash);
          return list(rows === null ? [] : paged(rows, p.paging()));
        }
        if (p.has('address')) {
          const address = p.address();
          return list(await internalByAddress(ctx, address, p.paging()));
        }
        if (p.has('startblock') || p.has('endblock')) return list(await internalByBlocks(ctx, p.paging()));
        throw new Refusal('Error! Missing address, txhash or block range (startblock, endblock)');
      },
    },
    tokentx: tokenAction('ERC20', 'ERC-20 transfers by address and/or token contract, with the token name, symbol and decimals'),
    tokennfttx: tokenAction('ERC721', 'ERC-721 transfers by address and/or token contract, with tokenID'),
    token1155tx: tokenAction('ERC1155', 'ERC-1155 transfers (one row per id of a batch) by address and/or token contract, with tokenID and tokenValue'),
    tokenbalance: {
      summary: "An address's balance of an ERC-20 token in the token's smallest unit, as a decimal string",
      params: { contractaddress: 'the token contract', address: 'the holder', tag: 'latest' },
      async run(p, ctx) {
        const token = p.address('contractaddress');
        const address = p.address('address');
        latestTag(p);
        const balance = await tokenBalance(ctx.db, token, address);
        return ok(balance !== undefined ? unpad(balance) : '0');
      },
    },
    getminedblocks: {
      summary: 'Blocks produced by an address, newest first: [{blockNumber, timeStamp, blockReward}] (blocktype=blocks; this chain has no uncles)',
      params: { address: 'the block producer', blocktype: 'blocks (default) or uncles', page: PAGING.page, offset: PAGING.offset },
      async run(p, ctx) {
        const address = p.address();
        const type = p.choice('blocktype', ['blocks', 'uncles'] as const, 'blocks');
        const paging = p.paging();
        if (type === 'uncles') return none();
        // Etherscan lists a producer's blocks newest first; sort=asc is honoured when asked for.
        const desc = !p.has('sort') || paging.sort === 'desc';
        const rows = await blocksMinedBy(ctx.db, address, desc, paging.offset, paging.skip);
        return list(rows.map((b) => ({ blockNumber: String(b.number), timeStamp: String(b.timestamp), blockReward: b.reward })));
      },
    },
  },
};

/** One page of rows already in order (a transaction's internal transactions are listed in call order). */
function paged<T>(rows: readonly T[], p: Paging): T[] {
  return rows.slice(p.skip, p.skip + p.offset);
}
