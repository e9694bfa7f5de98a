import { AbiCoder, encodeBytes32String } from 'ethers';
import { describe, expect, it } from 'vitest';
import { RPC_INTERNAL_ERROR, ethCall, getGasPrice, type JsonRpcRequest } from '../../src/lib/indexer-api/rpc.ts';
import { TOKEN_SELECTORS, decodeStringResult, readTokenDecimals, readTokenMeta, readTokenName, readTokenSymbol } from '../../src/lib/indexer-api/token-meta.ts';
import { createTransport, type Transport } from '../../src/lib/indexer-api/transport.ts';
import { fixtureJson as fixture } from '../upstream-fixtures.ts';

const SEED = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const coder = AbiCoder.defaultAbiCoder();

/**
 * An indexer transport whose POST /proxy/rpc answers by method and call data (an Error is a failed request), recording
 * every JSON-RPC body it was sent.
 */
function transport(answer: (body: JsonRpcRequest) => unknown): Transport & { requests: JsonRpcRequest[] } {
  const requests: JsonRpcRequest[] = [];
  const t = createTransport('http://indexer.test', {
    fetch: async (input, init) => {
      if (new URL(input).pathname !== '/proxy/rpc' || init?.method !== 'POST') return Response.json({ error: 'Not found' }, { status: 404 });
      const body = JSON.parse(typeof init.body === 'string' ? init.body : 'null') as JsonRpcRequest;
      requests.push(body);
      const value = answer(body);
      if (value instanceof Error) throw value;
      return new Response(typeof value === 'string' ? value : JSON.stringify(value), { headers: { 'content-type': 'application/json' } });
    },
  });
  return Object.assign(t, { requests });
}

const ok = (result: unknown) => ({ jsonrpc: '2.0', id: 1, result });
const INTERNAL = { ok: false, error: { code: -32603, message: 'Internal error' } };

describe('eth_call reads', () => {
  it('name() from the recorded eth_call answer, sent with [{to, data}, "latest"]', async () => {
    const t = transport(() => fixture('POST_proxy_rpc__eth_call.json'));
    expect(await readTokenName(t, SEED)).toEqual({ ok: true, value: 'Seed Token' });
    expect(t.requests[0]).toMatchObject({ jsonrpc: '2.0', method: 'eth_call', params: [{ to: SEED, data: '0x06fdde03' }, 'latest'] });
  });

  it('uses the spec selectors', () => {
    expect(TOKEN_SELECTORS).toEqual({ name: '0x06fdde03', symbol: '0x95d89b41', decimals: '0x313ce567' });
  });

  it('symbol() of a legacy bytes32 token', async () => {
    const t = transport(() => ok(encodeBytes32String('MKR')));
    expect(await readTokenSymbol(t, SEED)).toEqual({ ok: true, value: 'MKR' });
    expect(t.requests[0]?.params[0]).toEqual({ to: SEED, data: '0x95d89b41' });
  });

  it('decimals()', async () => {
    const t = transport(() => ok(coder.encode(['uint8'], [6])));
    expect(await readTokenDecimals(t, SEED)).toEqual({ ok: true, value: 6 });
    expect(t.requests[0]?.params[0]).toEqual({ to: SEED, data: '0x313ce567' });
  });

  it.each([
    ['a reverted call', () => fixture('POST_proxy_rpc__eth_call__eth-call-revert.json')],
    ['an empty result', () => ok('0x')],
    ['a network failure', () => new Error('Network error: No response received from server')],
    ['a non-JSON-RPC answer', () => '<html>'],
    ['an undecodable result', () => ok('0x1234')],
  ])('%s gives {code: -32603, message: "Internal error"}', async (_name, answer) => {
    expect(await readTokenName(transport(answer), SEED)).toEqual(INTERNAL);
  });

  it('decimals above 255 are an error', async () => {
    expect(await readTokenDecimals(transport(() => ok(coder.encode(['uint256'], [300]))), SEED)).toEqual(INTERNAL);
  });

  it('ethCall passes the raw hex through', async () => {
    expect(await ethCall(transport(() => ok('0xabcd')), SEED, '0x01')).toEqual({ ok: true, value: '0xabcd' });
  });

  it('the error object constant', () => {
    expect(RPC_INTERNAL_ERROR).toEqual({ code: -32603, message: 'Internal error' });
  });
});

describe('decodeStringResult', () => {
  it.each([
    ['ABI string', coder.encode(['string'], ['Seed Token']), 'Seed Token'],
    ['bytes32', encodeBytes32String('DAI'), 'DAI'],
    ['32 full bytes', `0x${'41'.repeat(32)}`, 'A'.repeat(32)],
    ['short garbage', '0x1234', null],
  ])('%s', (_name, hex, expected) => {
    expect(decodeStringResult(hex)).toBe(expected);
  });
});

describe('readTokenMeta', () => {
  it('reads all three', async () => {
    const t = transport((body) => {
      const data = (body.params[0] as { data: string }).data;
      if (data === TOKEN_SELECTORS.name) return ok(coder.encode(['string'], ['Test USD']));
      if (data === TOKEN_SELECTORS.symbol) return ok(coder.encode(['string'], ['TUSD']));
      return ok(coder.encode(['uint8'], [6]));
    });
    expect(await readTokenMeta(t, SEED)).toEqual({ name: 'Test USD', symbol: 'TUSD', decimals: 6 });
  });

  it('falls back to Unknown Token, TOKEN and 18', async () => {
    expect(await readTokenMeta(transport(() => new Error('down')), SEED)).toEqual({ name: 'Unknown Token', symbol: 'TOKEN', decimals: 18 });
  });
});

describe('eth_gasPrice', () => {
  it('POST_proxy_rpc__eth_gasPrice.json → wei', async () => {
    const t = transport(() => fixture('POST_proxy_rpc__eth_gasPrice.json'));
    expect(await getGasPrice(t)).toEqual({ ok: true, value: 0x3b9e58f2n });
    expect(t.requests[0]).toMatchObject({ method: 'eth_gasPrice', params: [] });
  });

  it.each([
    ['an error answer', () => ({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'x' } })],
    ['garbage', () => ok('fast')],
    ['a thrown error', () => new Error('timeout')],
  ])('%s gives the internal error', async (_name, answer) => {
    expect(await getGasPrice(transport(answer))).toEqual(INTERNAL);
  });
});
