// Checks of an indexer database against the chain, shared by the integration tests and the benchmark.
import { decodeAddress, decodeUint, encodeCall, SELECTORS } from '../../indexer/src/chain/abi.ts';
import type { RawBlock, RawReceipt } from '../../indexer/src/chain/types.ts';
import { PADDED_ZERO, toHex, unpad } from '../../indexer/src/chain/num.ts';
import { RpcClient, unwrap } from '../../indexer/src/chain/rpc.ts';
import type { Queryable } from '../../indexer/src/store/types.ts';

/** Block, transaction and log counts of the chain up to a block. */
export async function chainCounts(rpc: RpcClient, head: number): Promise<{ blocks: number; transactions: number; logs: number; hashes: string[] }> {
  let transactions = 0;
  let logs = 0;
  const hashes: string[] = [];
  for (let start = 0; start <= head; start += 100) {
    const end = Math.min(head, start + 99);
    const calls = [];
    for (let n = start; n <= end; n++) {
      calls.push({ method: 'eth_getBlockByNumber', params: [toHex(n), false] }, { method: 'eth_getBlockReceipts', params: [toHex(n)] });
    }
    const answers = await rpc.batch(calls);
    for (let i = 0; i < answers.length; i += 2) {
      const block = unwrap(answers[i]) as Pick<RawBlock, 'hash'> & { transactions: string[] };
      const receipts = unwrap(answers[i + 1]) as RawReceipt[];
      hashes.push(block.hash.toLowerCase());
      transactions += block.transactions.length;
      logs += receipts.reduce((s, r) => s + r.logs.length, 0);
    }
  }
  return { blocks: head + 1, transactions, logs, hashes };
}

/** Counts of the same things in the database. */
export async function dbCounts(db: Queryable): Promise<{ blocks: number; transactions: number; logs: number; hashes: string[] }> {
  return {
    blocks: await countOf(db, 'SELECT count(*) AS n FROM blocks'),
    transactions: await countOf(db, 'SELECT count(*) AS n FROM transactions'),
    logs: await countOf(db, 'SELECT count(*) AS n FROM logs'),
    hashes: (await db.all<{ hash: string }>('SELECT hash FROM blocks ORDER BY number')).map((r) => r.hash),
  };
}

/** The number a `SELECT count(*) AS n …` answers. */
export async function countOf(db: Queryable, sql: string, ...params: (string | number)[]): Promise<number> {
  return Number((await db.one<{ n: number }>(sql, ...params))?.n ?? 0);
}

async function calls(rpc: RpcClient, list: { to: string; data: string }[]): Promise<(string | null)[]> {
  const answers = await rpc.batch<string>(list.map((c) => ({ method: 'eth_call', params: [c, 'latest'] })));
  return answers.map((a) => (a?.ok ? a.result : null));
}

/** A holder whose indexed amount differs from the chain. */
export interface Mismatch {
  token: string;
  holder: string;
  tokenId?: string;
  indexed: string;
  chain: string;
}

/**
 * ERC-20 balances: every indexed holder against balanceOf, plus every candidate address the index does
 * not list as a holder must hold nothing on chain.
 */
export async function erc20Mismatches(db: Queryable, rpc: RpcClient, candidates: readonly string[]): Promise<Mismatch[]> {
  const out: Mismatch[] = [];
  const tokens = (await db.all<{ address: string }>("SELECT address FROM contracts WHERE contract_type = 'ERC20'")).map((r) => r.address);
  for (const token of tokens) {
    const indexed = new Map(
      (await db.all<{ holder: string; balance: string }>("SELECT holder, balance FROM token_balances WHERE token_address = ? AND token_id = ''", token)).map(
        (r) => [r.holder, unpad(r.balance)],
      ),
    );
    const holders = [...new Set([...indexed.keys(), ...candidates.map((c) => c.toLowerCase())])];
    const answers = await calls(rpc, holders.map((h) => ({ to: token, data: encodeCall(SELECTORS.balanceOf, h) })));
    holders.forEach((holder, i) => {
      const chain = (decodeUint(answers[i]) ?? 0n).toString();
      const mine = indexed.get(holder) ?? '0';
      if (chain !== mine) out.push({ token, holder, indexed: mine, chain });
    });
  }
  return out;
}

/** ERC-721 owners against ownerOf (burnt tokens: ownerOf reverts and the index says the zero address). */
export async function erc721Mismatches(db: Queryable, rpc: RpcClient): Promise<Mismatch[]> {
  const rows = await db.all<{ token_address: string; token_id: string; owner: string }>("SELECT token_address, token_id, owner FROM nft_tokens WHERE token_type = 'ERC721'");
  const answers = await calls(rpc, rows.map((r) => ({ to: r.token_address, data: encodeCall('0x6352211e', BigInt(r.token_id)) })));
  const out: Mismatch[] = [];
  rows.forEach((r, i) => {
    const chain = decodeAddress(answers[i]) ?? '0x0000000000000000000000000000000000000000';
    if (chain !== r.owner) out.push({ token: r.token_address, holder: r.owner, tokenId: unpad(r.token_id), indexed: r.owner, chain });
  });
  return out;
}

