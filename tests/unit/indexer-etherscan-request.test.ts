import { describe, expect, it } from 'vitest';
import { EtherscanActionRequest as EtherscanAction, etherscanParameters } from '../../indexer/src/api/etherscan/contract-request.ts';
import { checkBody } from '../../indexer/src/http/body.ts';

const ADDRESS = `0x${'Ab'.repeat(20)}`;
const LOWER = ADDRESS.toLowerCase();
const read = (query: string, body?: unknown) => etherscanParameters(new URLSearchParams(query), body);

describe('Etherscan-style /api parameters', () => {
  it('takes the query and the body together: a form or a JSON body wins, values trimmed, each source\'s first value', () => {
    expect({ ...read('module=contract&action=getabi&address=x', new URLSearchParams(`address=${ADDRESS}&address=y`)) }).toEqual({ module: 'contract', action: 'getabi', address: ADDRESS });
    expect({ ...read('action=getabi&module=a&module=b', { address: ` ${ADDRESS} `, runs: 200 }) }).toEqual({ module: 'a', action: 'getabi', address: ADDRESS });
    // An empty form field still wins over the query, as a form's value always has.
    expect(read('guid=abc', new URLSearchParams('guid='))['guid']).toBe('');
    // A body that cannot be read adds nothing.
    expect({ ...read('module=contract', Symbol('invalid JSON')) }).toEqual({ module: 'contract' });
  });

  it('matches names whatever their case, the first of them winning (MetaMask sends startBlock)', () => {
    expect({ ...read('startBlock=5&STARTBLOCK=6&Module=account') }).toEqual({ startblock: '5', module: 'account' });
    expect({ ...read('sourcecode=a', new URLSearchParams('sourceCode=b&SourceCode=c')) }).toEqual({ sourcecode: 'b' });
  });

  it.each<[string, string, unknown, string]>([
    ['no action', 'module=contract', undefined, 'Error! Missing Or invalid Action name'],
    ['an unknown action', 'module=contract&action=getlogs', undefined, 'Error! Missing Or invalid Action name'],
    ['getabi without an address', 'action=getabi', undefined, 'Invalid Address format'],
    ['getsourcecode with a short address', 'action=getsourcecode&address=0x12', undefined, 'Invalid Address format'],
    ['a submission without an address', 'action=verifysourcecode', new URLSearchParams('sourceCode=x'), 'Invalid contract address'],
    ['a submission with a bad address', 'action=verifysourcecode', new URLSearchParams('contractaddress=0xzz'), 'Invalid contract address'],
  ])('refuses %s', (_name, query, body, message) => {
    expect(checkBody(EtherscanAction, read(query, body))).toEqual({ ok: false, message });
  });

  it('reads getabi, getsourcecode and checkverifystatus', () => {
    expect(checkBody(EtherscanAction, read(`action=getabi&address=${ADDRESS}`))).toEqual({ ok: true, value: { action: 'getabi', address: LOWER } });
    expect(checkBody(EtherscanAction, read(`action=getsourcecode&address=${ADDRESS}`))).toEqual({ ok: true, value: { action: 'getsourcecode', address: LOWER } });
    expect(checkBody(EtherscanAction, read('action=checkverifystatus&guid=abc'))).toEqual({ ok: true, value: { action: 'checkverifystatus', guid: 'abc' } });
    expect(checkBody(EtherscanAction, read('action=checkverifystatus'))).toEqual({ ok: true, value: { action: 'checkverifystatus', guid: '' } });
  });

  it('reads a submission as the verification request POST /contracts/verify takes', () => {
    const form = new URLSearchParams({
      action: 'verifysourcecode',
      contractaddress: ADDRESS,
      sourceCode: 'contract A {}',
      contractname: 'A.sol:A',
      compilerversion: 'v0.8.24+commit.e11b9ed9',
      optimizationUsed: '1',
      runs: '200',
      constructorArguements: '00',
      evmversion: 'default',
      licenseType: '3',
      libraryname1: 'L',
      libraryaddress1: 'ab'.repeat(20),
      libraryname2: 'M',
    });
    expect(checkBody(EtherscanAction, read('module=contract', form))).toEqual({
      ok: true,
      value: {
        action: 'verifysourcecode',
        address: LOWER,
        request: {
          address: ADDRESS,
          sourceCode: 'contract A {}',
          compilerVersion: 'v0.8.24+commit.e11b9ed9',
          contractName: 'A.sol:A',
          optimizationUsed: true,
          runs: '200',
          constructorArguments: '00',
          license: 'MIT',
          libraries: { L: `0x${'ab'.repeat(20)}` },
        },
      },
    });
  });

  it('leaves out what a submission does not say, and keeps a licence it does not number', () => {
    const checked = checkBody(EtherscanAction, read(`action=verifysourcecode&address=${ADDRESS}&licenseType=GPL-3.0&evmversion=paris`));
    expect(checked).toMatchObject({ ok: true, value: { request: { address: ADDRESS, license: 'GPL-3.0', evmVersion: 'paris', libraries: {} } } });
    if (checked.ok && checked.value.action === 'verifysourcecode') {
      expect(checked.value.request).not.toHaveProperty('runs');
      expect(checked.value.request).not.toHaveProperty('optimizationUsed');
    }
  });
});
