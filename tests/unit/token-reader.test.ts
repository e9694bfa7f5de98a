import { describe, expect, it } from 'vitest';
import { createIndexerClient, type FetchLike } from '../../src/lib/indexer-api/client.ts';
import { tokenReader } from '../../src/lib/transactions/load.ts';
import { fixtureText } from '../upstream-fixtures.ts';

// A bug this guards against: a transaction's ERC-20 transfer read 'Unknown Token (TOKEN)' against the chain operator's indexer, which
// knows the token (/tokens/{a}) while its RPC proxy fails (it speaks https only). The reader asks the indexer's record
// first and reads what it lacks with the spec's eth_call selectors (name 0x06fdde03, symbol 0x95d89b41, decimals
// 0x313ce567) through POST /proxy/rpc.

const BASE = 'http://indexer.test';
const SEED = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';

const abiString = (text: string) => {
  const hex = Buffer.from(text, 'utf8').toString('hex');
  return `0x${(32).toString(16).padStart(64, '0')}${text.length.toString(16).padStart(64, '0')}${hex.padEnd(64, '0')}`;
};
const abiUint = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

/** An indexer answering /tokens/{a} with `token` (a 404 when null) and eth_call with `chain` (a 500 when null). */
function client(token: string | null, chain: Record<string, string> | null) {
  const calls: string[] = [];
  const fetch: FetchLike = async (input, init) => {
    const url = new URL(input);
    if (init?.method === 'POST' && url.pathname === '/proxy/rpc') {
      const body = JSON.parse(typeof init.body === 'string' ? init.body : '{}') as { id: number; params: [{ data: string }] };
      const selector = body.params[0].data;
      calls.push(`eth_call ${selector}`);
      if (chain === null) return new Response(JSON.stringify({ error: 'Proxy error' }), { status: 500 });
      const result = chain[selector];
      return Response.json(result === undefined ? { jsonrpc: '2.0', id: body.id, error: { code: 3, message: 'execution reverted' } } : { jsonrpc: '2.0', id: body.id, result });
    }
    calls.push(`GET ${url.pathname}`);
    if (url.pathname.toLowerCase() === `/tokens/${SEED.toLowerCase()}` && token !== null) return new Response(token, { headers: { 'content-type': 'application/json' } });
    return Response.json({ error: 'Token not found' }, { status: 404 });
  };
  return { read: tokenReader(createIndexerClient(BASE, { fetch })), calls };
}

const CHAIN = { '0x06fdde03': abiString('Chain Name'), '0x95d89b41': abiString('CHN'), '0x313ce567': abiUint(6) };

describe('tokenReader: the indexer record first, eth_call through /proxy/rpc for what it lacks', () => {
  it("names the operator indexer's token from its recorded record, with no proxy call (the proxy is down)", async () => {
    const { read, calls } = client(fixtureText('tokens_0x9fE46736.json'), null);
    expect(await read(SEED)).toEqual({ name: 'Seed Token', symbol: 'SEED', decimals: 18 });
    expect(calls.some((c) => c.startsWith('eth_call'))).toBe(false);
  });

  it('reads name, symbol and decimals with the three selectors when the indexer does not know the token', async () => {
    const { read, calls } = client(null, CHAIN);
    expect(await read(SEED)).toEqual({ name: 'Chain Name', symbol: 'CHN', decimals: 6 });
    expect(calls.filter((c) => c.startsWith('eth_call')).sort()).toEqual(['eth_call 0x06fdde03', 'eth_call 0x313ce567', 'eth_call 0x95d89b41']);
  });

  it("keeps the record's name and decimals and reads the symbol the record lacks", async () => {
    const { read } = client(JSON.stringify({ address: SEED, name: 'Named Only', decimals: 9 }), CHAIN);
    expect(await read(SEED)).toEqual({ name: 'Named Only', symbol: 'CHN', decimals: 9 });
  });

  it("falls back to the spec's defaults when neither answers", async () => {
    const { read } = client(null, null);
    expect(await read(SEED)).toEqual({ name: 'Unknown Token', symbol: 'TOKEN', decimals: 18 });
  });

  it('takes each field the chain answers and defaults the reverted ones', async () => {
    const { read } = client(null, { '0x95d89b41': abiString('ONLY') });
    expect(await read(SEED)).toEqual({ name: 'Unknown Token', symbol: 'ONLY', decimals: 18 });
  });
});
