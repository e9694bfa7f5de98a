import { safe, type IndexerClient } from '../indexer-api/client.ts';
import { formatTokenAmount } from '../format/index.ts';
import { failureStatus, type FailureStatus } from '../indexer-api/errors.ts';
import { detailStatusBadge, type StatusBadge } from '../model/status.ts';
import {
  DEFAULT_TOKEN_META,
  decodeTransferLogs,
  deriveFallbackTransfer,
  isTransferLog,
  labelTransfers,
  type DecodedTokenTransfer,
  type TokenMeta,
  type TokenMetaReader,
  type TransferLabel,
} from './transfer-logs.ts';
import type { DecodedCall, DecodedTransaction, Log, Receipt, RevertReason, Transaction } from '../model/types.ts';
import { callPanel, hasInputData, type CallPanel } from './input-data.ts';

/** A token transfer as the detail page lists it. */
export interface DetailTransfer {
  label: TransferLabel;
  from: string;
  to: string;
  tokenAddress: string | null;
  symbol: string;
  name: string;
  decimals: number;
  rawAmount: bigint;
  /** Decimal token id of an NFT transfer, else null. */
  tokenId: string | null;
  /** 'ERC20', 'ERC721', 'ERC1155' when known. */
  tokenType: string | null;
}

/** Amount text of a transfer: the token amount with every decimal, or 'Token ID #7' / '10 × Token ID #1' for NFTs. */
export function transferAmountText(t: Pick<DetailTransfer, 'rawAmount' | 'decimals' | 'tokenId' | 'tokenType'>, maxDecimals = 18): string {
  if (t.tokenId !== null) return t.tokenType === 'ERC1155' || t.rawAmount !== 1n ? `${t.rawAmount} × Token ID #${t.tokenId}` : `Token ID #${t.tokenId}`;
  return formatTokenAmount(t.rawAmount, t.decimals, Math.min(t.decimals, maxDecimals));
}

/** Everything the transaction detail page renders. */
export interface TxDetail {
  tx: Transaction;
  /** Why a failed transaction reverted, when the indexer could tell. */
  revertReason?: RevertReason;
  receipt: Receipt | null;
  decoded: DecodedTransaction | null;
  status: StatusBadge;
  /** Gas used from the receipt, else the transaction; null when neither knows (a missing receipt: none used). */
  gasUsed: bigint | null;
  /** Price actually paid (receipt's effective price, else the transaction's). */
  gasPrice: bigint | null;
  /** Fee in wei: the indexer's, else gas used × gas price. */
  fee: bigint | null;
  /** Contract created by a deployment. */
  createdContract: string | null;
  /** The verified contract a call went to, by its source's name (the overview's 'Interacted with:'). */
  interactedWith?: { name: string };
  logs: Log[];
  transfers: DetailTransfer[];
  call: CallPanel;
  /** The decoded call shown in the overview (indexer's or local), or null. */
  decodedCall: DecodedCall | null;
}

/** Outcome of loading a transaction page. */
export type TxDetailResult =
  | { state: 'ok'; detail: TxDetail }
  | { state: 'not-found' }
  | { state: 'error'; status: FailureStatus };

/** The reads the detail page needs (the indexer client fits). */
export type TxDetailSource = Pick<IndexerClient, 'getTransaction' | 'getReceipt' | 'getDecodedTransaction' | 'readTokenMeta'> &
  Partial<Pick<IndexerClient, 'getRevertReason' | 'getContract' | 'getContractVerified' | 'getContractSource' | 'getToken'>>;

/**
 * The verified name of the contract a call went to: the bundled indexer names it in the contract's details; with
 * another indexer a verified contract's source gives it. Null for accounts and unverified contracts.
 */
async function verifiedContractName(source: TxDetailSource, address: string): Promise<string | null> {
  if (!source.getContract) return null;
  const details = await safe(source.getContract(address), null);
  if (details === null) return null;
  if (details.verifiedName) return details.verifiedName;
  if (!source.getContractVerified || !source.getContractSource || !(await safe(source.getContractVerified(address), false))) return null;
  return (await safe(source.getContractSource(address), null))?.contractName || null;
}

/** Whether a route parameter is a transaction hash: 0x and 64 hex characters. */
export function isTxHash(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(value);
}

/** Time-out of one token metadata read through the RPC proxy. */
const TOKEN_META_TIMEOUT_MS = 2_000;

/**
 * Token name, symbol and decimals: the indexer's token record when it names the token, else (or for what it lacks)
 * read from the token itself with the spec's eth_call selectors through the RPC proxy. The chain
 * operator's indexer knows its tokens but its proxy may fail (it speaks https only): the record alone then names them.
 */
