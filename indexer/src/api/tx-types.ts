// The typed-transaction fields of GET /transactions/{hash}: access list, EIP-7702 authorization list with
// each entry's authority and whether it was applied, EIP-4844 blob fields. Read from transaction_types
// (sync/tx-types.ts writes it); `applied` is worked out on the first request and kept.
import { appliedAuthorizations, withAuthority, type Authorization, type AuthorityState, type StoredAuthorization } from '../chain/authorization.ts';
import { unwrap } from '../chain/rpc.ts';
import { toHex } from '../chain/num.ts';
import { delegationTarget } from '../../../common/tx-types.ts';
import { earlierAuthorizationsInBlock, storeApplied, storeAuthorizations, transactionTypes, type TransactionTypeRow as TypeRow } from '../store/queries/transaction-types.ts';
import { sentEarlierInBlock } from '../store/queries/transactions.ts';
import type { TxRow } from '../store/rows.ts';
import type { ApiContext } from './context.ts';
import type { TypedTransactionFields } from './contract/transactions.ts';

/** An authorization as served: the stored tuple, its authority, and whether the chain applied it (null: unknown). */
export type ServedAuthorization = Authorization & { applied: boolean | null };

let chainIdMemo: Promise<bigint> | null = null;

async function chainId(ctx: ApiContext): Promise<bigint> {
  chainIdMemo ??= ctx.rpc.call<string>('eth_chainId', []).then(BigInt);
  chainIdMemo.catch(() => {
    chainIdMemo = null;
  });
  return chainIdMemo;
}

/**
 * Each authority's state just before the transaction's authorizations ran: its nonce and code at the parent block,
 * plus the transactions it sent earlier in the block and the authorizations of earlier transactions of the block that
 * were applied for it, plus one when it sends this transaction (the sender's nonce is incremented first). null for an
 * authority whose state the node no longer has.
 */
async function authorityStates(ctx: ApiContext, tx: TxRow, authorities: string[]): Promise<Map<string, AuthorityState | null>> {
  const parent = toHex(Math.max(0, tx.block_number - 1));
  const answers = await ctx.rpc.batch<string>(
    authorities.flatMap((a) => [
      { method: 'eth_getTransactionCount', params: [a, parent] },
      { method: 'eth_getCode', params: [a, parent] },
    ]),
  );
  const appliedBefore = await appliedEarlierInBlock(ctx, tx);
  const out = new Map<string, AuthorityState | null>();
  for (const [i, a] of authorities.entries()) {
    let nonce: string;
    let code: string;
    try {
      nonce = unwrap(answers[2 * i]);
      code = unwrap(answers[2 * i + 1]);
    } catch {
      out.set(a, null);
      continue;
    }
    const earlier = await sentEarlierInBlock(ctx.db, tx.block_number, tx.tx_index, a);
    const own = tx.from_addr === a ? 1n : 0n;
    out.set(a, { nonce: BigInt(nonce) + BigInt(earlier) + (appliedBefore.get(a) ?? 0n) + own, delegatable: code === '0x' || delegationTarget(code) !== null });
  }
  return out;
}

/** The stored authorizations with their authorities: recovered and kept on the first request (the sync leaves them out). */
async function authorizationsOf(ctx: ApiContext, txId: number, text: string): Promise<Authorization[]> {
  const stored = JSON.parse(text) as StoredAuthorization[];
  const list = stored.map(withAuthority);
  if (stored.some((a) => a.authority === undefined)) await storeAuthorizations(ctx.db, txId, JSON.stringify(list));
  return list;
}

/** Per authority, how many authorizations earlier transactions of the same block applied (each moved its nonce by one). */
async function appliedEarlierInBlock(ctx: ApiContext, tx: TxRow): Promise<Map<string, bigint>> {
  const counts = new Map<string, bigint>();
  const earlier = await earlierAuthorizationsInBlock(ctx.db, tx.block_number, tx.tx_index);
  for (const row of earlier) {
    const list = await authorizationsOf(ctx, row.id, row.authorizations as string);
    const flags = await applied(ctx, row, { ...row, access_list: null, blob_hashes: null, max_fee_per_blob_gas: null, blob_gas_used: null, blob_gas_price: null }, list);
    list.forEach((a, i) => {
      if (flags[i] === true && a.authority !== null) counts.set(a.authority, (counts.get(a.authority) ?? 0n) + 1n);
    });
  }
  return counts;
}

async function applied(ctx: ApiContext, tx: TxRow, row: TypeRow, list: Authorization[]): Promise<(boolean | null)[]> {
  if (row.applied !== null) return JSON.parse(row.applied) as (boolean | null)[];
  const authorities = [...new Set(list.flatMap((a) => (a.authority === null ? [] : [a.authority])))];
  let result: (boolean | null)[];
  try {
    result = appliedAuthorizations(list, await chainId(ctx), await authorityStates(ctx, tx, authorities));
  } catch {
    // The node cannot be reached: unknown this time, asked again next time.
    return list.map(() => null);
  }
  if (!result.includes(null)) await storeApplied(ctx.db, tx.id, JSON.stringify(result));
  return result;
}

/** The typed fields of a transaction to add to its JSON (none for a transaction that carries none). */
export async function typedFields(ctx: ApiContext, tx: TxRow): Promise<TypedTransactionFields> {
  if (tx.type === null || tx.type === 0) return {};
  const row = await transactionTypes(ctx.db, tx.id);
  const out: TypedTransactionFields = { accessList: row?.access_list ? (JSON.parse(row.access_list) as TypedTransactionFields['accessList']) : [] };
  if (row === undefined) return out;
  if (row.authorizations !== null) {
    const list = await authorizationsOf(ctx, tx.id, row.authorizations);
    const flags = await applied(ctx, tx, row, list);
    out.authorizationList = list.map((a, i): ServedAuthorization => ({ ...a, applied: flags[i] ?? null }));
  }
  if (row.blob_hashes !== null) {
    out.blobVersionedHashes = JSON.parse(row.blob_hashes) as string[];
    out.maxFeePerBlobGas = row.max_fee_per_blob_gas;
    out.blobGasUsed = row.blob_gas_used;
    out.blobGasPrice = row.blob_gas_price;
  }
  return out;
}
