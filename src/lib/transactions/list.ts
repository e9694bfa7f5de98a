import { RECEIPT_LIST_TIMEOUT_MS, safe, type IndexerClient } from '../indexer-api/client.ts';
import { pageCount, pageOffset, type PageQuery } from '../url/pagination.ts';
import { receiptOutcome, statusBadge, type StatusBadge } from '../model/status.ts';
import { txCardKind } from './kind.ts';
import type { Transaction } from '../model/types.ts';

/** One row of the transaction list. */
export interface TxListRow {
  tx: Transaction;
  /** The card's kind label ('STO Transfer', 'SGOV Transfer', …). */
  kind: string;
  status: StatusBadge;
}

/** Everything the transaction list page renders. */
export interface TxListPage {
  rows: TxListRow[];
  /** The page shown, clamped into 1..totalPages. */
  page: number;
  size: number;
  totalPages: number;
  totalTransactions: number;
  /** True when the total is the 2 × latest block estimate. */
  totalEstimated: boolean;
  /** Why the page's transactions could not be read (the list is then empty), or null. */
  failure: unknown;
}

/** The reads the list needs (the indexer client fits); getToken names the token of a transfer() call. */
export type TxListSource = Pick<IndexerClient, 'getTransactionCount' | 'getHealth' | 'getTransactions' | 'getReceipt'> &
  Partial<Pick<IndexerClient, 'getToken'>>;

/** Total Transactions: the indexer's count when greater than 0, else 2 × the latest block. */
export function totalTransactions(counted: number | null | undefined, latestBlock: number | null | undefined): { total: number; estimated: boolean } {
  if (typeof counted === 'number' && Number.isFinite(counted) && counted > 0) return { total: Math.floor(counted), estimated: false };
  const latest = typeof latestBlock === 'number' && Number.isFinite(latestBlock) && latestBlock > 0 ? Math.floor(latestBlock) : 0;
  return { total: 2 * latest, estimated: true };
}

/** A transaction with its receipt's status when it has none of its own (a missing receipt counts as a success). */
async function withStatus(source: TxListSource, tx: Transaction): Promise<TxListRow> {
  let status = tx.status;
  // Pending transactions have no receipt yet; mined ones without a stored status (the upstream indexer) ask for one.
  if (status === null && tx.blockNumber !== null) {
    const receipt = await safe(source.getReceipt(tx.hash, { timeoutMs: RECEIPT_LIST_TIMEOUT_MS }), null);
    status = receiptOutcome(receipt).status;
  }
  return { tx, kind: txCardKind(tx), status: statusBadge(status) };
}

/**
 * Loads one page of the transaction list: total (count, else the estimate from the latest block), the page's
 * transactions newest first, with kind and status. A page past the end shows the last page. Never throws:
 * failed reads degrade to an empty list, and `failure` says why (the page's status tells caches).
 */
export async function loadTransactionList(source: TxListSource, query: PageQuery): Promise<TxListPage> {
  const { size } = query;
  let failure: unknown = null;
  const fetchPage = (page: number) =>
    safe(source.getTransactions({ limit: size, offset: pageOffset(page, size) }), [] as Transaction[], (error) => {
      failure = error;
    });
  const [count, firstTry] = await Promise.all([safe(source.getTransactionCount(), null), fetchPage(query.page)]);
  let latestBlock = count?.latestBlock ?? null;
  if (!count || count.totalTransactions <= 0) latestBlock = (await safe(source.getHealth(), null))?.lastBlock ?? latestBlock;
  const { total, estimated } = totalTransactions(count?.totalTransactions, latestBlock);
  const totalPages = pageCount(total, size);
  const page = Math.min(query.page, totalPages);
  const txs = page === query.page ? firstTry : await fetchPage(page);
  const rows = await Promise.all(txs.map((tx) => withStatus(source, tx)));
  return { rows: await withTokenSymbols(source, rows), page, size, totalPages, totalTransactions: total, totalEstimated: estimated, failure };
}

/**
 * List answers carry no token transfers, so a successful zero-value transfer() call would read 'Token Transfer'. It
 * moved the called token, which is what '{symbol} Transfer' names: the token is read once per
 * address on the page (within the receipt time-out), and a token the indexer does not know keeps 'Token Transfer'.
 */
async function withTokenSymbols(source: TxListSource, rows: TxListRow[]): Promise<TxListRow[]> {
  const getToken = source.getToken;
  if (getToken === undefined) return rows;
  const called = (row: TxListRow): string | null =>
    row.kind === 'Token Transfer' && row.status.label !== 'Failed' && row.tx.to ? row.tx.to.toLowerCase() : null;
  const tokens = [...new Set(rows.map(called).filter((a): a is string => a !== null))];
  if (tokens.length === 0) return rows;
  const found = await Promise.all(tokens.map((a) => safe(getToken(a, { timeoutMs: RECEIPT_LIST_TIMEOUT_MS }), null)));
  const symbols = new Map(tokens.map((a, i) => [a, found[i]]));
  return rows.map((row) => {
    const address = called(row);
    const token = address === null ? null : symbols.get(address);
    return token ? { ...row, kind: txCardKind({ ...row.tx, tokenTransfers: [{ symbol: token.symbol, name: token.name }] }) } : row;
  });
}