/** ERC-1155 balances per (holder, id), indexed rows plus candidate holders × known ids. */
export async function erc1155Mismatches(db: Queryable, rpc: RpcClient, candidates: readonly string[]): Promise<Mismatch[]> {
  const out: Mismatch[] = [];
  const tokens = (await db.all<{ address: string }>("SELECT address FROM contracts WHERE contract_type = 'ERC1155'")).map((r) => r.address);
  for (const token of tokens) {
    const ids = (await db.all<{ token_id: string }>('SELECT token_id FROM nft_tokens WHERE token_address = ?', token)).map((r) => r.token_id);
    const indexed = new Map(
      (await db.all<{ holder: string; token_id: string; balance: string }>("SELECT holder, token_id, balance FROM token_balances WHERE token_address = ? AND token_id != ''", token)).map(
        (r) => [`${r.holder}:${r.token_id}`, unpad(r.balance)],
      ),
    );
    const pairs = new Set(indexed.keys());
    for (const c of candidates) for (const id of ids) pairs.add(`${c.toLowerCase()}:${id}`);
    const list = [...pairs].map((p) => p.split(':') as [string, string]);
    const data = (holder: string, id: string): string =>
      '0x00fdd58e' + holder.slice(2).padStart(64, '0') + BigInt(id).toString(16).padStart(64, '0');
    const answers = await calls(rpc, list.map(([h, id]) => ({ to: token, data: data(h, id) })));
    list.forEach(([holder, id], i) => {
      const chain = (decodeUint(answers[i]) ?? 0n).toString();
      const mine = indexed.get(`${holder}:${id}`) ?? '0';
      if (chain !== mine) out.push({ token, holder, tokenId: unpad(id), indexed: mine, chain });
    });
  }
  return out;
}

/** Native balances of every indexed address against eth_getBalance at the latest block. */
export async function nativeMismatches(db: Queryable, rpc: RpcClient): Promise<Mismatch[]> {
  const rows = await db.all<{ address: string; balance: string }>('SELECT address, balance FROM addresses');
  const answers = await rpc.batch<string>(rows.map((r) => ({ method: 'eth_getBalance', params: [r.address, 'latest'] })));
  const out: Mismatch[] = [];
  rows.forEach((r, i) => {
    const chain = BigInt(unwrap(answers[i])).toString();
    if (chain !== unpad(r.balance)) out.push({ token: 'native', holder: r.address, indexed: unpad(r.balance), chain });
  });
  return out;
}

/** Holder and transfer counters that disagree with the rows they summarise. */
export async function counterMismatches(db: Queryable): Promise<string[]> {
  const rows = await db.all<{ address: string; holder_count: number; transfer_count: number; holders: number; transfers: number }>(
    `SELECT c.address, c.holder_count, c.transfer_count,
       (SELECT count(*) FROM token_balances b WHERE b.token_address = c.address AND b.token_id = '' AND b.balance > ?) AS holders,
       (SELECT count(*) FROM token_transfers t WHERE t.token_address = c.address) AS transfers
     FROM contracts c`,
    PADDED_ZERO,
  );
  const out = rows
    .filter((r) => r.holder_count !== r.holders || r.transfer_count !== r.transfers)
    .map((r) => `${r.address}: holders ${r.holder_count}/${r.holders}, transfers ${r.transfer_count}/${r.transfers}`);
  const counters = await db.all<{ name: string; value: number }>('SELECT name, value FROM counters');
  const actual: Record<string, number> = {
    transactions: await countOf(db, 'SELECT count(*) AS n FROM transactions'),
    logs: await countOf(db, 'SELECT count(*) AS n FROM logs'),
    token_transfers: await countOf(db, 'SELECT count(*) AS n FROM token_transfers'),
  };
  for (const c of counters) if (actual[c.name] !== Number(c.value)) out.push(`counter ${c.name}: ${c.value} vs ${actual[c.name]}`);
  const links = await countOf(db, 'SELECT count(*) AS n FROM address_transactions');
  const expected = await countOf(
    db,
    `SELECT count(*) AS n FROM (SELECT from_addr, id FROM transactions UNION SELECT to_addr, id FROM transactions WHERE to_addr IS NOT NULL
       UNION SELECT contract_address, id FROM transactions WHERE contract_address IS NOT NULL) AS linked`,
  );
  if (links !== expected) out.push(`address_transactions: ${links} rows, ${expected} expected`);
  return out;
}

/** Every chain-derived row of the database in a stable order (metadata and refresh bookkeeping left out). */
export async function dumpState(db: Queryable): Promise<Record<string, unknown[]>> {
  const q = async (sql: string): Promise<unknown[]> => (await db.all<Record<string, unknown>>(sql)).map((r) => ({ ...r }));
  return {
    blocks: await q('SELECT * FROM blocks ORDER BY number'),
    transactions: await q('SELECT * FROM transactions ORDER BY id'),
    logs: await q('SELECT * FROM logs ORDER BY id'),
    addressTransactions: await q('SELECT * FROM address_transactions ORDER BY address, tx_id'),
    transfers: await q(
      'SELECT block_number, log_index, batch_index, tx_hash, token_address, token_type, from_addr, to_addr, value, token_id FROM token_transfers ORDER BY block_number, log_index, batch_index',
    ),
    balances: await q('SELECT * FROM token_balances ORDER BY token_address, holder, token_id'),
    nfts: await q('SELECT token_address, token_id, token_type, owner, supply, creator, mint_tx, mint_block, minted_at FROM nft_tokens ORDER BY token_address, token_id'),
    contracts: await q('SELECT * FROM contracts ORDER BY address'),
    addresses: await q('SELECT address, balance, first_seen_block, is_contract FROM addresses ORDER BY address'),
    validators: await q('SELECT * FROM validators ORDER BY address'),
    counters: await q('SELECT * FROM counters ORDER BY name'),
  };
}

/** Polls until fn returns a truthy value or the time runs out. */
export async function waitFor<T>(fn: () => T | Promise<T>, timeoutMs: number, what: string): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