export function tokenReader(source: Pick<IndexerClient, 'readTokenMeta'> & Partial<Pick<IndexerClient, 'getToken'>>): TokenMetaReader {
  const getToken = source.getToken;
  return async (tokenAddress) => {
    const known = getToken ? await safe(getToken(tokenAddress, { timeoutMs: TOKEN_META_TIMEOUT_MS }), null) : null;
    const name = known && known.name !== DEFAULT_TOKEN_META.name ? known.name : null;
    const symbol = known && known.symbol !== DEFAULT_TOKEN_META.symbol ? known.symbol : null;
    if (known && name !== null && symbol !== null) return { name, symbol, decimals: known.decimals };
    const read = await source.readTokenMeta(tokenAddress, { timeoutMs: TOKEN_META_TIMEOUT_MS });
    return {
      name: name ?? read.name,
      symbol: symbol ?? read.symbol,
      // The record's decimals only when it named the token: a default 18 would hide the token's own.
      decimals: known && (name !== null || symbol !== null) ? known.decimals : read.decimals,
    };
  };
}

function fromDecoded(transfer: DecodedTokenTransfer): Omit<DetailTransfer, 'label'> {
  return {
    from: transfer.from,
    to: transfer.to,
    tokenAddress: transfer.tokenAddress,
    symbol: transfer.symbol,
    name: transfer.name,
    decimals: transfer.decimals,
    rawAmount: transfer.rawAmount,
    tokenId: transfer.tokenId === null ? null : transfer.tokenId.toString(),
    tokenType: transfer.tokenId === null ? null : 'ERC721',
  };
}

/**
 * Token transfers of a transaction: those the indexer recorded; else, for a transfer() call,
 * the fallback derived from its first Transfer log; else every Transfer log of the receipt. Token details of
 * log-derived transfers are read from the token (defaults when that fails). Labelled Primary/Secondary.
 */
export async function detailTransfers(tx: Transaction, logs: readonly Log[], readToken: TokenMetaReader): Promise<DetailTransfer[]> {
  if (tx.tokenTransfers.length > 0) {
    return labelTransfers(
      tx.tokenTransfers.map((t) => ({
        from: t.from,
        to: t.to,
        tokenAddress: t.tokenAddress,
        symbol: t.symbol,
        name: t.name,
        decimals: t.decimals,
        rawAmount: t.rawAmount,
        tokenId: t.tokenId,
        tokenType: t.tokenType,
      })),
    );
  }
  const fallback = await deriveFallbackTransfer(tx, logs, readToken);
  if (fallback) return labelTransfers([fromDecoded(fallback)]);
  const tokens = [...new Set(logs.filter(isTransferLog).map((log) => log.address.toLowerCase()))];
  if (tokens.length === 0) return [];
  const metas = new Map<string, Partial<TokenMeta> | null | undefined>(
    await Promise.all(tokens.map(async (address) => [address, await safe(readToken(address), null)] as const)),
  );
  return labelTransfers(decodeTransferLogs(logs, (address) => metas.get(address.toLowerCase())).map(fromDecoded));
}

/**
 * Loads a transaction page: the transaction (null → not found; a failure → 502/503), with its receipt and
 * decoded call read beside it (their failures are ignored: a missing receipt counts as a success with no gas
 * used, as the spec has it), token transfers, status, gas and fee.
 */
export async function loadTransactionDetail(source: TxDetailSource, hash: string, readToken: TokenMetaReader = tokenReader(source)): Promise<TxDetailResult> {
  const [txResult, receipt, decoded] = await Promise.all([
    source.getTransaction(hash).then(
      (tx) => ({ ok: true as const, tx }),
      (error: unknown) => ({ ok: false as const, error }),
    ),
    safe(source.getReceipt(hash), null),
    safe(source.getDecodedTransaction(hash), null),
  ]);
  if (!txResult.ok) return { state: 'error', status: failureStatus(txResult.error) };
  const tx = txResult.tx;
  if (tx === null) return { state: 'not-found' };
  const logs = receipt?.logs ?? [];
  const gasUsed = receipt?.gasUsed ?? tx.gasUsed ?? decoded?.gasUsed ?? null;
  const gasPrice = receipt?.effectiveGasPrice ?? tx.gasPrice;
  const fee = decoded?.fee ?? (gasUsed !== null && gasPrice !== null ? gasUsed * gasPrice : null);
  const call = callPanel(tx, decoded?.decoded ?? null, decoded ?? {});
  const status = detailStatusBadge(tx.status, receipt?.status);
  // Only a failed transaction has a reason to look for (the indexer replays it once and keeps the answer).
  const [revertReason, interactedName, transfers] = await Promise.all([
    status.label === 'Failed' && source.getRevertReason ? safe(source.getRevertReason(hash), null) : null,
    tx.to !== null && hasInputData(tx.input) ? verifiedContractName(source, tx.to) : null,
    detailTransfers(tx, logs, readToken),
  ]);
  return {
    state: 'ok',
    detail: {
      tx,
      receipt,
      decoded,
      status,
      ...(revertReason ? { revertReason } : {}),
      ...(interactedName ? { interactedWith: { name: interactedName } } : {}),
      gasUsed,
      gasPrice,
      fee,
      createdContract: tx.to === null ? (tx.contractAddress ?? receipt?.contractAddress ?? null) : null,
      logs,
      transfers,
      call,
      decodedCall: call.kind === 'decoded' ? call.call : null,
    },
  };
}
