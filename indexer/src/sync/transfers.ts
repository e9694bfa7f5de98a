import { decodeUint, topicToAddress } from '../chain/abi.ts';
import type { TokenType } from '../store/rows.ts';

/** keccak256('Transfer(address,address,uint256)'), shared by ERC-20 and ERC-721. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** keccak256('TransferSingle(address,address,address,uint256,uint256)'). */
export const TRANSFER_SINGLE_TOPIC = '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62';
/** keccak256('TransferBatch(address,address,address,uint256[],uint256[])'). */
export const TRANSFER_BATCH_TOPIC = '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb';

/** One token movement; ERC-1155 batches yield one per (id, value) pair. */
export interface ParsedTransfer {
  tokenAddress: string;
  tokenType: TokenType;
  logIndex: number;
  batchIndex: number;
  from: string;
  to: string;
  value: bigint;
  tokenId: bigint | null;
}

/** The fields of a log the parser reads. */
export interface LogLike {
  address: string;
  topics: readonly string[];
  data: string;
  logIndex: number;
}

/** Most (id, value) pairs expanded from one TransferBatch; more is an attack, not a transfer. */
const MAX_BATCH = 10_000;

function words(data: string): string[] | null {
  if (!/^0x([0-9a-fA-F]{64})*$/.test(data)) return null;
  const out: string[] = [];
  for (let i = 2; i < data.length; i += 64) out.push(data.slice(i, i + 64));
  return out;
}

function uintArray(w: readonly string[], offsetWord: string | undefined): bigint[] | null {
  if (offsetWord === undefined) return null;
  const offset = BigInt('0x' + offsetWord);
  if (offset % 32n !== 0n) return null;
  const start = Number(offset / 32n);
  if (start >= w.length) return null;
  const length = BigInt('0x' + w[start]);
  if (length > BigInt(Math.min(MAX_BATCH, w.length - start - 1))) return null;
  const out: bigint[] = [];
  for (let i = 0; i < Number(length); i++) out.push(BigInt('0x' + w[start + 1 + i]));
  return out;
}

/**
 * Token transfers carried by one log: a Transfer with 3 topics and one data word is ERC-20, with
 * 4 topics and no data ERC-721; TransferSingle and TransferBatch are ERC-1155. Anything malformed gives [].
 */
export function parseTransferLog(log: LogLike): ParsedTransfer[] {
  const topic0 = log.topics[0]?.toLowerCase();
  const tokenAddress = log.address.toLowerCase();
  const base = { tokenAddress, logIndex: log.logIndex };
  if (topic0 === TRANSFER_TOPIC) {
    const from = topicToAddress(log.topics[1]);
    const to = topicToAddress(log.topics[2]);
    if (from === null || to === null) return [];
    if (log.topics.length === 3) {
      const w = words(log.data);
      if (w === null || w.length !== 1) return [];
      return [{ ...base, tokenType: 'ERC20', batchIndex: 0, from, to, value: BigInt('0x' + w[0]), tokenId: null }];
    }
    if (log.topics.length === 4) {
      if (log.data !== '0x' && log.data !== '') return [];
      const tokenId = decodeUint(log.topics[3]);
      if (tokenId === null) return [];
      return [{ ...base, tokenType: 'ERC721', batchIndex: 0, from, to, value: 1n, tokenId }];
    }
    return [];
  }
  if (topic0 === TRANSFER_SINGLE_TOPIC || topic0 === TRANSFER_BATCH_TOPIC) {
    if (log.topics.length !== 4) return [];
    const from = topicToAddress(log.topics[2]);
    const to = topicToAddress(log.topics[3]);
    const w = words(log.data);
    if (from === null || to === null || w === null) return [];
    if (topic0 === TRANSFER_SINGLE_TOPIC) {
      if (w.length !== 2) return [];
      const tokenId = BigInt('0x' + w[0]);
      const value = BigInt('0x' + w[1]);
      return [{ ...base, tokenType: 'ERC1155', batchIndex: 0, from, to, value, tokenId }];
    }
    const ids = uintArray(w, w[0]);
    const values = uintArray(w, w[1]);
    if (ids === null || values === null || ids.length !== values.length) return [];
    return ids.map((tokenId, i) => ({
      ...base,
      tokenType: 'ERC1155' as const,
      batchIndex: i,
      from,
      to,
      value: values[i] ?? 0n,
      tokenId,
    }));
  }
  return [];
}

/** True when a log's first topic is one of the transfer events the indexer tracks. */
export function isTransferTopic(topic0: string | undefined): boolean {
  const t = topic0?.toLowerCase();
  return t === TRANSFER_TOPIC || t === TRANSFER_SINGLE_TOPIC || t === TRANSFER_BATCH_TOPIC;
}
