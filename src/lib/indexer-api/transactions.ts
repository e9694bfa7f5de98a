import { normalizeReceipt } from '../normalize/receipt.ts';
import { normalizeTransactionDetail } from '../normalize/tx-types.ts';
import { normalizeDecodedTransaction, normalizeInternalCalls, normalizeRevertReason, normalizeTransactionHashes, normalizeTransactions } from '../normalize/transaction.ts';
import type { DecodedTransaction, InternalCalls, Receipt, RevertReason, Transaction } from '../model/types.ts';
import { RECEIPT_TIMEOUT_MS } from './timeouts.ts';
import { pageQuery, seg, type PageQuery, type RequestOptions, type Transport } from './transport.ts';

// Transactions, receipts and decoded calls.

/** GET /transactions?limit&offset → transactions, newest first. */
export function getTransactions(t: Transport, query: PageQuery = {}, request?: RequestOptions): Promise<Transaction[]> {
  return t.get('/transactions', normalizeTransactions, pageQuery(query), request);
}

/** GET /transactions?limit&offset → only the hashes, lowercased (what a feed that counts new rows needs). */
export function getTransactionHashes(t: Transport, query: PageQuery = {}, request?: RequestOptions): Promise<string[]> {
  return t.get('/transactions', normalizeTransactionHashes, pageQuery(query), request);
}

/** GET /transactions/{hash} → the transaction, or null when not found. */
export function getTransaction(t: Transport, hash: string, request?: RequestOptions): Promise<Transaction | null> {
  return t.find(`/transactions/${seg(hash)}`, (body) => normalizeTransactionDetail(body), {}, request);
}

/** GET /transactions/{hash}/receipt (1.5 s; pass RECEIPT_LIST_TIMEOUT_MS in lists) → the receipt, or null when not found. */
export function getReceipt(t: Transport, hash: string, request?: RequestOptions): Promise<Receipt | null> {
  return t.find(`/transactions/${seg(hash)}/receipt`, normalizeReceipt, {}, request, RECEIPT_TIMEOUT_MS);
}

/** GET /transactions/{hash}/decoded → {transaction, decoded, description}, or null when not found. */
export function getDecodedTransaction(t: Transport, hash: string, request?: RequestOptions): Promise<DecodedTransaction | null> {
  return t.find(`/transactions/${seg(hash)}/decoded`, normalizeDecodedTransaction, {}, request);
}

/** Why a failed transaction reverted (GET /transactions/{hash}/revert-reason, bundled indexer); null when it did not or nobody knows. */
export async function getRevertReason(t: Transport, hash: string, request?: RequestOptions): Promise<RevertReason | null> {
  return (await t.find(`/transactions/${seg(hash)}/revert-reason`, normalizeRevertReason, {}, request)) ?? null;
}

/** A transaction's internal calls (GET /transactions/{hash}/internal-calls, bundled indexer); null when the indexer has no such route. */
export function getInternalCalls(t: Transport, hash: string, request?: RequestOptions): Promise<InternalCalls | null> {
  return t.find(`/transactions/${seg(hash)}/internal-calls`, normalizeInternalCalls, {}, request);
}

/** GET /transactions/pending → pending transactions. */
export function getPendingTransactions(t: Transport, request?: RequestOptions): Promise<Transaction[]> {
  return t.get('/transactions/pending', normalizeTransactions, {}, request);
}
