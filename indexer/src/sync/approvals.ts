// Token approvals in force: the last ERC-20 Approval and the last ApprovalForAll per (owner, token,
// spender), kept in the approvals table as blocks are written and rebuilt from the kept logs when a reorg removes
// blocks. See migrations/011_approvals.sql for what is kept and what is not (ERC-721 single-token approvals).
import { decodeBool, decodeUint, topicToAddress } from '../chain/abi.ts';
import { ROW_ID_BLOCK } from '../store/row-ids.ts';
import { deleteApproval, insertApprovals, replaceApprovals } from '../store/queries/approvals.ts';
import { lastLogBefore, logsFromWithTopic0, type LogEntry as LogRow } from '../store/queries/logs.ts';
import type { Queryable } from '../store/types.ts';

/** keccak256('Approval(address,address,uint256)'), shared by ERC-20 and ERC-721. */
export const APPROVAL_TOPIC = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';
/** keccak256('ApprovalForAll(address,address,bool)'), shared by ERC-721 and ERC-1155. */
export const APPROVAL_FOR_ALL_TOPIC = '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31';

/** 'allowance': an ERC-20 allowance; 'operator': an ERC-721 / ERC-1155 operator for all of the owner's tokens. */
export type ApprovalKind = 'allowance' | 'operator';

/** What one log says about an approval: the new value of its key (0n: nothing in force any more). */
export interface ApprovalEvent {
  owner: string;
  token: string;
  spender: string;
  kind: ApprovalKind;
  value: bigint;
}

/** Where an approval was granted. */
export interface ApprovalPlace {
  blockNumber: number;
  logIndex: number;
  txHash: string;
  timestamp: number;
}

/** The fields of a log the parser reads (topics may be null, as the logs table stores absent ones). */
export interface ApprovalLogLike {
  address: string;
  topics: readonly (string | null | undefined)[];
  data: string;
}

/**
 * The approval a log sets, or null: an Approval with three topics and one data word (ERC-20; the ERC-721 one has a
 * fourth topic and is left out), an ApprovalForAll with three topics and a 0/1 word. Malformed logs give null.
 */
export function parseApprovalLog(log: ApprovalLogLike): ApprovalEvent | null {
  const topic0 = log.topics[0]?.toLowerCase();
  if (topic0 !== APPROVAL_TOPIC && topic0 !== APPROVAL_FOR_ALL_TOPIC) return null;
  if (log.topics.filter((t) => typeof t === 'string').length !== 3 || log.data.length !== 66) return null;
  const owner = topicToAddress(log.topics[1]);
  const spender = topicToAddress(log.topics[2]);
  if (owner === null || spender === null) return null;
  const token = log.address.toLowerCase();
  if (topic0 === APPROVAL_TOPIC) {
    const value = decodeUint(log.data);
    return value === null ? null : { owner, token, spender, kind: 'allowance', value };
  }
  const approved = decodeBool(log.data);
  return approved === null ? null : { owner, token, spender, kind: 'operator', value: approved ? 1n : 0n };
}

/** The key of an approval, as one string. */
export function approvalKey(a: { owner: string; token: string; spender: string; kind: ApprovalKind }): string {
  return `${a.owner}:${a.token}:${a.spender}:${a.kind}`;
}

/** One key's state after a batch: its row, or null when nothing is in force. */
type Latest = { event: ApprovalEvent; place: ApprovalPlace };

/**
 * The approvals of one batch, applied in log order: the last event of each key wins. Written at the end of the batch
 * as one delete of every key touched and one insert of those still in force.
 */
export class ApprovalBatch {
  private readonly latest = new Map<string, Latest>();

  /** Takes a log's approval, if it carries one. */
  add(log: ApprovalLogLike, place: ApprovalPlace): void {
    const event = parseApprovalLog(log);
    if (event !== null) this.latest.set(approvalKey(event), { event, place });
  }

  /** Keys touched, and the rows in force, after the batch's events (pure, for tests). */
  result(): { touched: [string, string, string, string][]; rows: (string | number)[][] } {
    const touched: [string, string, string, string][] = [];
    const rows: (string | number)[][] = [];
    for (const { event: e, place: p } of this.latest.values()) {
      touched.push([e.owner, e.token, e.spender, e.kind]);
      if (e.value !== 0n) rows.push([e.owner, e.token, e.spender, e.kind, e.value.toString(), p.blockNumber, p.logIndex, p.txHash, p.timestamp]);
    }
    return { touched, rows };
  }

  /** Writes the batch's approvals and forgets them. */
  async flush(q: Queryable): Promise<void> {
    if (this.latest.size === 0) return;
    const { touched, rows } = this.result();
    this.latest.clear();
    await replaceApprovals(q, touched, rows);
  }

  /** Forgets what was added (the batch failed). */
  clear(): void {
    this.latest.clear();
  }
}

const asLog = (r: LogRow): ApprovalLogLike => ({ address: r.address, topics: [r.topic0, r.topic1, r.topic2, r.topic3], data: r.data });

/**
 * Undoes the approvals of the blocks from `from` on, inside the rollback's transaction and before their logs are
 * deleted: every key one of their logs set is rebuilt from its last approval log before `from` (or dropped). Reads
 * each such key's older logs through the emitter's index (logs_address), newest first, so a shallow reorg costs a few
 * short range reads.
 */
export async function rollbackApprovals(tx: Queryable, from: number): Promise<number> {
  const firstId = from * ROW_ID_BLOCK;
  const removed = await logsFromWithTopic0(tx, firstId, APPROVAL_TOPIC, APPROVAL_FOR_ALL_TOPIC);
  const keys = new Map<string, ApprovalEvent>();
  for (const r of removed) {
    const e = parseApprovalLog(asLog(r));
    if (e !== null) keys.set(approvalKey(e), e);
  }
  for (const e of keys.values()) {
    await deleteApproval(tx, e.owner, e.token, e.spender, e.kind);
    const topic0 = e.kind === 'allowance' ? APPROVAL_TOPIC : APPROVAL_FOR_ALL_TOPIC;
    const older = await lastLogBefore(tx, e.token, firstId, [topic0, `0x${e.owner.slice(2).padStart(64, '0')}`, `0x${e.spender.slice(2).padStart(64, '0')}`]);
    const before = older === undefined ? null : parseApprovalLog(asLog(older));
    if (older === undefined || before === null || before.value === 0n) continue;
    await insertApprovals(tx, [
      [e.owner, e.token, e.spender, e.kind, before.value.toString(), older.block_number, older.log_index, older.tx_hash, older.timestamp],
    ]);
  }
  return keys.size;
}
