// The per-subscription topics of a stream (`address:{a}`, `token:{a}`): read from the query, and what a range of blocks
// holds for each, found with one set of reads for every topic any stream asked for.
import { MAX_STREAM_TOPICS, STREAM_TRANSACTIONS, type AddressEventData, type TokenEventData } from '../../../../common/live-events.ts';
import { HttpError } from '../../http/router.ts';
import { addressesTransactionsBetween, transactionTouchesBetween, type AddressTransactionHit } from '../../store/queries/transactions.ts';
import { addressesTransfersBetween, tokensTransfersBetween, transferTouchesBetween, type TransferTouch } from '../../store/queries/transfers.ts';
import type { Queryable } from '../../store/types.ts';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * The topics a stream's query asks for: `address` and `token`, each repeatable or comma-separated, lowercase, each
 * once, addresses first then tokens, each sorted (so that an event's index among a block's events is the same
 * whatever order the page wrote them in). 400 for a malformed address or more than MAX_STREAM_TOPICS.
 */
export function parseTopics(query: URLSearchParams): string[] {
  const read = (name: 'address' | 'token'): string[] => {
    const found = new Set<string>();
    for (const value of query.getAll(name)) {
      for (const part of value.split(',')) {
        const a = part.trim();
        if (a === '') continue;
        if (!ADDRESS.test(a)) throw new HttpError(400, `Invalid ${name}: must be an address`);
        found.add(`${name}:${a.toLowerCase()}`);
        // Checked as they are read, so that a huge query is refused before it is all parsed.
        if (found.size > MAX_STREAM_TOPICS) throw tooMany();
      }
    }
    return [...found].sort();
  };
  const topics = [...read('address'), ...read('token')];
  if (topics.length > MAX_STREAM_TOPICS) throw tooMany();
  return topics;
}

function tooMany(): HttpError {
  return new HttpError(400, `Too many topics: at most ${MAX_STREAM_TOPICS} addresses and tokens together`);
}

/** What one block holds for one topic. */
interface Hits {
  /** Transaction hashes, newest first (address topics). */
  transactions: string[];
  transfers: number;
}

/** What blocks hold for topics: topic → block → hits; topics and blocks with nothing are absent. */
export type TopicActivity = Map<string, Map<number, Hits>>;

/** Ranges with more transactions than this are read per topic through the indexes, not scanned whole. */
const SCAN_MAX_TRANSACTIONS = 5_000;
/** Addresses per IN list (well under both backends' limits on bound parameters). */
const CHUNK = 500;

function hitsOf(activity: TopicActivity, topic: string, block: number): Hits {
  let blocks = activity.get(topic);
  if (!blocks) activity.set(topic, (blocks = new Map<number, Hits>()));
  let hits = blocks.get(block);
  if (!hits) blocks.set(block, (hits = { transactions: [], transfers: 0 }));
  return hits;
}

function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

/**
 * What blocks `from` … `to` hold for the topics: transactions from, to or creating an address, and token transfers
 * from or to it; transfers of a token. A range of a few blocks is scanned whole (one read of its transactions, one of
 * its transfers, matched in memory, whatever the number of topics); a long one (a coalesced catch-up) is read through
 * the address and token indexes, a few hundred topics per read. `txCount`: the range's transactions, which decides.
 */
export async function topicActivity(db: Queryable, from: number, to: number, topics: ReadonlySet<string>, txCount: number): Promise<TopicActivity> {
  const activity: TopicActivity = new Map();
  if (topics.size === 0) return activity;
  const addresses: string[] = [];
  const tokens: string[] = [];
  for (const t of topics) (t.startsWith('address:') ? addresses : tokens).push(t.slice(t.indexOf(':') + 1));
  let txHits: AddressTransactionHit[] = [];
  let transfers: TransferTouch[] = [];
  if (txCount <= SCAN_MAX_TRANSACTIONS) {
    const rows = await transactionTouchesBetween(db, from, to);
    const wanted = new Set(addresses);
    for (const r of rows) {
      for (const a of new Set([r.from_addr, r.to_addr, r.contract_address])) if (a !== null && wanted.has(a)) txHits.push({ address: a, hash: r.hash, block_number: r.block_number });
    }
    transfers = await transferTouchesBetween(db, from, to);
  } else {
    for (const part of chunks(addresses)) {
      txHits.push(...(await addressesTransactionsBetween(db, part, from, to)));
      transfers.push(...(await addressesTransfersBetween(db, part, from, to)));
    }
    for (const part of chunks(tokens)) {
      transfers.push(...(await tokensTransfersBetween(db, part, from, to)));
    }
    // The per-address reads may list a transfer twice (an address's and a token's, or from and to both watched).
    transfers = [...new Map(transfers.map((t) => [Number(t.id), t])).values()];
    txHits = txHits.sort((a, b) => Number(b.block_number) - Number(a.block_number));
  }
  for (const h of txHits) hitsOf(activity, `address:${h.address}`, Number(h.block_number)).transactions.push(h.hash);
  for (const t of transfers) {
    const block = Number(t.block_number);
    for (const topic of new Set([`address:${t.from_addr}`, `address:${t.to_addr}`, `token:${t.token_address}`])) {
      if (topics.has(topic)) hitsOf(activity, topic, block).transfers++;
    }
  }
  return activity;
}

/**
 * The payload of a topic's event over blocks `from` … `to` (one block, or a coalesced range), or null when they hold
 * nothing for it: the newest STREAM_TRANSACTIONS hashes, and every transfer counted.
 */
export function topicData(topic: string, blocks: ReadonlyMap<number, Hits> | undefined, from: number, to: number): AddressEventData | TokenEventData | null {
  if (!blocks) return null;
  const transactions: string[] = [];
  let transfers = 0;
  let any = false;
  for (const [n, hits] of [...blocks].sort((x, y) => y[0] - x[0])) {
    if (n < from || n > to) continue;
    any = true;
    transfers += hits.transfers;
    for (const h of hits.transactions) if (transactions.length < STREAM_TRANSACTIONS) transactions.push(h);
  }
  if (!any) return null;
  const a = topic.slice(topic.indexOf(':') + 1);
  return topic.startsWith('address:') ? { address: a, block: to, fromBlock: from, transactions, transfers } : { token: a, block: to, fromBlock: from, transfers };
}
