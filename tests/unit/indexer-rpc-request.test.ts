import { describe, expect, it } from 'vitest';
import { RpcBatch, RpcCall, rpcErrorCode } from '../../indexer/src/api/rpc-request.ts';
import { checkBody } from '../../indexer/src/http/body.ts';

describe('POST /proxy/rpc bodies', () => {
  it.each<[string, unknown, string, number]>([
    ['no body', undefined, 'Invalid Request', -32600],
    ['a number', 7, 'Invalid Request', -32600],
    ['a list as a call', [[]], 'Invalid Request', -32600],
    ['another JSON-RPC version', { jsonrpc: '1.0', method: 'eth_chainId' }, 'Invalid Request', -32600],
    ['no method', { jsonrpc: '2.0', id: 1 }, 'Invalid Request', -32600],
    ['a method that is no text', { jsonrpc: '2.0', method: 1 }, 'Invalid Request', -32600],
    ['params that are no list', { jsonrpc: '2.0', method: 'eth_getBalance', params: { a: 1 } }, 'Invalid params', -32602],
    ['null params', { method: 'eth_getBalance', params: null }, 'Invalid params', -32602],
    ['a method that writes', { jsonrpc: '2.0', method: 'eth_sendRawTransaction', params: ['0x'] }, 'Method not found: eth_sendRawTransaction is not allowed', -32601],
    ['a long method name (cut to 64 characters)', { method: 'x'.repeat(100) }, `Method not found: ${'x'.repeat(64)} is not allowed`, -32601],
    // Several problems: the first in the order the proxy has always checked them.
    ['bad params and a method that is not allowed', { method: 'eth_sendTransaction', params: 'x' }, 'Invalid params', -32602],
    ['a bad version and bad params', { jsonrpc: 1, method: 'eth_call', params: 'x' }, 'Invalid Request', -32600],
  ])('refuses %s', (_name, body, message, code) => {
    expect(checkBody(RpcCall, body)).toEqual({ ok: false, message });
    expect(rpcErrorCode(message)).toBe(code);
  });

  it('reads a call: the version may be left out, params default to none', () => {
    expect(checkBody(RpcCall, { jsonrpc: '2.0', id: 3, method: 'eth_getBalance', params: ['0x1', 'latest'] })).toEqual({ ok: true, value: { jsonrpc: '2.0', method: 'eth_getBalance', params: ['0x1', 'latest'] } });
    expect(checkBody(RpcCall, { method: 'eth_chainId' })).toEqual({ ok: true, value: { method: 'eth_chainId', params: [] } });
  });

  it.each<[string, unknown[], string]>([
    ['an empty batch', [], 'Invalid Request: empty batch'],
    ['a batch of 101 calls', Array.from({ length: 101 }, () => ({ method: 'eth_chainId' })), 'Invalid Request: more than 100 calls'],
  ])('refuses %s', (_name, body, message) => {
    expect(checkBody(RpcBatch, body)).toEqual({ ok: false, message });
    expect(rpcErrorCode(message)).toBe(-32600);
  });

  it('takes batches of 1 to 100 calls, each read on its own later', () => {
    expect(checkBody(RpcBatch, [1])).toEqual({ ok: true, value: [1] });
    expect(checkBody(RpcBatch, Array.from({ length: 100 }, () => ({})))).toMatchObject({ ok: true });
  });
});
