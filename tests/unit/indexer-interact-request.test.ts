import { describe, expect, it } from 'vitest';
import { InteractRequest } from '../../indexer/src/api/interact-request.ts';
import { checkBody } from '../../indexer/src/http/body.ts';

describe('InteractRequest', () => {
  it.each<[string, unknown, string]>([
    ['no object', null, 'Request body must be a JSON object'],
    ['a list', [{ method: 'f' }], 'Request body must be a JSON object'],
    ['no function', {}, 'Function name is missing'],
    ['a blank function', { method: '  ' }, 'Function name is missing'],
    ['params that are not a list', { method: 'f', params: 'x' }, 'params must be an array of the arguments in order'],
    ['a fractional value', { method: 'f', value: '0.5' }, 'value must be a whole number of wei'],
    ['a value of another type', { method: 'f', value: true }, 'value must be a whole number of wei'],
    ['a bad block tag', { method: 'f', blockTag: 'yesterday' }, 'blockTag must be a block number or latest'],
    ['a negative block', { method: 'f', blockTag: -1 }, 'blockTag must be a block number or latest'],
    // Several problems: the first in the order the route has always checked them.
    ['no function and bad params', { params: 'x', value: 'y', blockTag: 'z' }, 'Function name is missing'],
    ['bad params and a bad value', { method: 'f', params: 'x', value: 'y' }, 'params must be an array of the arguments in order'],
  ])('refuses %s', (_name, body, message) => {
    expect(checkBody(InteractRequest, body)).toEqual({ ok: false, message });
  });

  it('fills in the defaults: no arguments, no value, the latest block, not as a proxy', () => {
    expect(checkBody(InteractRequest, { method: 'f' })).toEqual({ ok: true, value: { method: 'f', params: [], value: 0n, blockTag: 'latest', asProxy: false } });
  });

  it('takes the upstream name of the function, numbers as values and block tags, and asProxy as text', () => {
    const checked = checkBody(InteractRequest, { functionName: 'g', params: [1, 'a'], value: 12, blockTag: '16', asProxy: 'true' });
    expect(checked).toEqual({ ok: true, value: { method: 'g', params: [1, 'a'], value: 12n, blockTag: '0x10', asProxy: true } });
    expect(checkBody(InteractRequest, { method: 'f', blockTag: 255 })).toMatchObject({ value: { blockTag: '0xff' } });
    expect(checkBody(InteractRequest, { method: 'f', blockTag: 'Finalized' })).toMatchObject({ value: { blockTag: 'finalized' } });
  });
});
