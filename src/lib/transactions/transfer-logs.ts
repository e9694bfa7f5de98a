import { getAddress } from 'ethers';
import { formatUnits } from '../../../common/units.ts';
import { inputSelector } from './erc20-decode.ts';
import { DEFAULT_TOKEN_DECIMALS, normalizeDecimals } from '../format/index.ts';

/** topic0 of Transfer(address,address,uint256), shared by ERC-20 and ERC-721. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** The log fields the transfer rules read. */
export interface LogLike {
  readonly address: string;
  readonly topics: readonly string[];
  readonly data: string;
  readonly logIndex?: number | null | undefined;
}

/** Name, symbol and decimals of a token. */
export interface TokenMeta {
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
}

/** What a token is called when it cannot be read. */
export const DEFAULT_TOKEN_META: TokenMeta = { name: 'Unknown Token', symbol: 'TOKEN', decimals: DEFAULT_TOKEN_DECIMALS };

/** A token transfer decoded from a Transfer log. */
export interface DecodedTokenTransfer extends TokenMeta {
  readonly from: string;
  readonly to: string;
  /** Exact decimal amount, raw / 10^decimals ('1000', '0.5'). */
  readonly amount: string;
  readonly rawAmount: bigint;
  readonly tokenAddress: string;
  /** The id of an ERC-721 transfer (4 topics), else null. */
  readonly tokenId: bigint | null;
  readonly logIndex: number | null;
}

/** Whether a log's first topic is the Transfer event signature. */
export function isTransferLog(log: Pick<LogLike, 'topics'>): boolean {
  return log.topics[0]?.toLowerCase() === TRANSFER_TOPIC;
}

/** Whether a transaction's logs hold a token transfer: some log's first topic is the Transfer signature. */
export function hasTokenTransfer(logs: readonly Pick<LogLike, 'topics'>[] | null | undefined): boolean {
  return (logs ?? []).some(isTransferLog);
}

/** Checksummed address held in the last 20 bytes of a 32-byte topic; null for anything else. */
export function topicToAddress(topic: string | undefined): string | null {
  if (!topic || !/^0x[0-9a-fA-F]{64}$/.test(topic)) return null;
  return getAddress(`0x${topic.slice(-40)}`);
}

function checksum(address: string): string | null {
  return /^0x[0-9a-fA-F]{40}$/.test(address) ? getAddress(address.toLowerCase()) : null;
}

function withDefaults(meta: Partial<TokenMeta> | null | undefined): TokenMeta {
  return {
    name: meta?.name || DEFAULT_TOKEN_META.name,
    symbol: meta?.symbol || DEFAULT_TOKEN_META.symbol,
    decimals: normalizeDecimals(meta?.decimals),
  };
}

/**
 * Decodes a Transfer log: sender and receiver from topics 1 and 2, amount = data / 10^decimals. A 4-topic
 * (ERC-721) log carries its token id in topic 3 and counts as 1 item with 0 decimals. Null for other logs.
 */
export function decodeTransferLog(log: LogLike, meta?: Partial<TokenMeta> | null): DecodedTokenTransfer | null {
  if (!isTransferLog(log)) return null;
  const from = topicToAddress(log.topics[1]);
  const to = topicToAddress(log.topics[2]);
  const tokenAddress = checksum(log.address);
  if (from === null || to === null || tokenAddress === null) return null;
  const token = withDefaults(meta);
  const idTopic = log.topics[3];
  let rawAmount: bigint;
  let tokenId: bigint | null = null;
  let decimals = token.decimals;
  if (idTopic !== undefined) {
    if (!/^0x[0-9a-fA-F]{64}$/.test(idTopic)) return null;
    tokenId = BigInt(idTopic);
    rawAmount = 1n;
    decimals = 0;
  } else {
    if (!/^0x[0-9a-fA-F]{1,64}/.test(log.data)) return null;
    rawAmount = BigInt(log.data.slice(0, 66));
  }
  return {
    ...token,
    decimals,
    from,
    to,
    rawAmount,
    amount: formatUnits(rawAmount, decimals),
    tokenAddress,
    tokenId,
    logIndex: log.logIndex ?? null,
  };
}

/** Every decodable Transfer log of a transaction, with token details looked up by token address. */
export function decodeTransferLogs(
  logs: readonly LogLike[] | null | undefined,
  metaFor: (tokenAddress: string) => Partial<TokenMeta> | null | undefined = () => null,
): DecodedTokenTransfer[] {
  return (logs ?? []).flatMap((log) => {
    const transfer = isTransferLog(log) ? decodeTransferLog(log, metaFor(log.address)) : null;
    return transfer ? [transfer] : [];
  });
}

/** Reads a token's name, symbol and decimals (through the RPC proxy in the app); may fail or return partial data. */
export type TokenMetaReader = (tokenAddress: string) => Promise<Partial<TokenMeta> | null | undefined>;

/**
 * Fallback when the indexer recorded no transfer for a transfer() call (selector a9059cbb) that has logs:
 * the first Transfer log gives the transfer, with token details from `readToken` (defaults when it fails).
 */
export async function deriveFallbackTransfer(
  tx: { readonly input?: string | null | undefined; readonly tokenTransfers?: readonly unknown[] | null | undefined },
  logs: readonly LogLike[] | null | undefined,
  readToken: TokenMetaReader,
): Promise<DecodedTokenTransfer | null> {
  if ((tx.tokenTransfers?.length ?? 0) > 0 || inputSelector(tx.input) !== '0xa9059cbb') return null;
  const log = (logs ?? []).find(isTransferLog);
  if (!log || decodeTransferLog(log) === null) return null;
  let meta: Partial<TokenMeta> | null | undefined = null;
  try {
    meta = await readToken(log.address);
  } catch {
    // An unreadable token is still shown, with the default name, symbol and decimals.
  }
  return decodeTransferLog(log, meta);
}

/** Label of a transfer on the transaction detail page. */
export type TransferLabel = 'Primary Transfer' | 'Secondary Transfer';

/** The first transfer of a transaction is 'Primary Transfer', every later one 'Secondary Transfer'. */
export function transferLabel(index: number): TransferLabel {
  return index === 0 ? 'Primary Transfer' : 'Secondary Transfer';
}

/** The transfers with their Primary/Secondary label attached. */
export function labelTransfers<T extends object>(transfers: readonly T[]): (T & { readonly label: TransferLabel })[] {
  return transfers.map((transfer, index) => ({ ...transfer, label: transferLabel(index) }));
}
