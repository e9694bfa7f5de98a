import { describe, expect, it } from 'vitest';
import { toJson } from '../../indexer/src/http/json.ts';

describe('indexer JSON: addresses in checksum form', () => {
  it.each([
    [{ from: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266' }, '{"from":"0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"}'],
    [{ validators: ['0x70997970c51812dc3a010c7d01b50e0d17dc79c8'] }, '{"validators":["0x70997970C51812dc3A010C7d01b50e0d17dc79C8"]}'],
    [{ data: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266' }, '{"data":"0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266"}'],
    [{ topics: ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'] }, '{"topics":["0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266"]}'],
    [{ hash: `0x${'ab'.repeat(32)}` }, `{"hash":"0x${'ab'.repeat(32)}"}`],
    [{ value: '1000', name: 'Token' }, '{"value":"1000","name":"Token"}'],
  ])('%o', (value, text) => {
    expect(toJson(value)).toBe(text);
  });
});
