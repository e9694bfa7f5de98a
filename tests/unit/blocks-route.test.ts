import { describe, expect, it } from 'vitest';
import { MAX_BLOCK_DIGITS, parseBlockParam } from '../../src/lib/blocks/params.ts';
import { loadBlock, outcomeStatus, type BlockOutcome } from '../../src/lib/blocks/load.ts';
import { failedToLoadBlock } from '../../src/lib/blocks/messages.ts';
import type { FetchLike } from '../../src/lib/indexer-api/client.ts';
import { fixtureText as fixture } from '../upstream-fixtures.ts';

const HASH = '0xFEDAE520a4c2b4b3e8d1e2c7a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6';

describe('parseBlockParam: digits, a 66-character hash, or invalid', () => {
  it.each<[string | undefined, ReturnType<typeof parseBlockParam>]>([
    ['0', { kind: 'number', number: 0 }],
    ['12', { kind: 'number', number: 12 }],
    ['007', { kind: 'number', number: 7 }],
    [' 42 ', { kind: 'number', number: 42 }],
    ['9007199254740991', { kind: 'number', number: 9007199254740991 }],
    ['9007199254740992', { kind: 'invalid' }],
    ['1'.repeat(MAX_BLOCK_DIGITS + 1), { kind: 'invalid' }],
    ['-1', { kind: 'invalid' }],
    ['abc', { kind: 'invalid' }],
    ['1.5', { kind: 'invalid' }],
    ['1e3', { kind: 'invalid' }],
    ['0x10', { kind: 'invalid' }],
    ['', { kind: 'invalid' }],
    [undefined, { kind: 'invalid' }],
    [HASH, { kind: 'hash', hash: HASH.toLowerCase() }],
    [`${HASH}0`, { kind: 'invalid' }],
    [HASH.replace('a', 'g'), { kind: 'invalid' }],
  ])('%j → %j', (raw, expected) => {
    expect(parseBlockParam(raw)).toEqual(expected);
  });
});

/** A fetch answering one status and body for every URL, recording the URLs asked. */
function fakeFetch(status: number, body: string | null, seen: string[] = []): FetchLike {
  return async (input) => {
    seen.push(input);
    return new Response(body, { status, headers: { 'content-type': 'application/json' } });
  };
}

const failing: FetchLike = async () => {
  throw new TypeError('fetch failed');
};

describe('loadBlock: each answer of the indexer becomes one page state and status', () => {
  it.each<[string, string, FetchLike, BlockOutcome['kind'], number]>([
    ['upstream block with transactions', '4', fakeFetch(200, fixture('blocks_4.json')), 'found', 200],
    ['upstream empty block', '34', fakeFetch(200, fixture('blocks_34.json')), 'found', 200],
    ['upstream 404', '99999999', fakeFetch(404, fixture('blocks_99999999.json')), 'not-found', 404],
    ['200 with a null body', '5', fakeFetch(200, 'null'), 'empty', 502],
    ['200 with an empty body', '5', fakeFetch(200, ''), 'empty', 502],
    ['200 with an empty object', '5', fakeFetch(200, '{}'), 'empty', 502],
    ['upstream 500', '5', fakeFetch(500, fixture('blocks_abc.json')), 'failed', 502],
    ['indexer unavailable', '5', fakeFetch(503, '{"error":"down"}'), 'failed', 503],
    ['no response', '5', failing, 'failed', 503],
    ['indexer rejects the input', '5', fakeFetch(400, '{"error":"Invalid block number"}'), 'invalid', 400],
    ['indexer rate limits this server', '5', fakeFetch(429, '{"error":"Too many requests: Rate limit exceeded"}'), 'failed', 429],
    ['a gateway time-out in front of the indexer', '5', fakeFetch(504, '{"error":"timeout"}'), 'failed', 504],
    ['the site is refused by its indexer (its own setup)', '5', fakeFetch(401, '{"error":"unauthorized"}'), 'failed', 502],
  ])('%s', async (_name, param, fetchImpl, kind, status) => {
    const outcome = await loadBlock('http://indexer.test', param, fetchImpl);
    expect(outcome.kind).toBe(kind);
    expect(outcomeStatus(outcome)).toBe(status);
  });

  it('reads the upstream block fields (BigNumber gas, transaction list)', async () => {
    const outcome = await loadBlock('http://indexer.test', '4', fakeFetch(200, fixture('blocks_4.json')));
    if (outcome.kind !== 'found') throw new Error(outcome.kind);
    const raw = JSON.parse(fixture('blocks_4.json')) as { number: string; hash: string; gasUsed: { hex: string }; transactions: unknown[] };
    expect(outcome.block.number).toBe(Number(raw.number));
    expect(outcome.block.hash).toBe(raw.hash);
    expect(outcome.block.gasUsed).toBe(BigInt(raw.gasUsed.hex));
    expect(outcome.block.transactions).toHaveLength(raw.transactions.length);
    expect(outcome.block.hasTransactions).toBe(true);
  });

  it.each([
    ['a network failure', failing, failedToLoadBlock('Network error: No response received from server')],
    ['a 502', fakeFetch(502, '{}'), failedToLoadBlock('Bad gateway: The server received an invalid response')],
  ])('failure message for %s', async (_name, fetchImpl, text) => {
    const outcome = await loadBlock('http://indexer.test', '5', fetchImpl);
    if (outcome.kind !== 'failed') throw new Error(outcome.kind);
    expect(failedToLoadBlock(outcome.message)).toBe(text);
  });

  it.each([
    ['5', 'http://indexer.test/blocks/5'],
    [HASH, `http://indexer.test/blocks/hash/${HASH.toLowerCase()}`],
  ])('asks %s at %s', async (param, url) => {
    const seen: string[] = [];
    await loadBlock('http://indexer.test', param, fakeFetch(404, '{"error":"Block not found"}', seen));
    expect(seen).toEqual([url]);
  });

  it.each(['abc', '-1', '1'.repeat(40), '0x1234'])('never calls the indexer for %j', async (param) => {
    const seen: string[] = [];
    const outcome = await loadBlock('http://indexer.test', param, fakeFetch(200, fixture('blocks_4.json'), seen));
    expect(outcome).toEqual({ kind: 'invalid' });
    expect(seen).toEqual([]);
  });
});

describe('failedToLoadBlock', () => {
  it.each([
    ['Network error: No response received from server', 'Failed to load block details: Network error: No response received from server'],
    ['', 'Failed to load block details: Unknown error'],
    [null, 'Failed to load block details: Unknown error'],
  ])('%j → %j', (message, text) => {
    expect(failedToLoadBlock(message)).toBe(text);
  });
});
