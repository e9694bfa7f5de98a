import { describe, expect, it } from 'vitest';
import { contractFunctions, type ContractFunction } from '../../src/lib/contracts/functions.ts';
import { CONTRACT_VIEW_LABELS, loadInteractInitial, loadProxy, parseContractView, proxyKindLabel } from '../../src/lib/contracts/interact-view.ts';
import { CONTRACT_MESSAGES } from '../../src/lib/contracts/load.ts';
import { INTERACT_MESSAGES, failureText, runRead, type CallFunction } from '../../src/lib/contracts/interact.ts';
import { ApiError, httpError, networkError } from '../../src/lib/indexer-api/errors.ts';
import type { FunctionCall } from '../../src/lib/indexer-api/contracts.ts';
import type { RequestOptions } from '../../src/lib/indexer-api/transport.ts';
import type { AbiEntry, AbiParam, ContractSource, ContractValue } from '../../src/lib/model/types.ts';
import type { ProxyInfo, TypedOutput } from '../../src/lib/model/wire.ts';

// The read/write interface's texts and reads, on the server and in the island.

const ADDRESS = '0x0165878A594ca255338adfa4d48449f69242Eb8F';
const IMPLEMENTATION = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const LOWER_IMPLEMENTATION = IMPLEMENTATION.toLowerCase();
const URL_ = 'http://indexer.test/contracts/x/interact';

function param(type: string, name = '', extra: Partial<AbiParam> = {}): AbiParam {
  return { name, type, ...extra };
}

function entry(type: string, name: string, inputs: AbiParam[], outputs: AbiParam[], stateMutability: string): AbiEntry {
  return { type, name, inputs, outputs, stateMutability, constant: false, anonymous: false };
}

const INFO_OUT = param('tuple', '', {
  internalType: 'struct Playground.Info',
  components: [param('address', 'owner'), param('uint256', 'value'), param('string', 'message'), param('uint256', 'balance')],
});

const ABI: AbiEntry[] = [
  entry('constructor', '', [param('uint256', 'initialValue')], [], 'nonpayable'),
  entry('function', 'add', [param('uint256', 'a'), param('uint256', 'b')], [param('uint256')], 'pure'),
  entry('function', 'getValue', [], [param('uint256')], 'view'),
  entry('function', 'getInfo', [], [INFO_OUT], 'view'),
  entry('function', 'echo', [param('string', 'text')], [param('string')], 'pure'),
  entry('function', 'setValue', [param('uint256', 'newValue')], [], 'nonpayable'),
  entry('function', 'deposit', [], [], 'payable'),
  entry('function', 'f', [param('uint256', 'x')], [param('uint256')], 'view'),
  entry('function', 'f', [param('address', 'who')], [param('uint256')], 'view'),
  entry('event', 'ValueChanged', [param('uint256', 'newValue')], [], ''),
];

const FUNCTIONS = contractFunctions(ABI);
function fn(signature: string): ContractFunction {
  const found = FUNCTIONS.find((f) => f.signature === signature);
  if (!found) throw new Error(`no ${signature}`);
  return found;
}

interface Recorded {
  address: string;
  call: FunctionCall;
  request: RequestOptions | undefined;
}

/** A fake POST /contracts/{a}/interact: records each call, answers `answer` or throws it when it is an Error. */
function fakeCall(answer: { result: ContractValue; outputs: TypedOutput[] } | Error = { result: '5', outputs: [] }): { call: CallFunction; calls: Recorded[] } {
  const calls: Recorded[] = [];
  const call: CallFunction = async (address, c, request) => {
    calls.push({ address, call: c, request });
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { call, calls };
}

describe('INTERACT_MESSAGES', () => {
  it('the spec texts, word for word', () => {
    expect(INTERACT_MESSAGES.selectFunction).toBe('Select a function to interact with the contract');
    expect(INTERACT_MESSAGES.noInputs).toBe("This function doesn't require any inputs");
    expect(INTERACT_MESSAGES.execute('getValue')).toBe('Execute getValue');
    expect(INTERACT_MESSAGES.executing).toBe('Executing...');
    expect(INTERACT_MESSAGES.noProvider).toBe('No Web3 provider detected. Please install MetaMask or another Web3 wallet.');
    expect(INTERACT_MESSAGES.walletError('User rejected the request.')).toBe('Error sending transaction: User rejected the request.');
    expect(CONTRACT_MESSAGES.noInteractAbi).toBe('Contract ABI is not available');
    expect(CONTRACT_MESSAGES.noAbi).toBe('ABI data is not available');
    expect(CONTRACT_MESSAGES.noSource).toBe('No source code available for this contract');
    expect(INTERACT_MESSAGES.inputPlaceholder('uint256')).toBe('Enter uint256 value');
    expect(INTERACT_MESSAGES.inputPlaceholder('Playground.Info')).toBe('Enter Playground.Info value');
  });

  it('the unverified message starts with the Source Code view wording', () => {
    expect(INTERACT_MESSAGES.unverified.startsWith('This contract is not verified')).toBe(true);
  });

  it('the value field is in ETH', () => {
    expect(INTERACT_MESSAGES.valueLabel).toBe('value (ETH)');
  });
});

describe('failureText (Function execution failure)', () => {
  const reverted = httpError(URL_, 500, 'Internal Server Error', { success: false, error: 'Execution reverted: Playground: failure requested' });
  const notVerified = httpError(URL_, 400, 'Bad Request', { message: 'Contract is not verified' });

  it('the address tab: the message, then the server error', () => {
    expect(failureText('tab', reverted)).toBe('Failed to execute function: Server error: The server encountered an internal error - Execution reverted: Playground: failure requested');
    expect(failureText('tab', notVerified)).toBe('Failed to execute function: Bad request: The server could not understand the request - Contract is not verified');
  });

  it('the contract page: one message, the server error first', () => {
    expect(failureText('page', reverted)).toBe('Failed to execute function: Execution reverted: Playground: failure requested');
    expect(failureText('page', notVerified)).toBe('Failed to execute function: Contract is not verified');
  });

  it('without a server error both show the message (the tab does not repeat it)', () => {
    const bare = httpError(URL_, 502, 'Bad Gateway');
    expect(failureText('tab', bare)).toBe('Failed to execute function: Bad gateway: The server received an invalid response');
    expect(failureText('page', bare)).toBe('Failed to execute function: Bad gateway: The server received an invalid response');
    expect(failureText('tab', networkError(URL_))).toBe('Failed to execute function: Network error: No response received from server');
  });

  it('a server error equal to the message is not repeated on the tab', () => {
    const revert = new ApiError({ kind: 'http', message: 'Execution reverted', url: URL_, status: 200, serverMessage: 'Execution reverted' });
    expect(failureText('tab', revert)).toBe('Failed to execute function: Execution reverted');
  });

  it('plain errors and thrown non-errors', () => {
    expect(failureText('tab', new Error('boom'))).toBe('Failed to execute function: boom');
    expect(failureText('page', new Error('boom'))).toBe('Failed to execute function: boom');
    expect(failureText('tab', new Error(''))).toBe('Failed to execute function: Unknown error');
    expect(failureText('page', 'a string')).toBe('Failed to execute function: Unknown error');
    expect(failureText('tab', undefined)).toBe('Failed to execute function: Unknown error');
    expect(failureText('page', { message: 'not an Error' })).toBe('Failed to execute function: Unknown error');
  });
});

describe('runRead', () => {
  const options = { asProxy: false, place: 'tab' as const };

  it('calls the function by name with integers as decimal text, and answers the result', async () => {
    const outputs: TypedOutput[] = [{ name: '', type: 'uint256', value: '18' }];
    const { call, calls } = fakeCall({ result: '18', outputs });
    expect(await runRead(call, ADDRESS, fn('add(uint256,uint256)'), ['2', '0x10'], options)).toEqual({ ok: true, result: '18', outputs });
    expect(calls).toEqual([{ address: ADDRESS, call: { method: 'add', params: ['2', '16'], asProxy: false }, request: {} }]);
  });

  it('integers beyond 2^53 are sent exactly', async () => {
    const { call, calls } = fakeCall();
    await runRead(call, ADDRESS, fn('add(uint256,uint256)'), ['123456789012345678901234567890', '1_000_000_000_000_000_000'], options);
    expect(calls[0]?.call.params).toEqual(['123456789012345678901234567890', '1000000000000000000']);
  });

  it('an overload is called by its signature', async () => {
    const { call, calls } = fakeCall();
    await runRead(call, ADDRESS, fn('f(uint256)'), ['7'], options);
    await runRead(call, ADDRESS, fn('f(address)'), [LOWER_IMPLEMENTATION], options);
    expect(calls.map((c) => c.call)).toEqual([
      { method: 'f(uint256)', params: ['7'], asProxy: false },
      { method: 'f(address)', params: [IMPLEMENTATION], asProxy: false },
    ]);
  });

  it('empty read inputs are sent as 0 and as an empty string', async () => {
    const { call, calls } = fakeCall();
    await runRead(call, ADDRESS, fn('add(uint256,uint256)'), ['', ''], options);
    await runRead(call, ADDRESS, fn('echo(string)'), [''], options);
    expect(calls.map((c) => c.call.params)).toEqual([['0', '0'], ['']]);
  });

  it('asks for the proxy call and passes the abort signal', async () => {
    const { call, calls } = fakeCall();
    const controller = new AbortController();
    await runRead(call, ADDRESS, fn('getValue()'), [], { asProxy: true, place: 'page', signal: controller.signal });
    expect(calls).toEqual([{ address: ADDRESS, call: { method: 'getValue', params: [], asProxy: true }, request: { signal: controller.signal } }]);
  });

  it('passes structured results through', async () => {
    const result = { owner: ADDRESS, value: '5', message: 'hi', balance: '0' };
    const { call } = fakeCall({ result, outputs: [] });
    expect(await runRead(call, ADDRESS, fn('getInfo()'), [], options)).toEqual({ ok: true, result, outputs: [] });
  });

  it('bad inputs are refused without a call, one line per parameter', async () => {
    const { call, calls } = fakeCall();
    expect(await runRead(call, ADDRESS, fn('add(uint256,uint256)'), ['x', '-1'], options)).toEqual({
      ok: false,
      message: 'a (uint256): "x" is not a number (uint256 takes a whole number, decimal or 0x hex)\nb (uint256): uint256 cannot be negative',
    });
    expect(calls).toEqual([]);
  });

  it('a failed call answers the failure text of its place', async () => {
    const error = httpError(URL_, 500, 'Internal Server Error', { error: 'Execution reverted: nope' });
    expect(await runRead(fakeCall(error).call, ADDRESS, fn('getValue()'), [], { asProxy: false, place: 'tab' })).toEqual({
      ok: false,
      message: 'Failed to execute function: Server error: The server encountered an internal error - Execution reverted: nope',
    });
    expect(await runRead(fakeCall(error).call, ADDRESS, fn('getValue()'), [], { asProxy: false, place: 'page' })).toEqual({
      ok: false,
      message: 'Failed to execute function: Execution reverted: nope',
    });
  });
});

describe('parseContractView and proxyKindLabel', () => {
  it.each<[string | null, string]>([
    ['contract', 'contract'],
    ['read', 'read'],
    ['write', 'write'],
    ['readProxy', 'readProxy'],
    ['writeProxy', 'writeProxy'],
    [null, 'contract'],
    ['', 'contract'],
    ['READ', 'contract'],
    ['source', 'contract'],
    ['toString', 'contract'],
  ])('?view=%j → %s', (raw, view) => {
    expect(parseContractView(raw)).toBe(view);
  });

  it('labels of the sub-views', () => {
    expect(CONTRACT_VIEW_LABELS).toEqual({ contract: 'Contract', read: 'Read', write: 'Write', readProxy: 'Read as Proxy', writeProxy: 'Write as Proxy' });
  });

  it.each<[string | null, string]>([
    ['eip1167', 'EIP-1167 minimal proxy'],
    ['eip1967', 'EIP-1967 proxy'],
    ['eip1967-beacon', 'EIP-1967 beacon proxy'],
    ['eip1822', 'EIP-1822 (UUPS) proxy'],
    [null, 'Proxy'],
    ['', 'Proxy'],
    ['gnosis-safe', 'Proxy'],
    ['constructor', 'Proxy'],
    ['toString', 'Proxy'],
  ])('proxyKindLabel(%j) → %s', (kind, label) => {
    expect(proxyKindLabel(kind)).toBe(label);
  });
});

describe('loadInteractInitial (?fn=, ?arg=, ?value=, ?run=1)', () => {
  function client(answer: { result: ContractValue; outputs: TypedOutput[] } | Error = { result: '5', outputs: [] }) {
    const calls: Recorded[] = [];
    return {
      calls,
      callContractFunction: async (address: string, call: FunctionCall, request?: RequestOptions) => {
        calls.push({ address, call, request });
        if (answer instanceof Error) throw answer;
        return answer;
      },
    };
  }
  const base = { mode: 'all' as const, asProxy: false, place: 'tab' as const };
  const query = (text: string) => new URLSearchParams(text);

  it('no ?fn= gives nothing', async () => {
    const c = client();
    expect(await loadInteractInitial(c, ADDRESS, ABI, { ...base, params: query('') })).toBeNull();
    expect(await loadInteractInitial(c, ADDRESS, ABI, { ...base, params: query('fn=&run=1') })).toBeNull();
    expect(c.calls).toEqual([]);
  });

  it('an unknown function gives nothing and calls nothing', async () => {
    const c = client();
    expect(await loadInteractInitial(c, ADDRESS, ABI, { ...base, params: query('fn=nope()&run=1') })).toBeNull();
    expect(await loadInteractInitial(c, ADDRESS, ABI, { ...base, params: query('fn=add&arg=1&arg=2&run=1') })).toBeNull();
    expect(await loadInteractInitial(c, ADDRESS, ABI, { ...base, params: query('fn=ValueChanged(uint256)&run=1') })).toBeNull();
    expect(c.calls).toEqual([]);
  });

  it('a function of the other kind than the view shows gives nothing', async () => {
    const c = client();
    expect(await loadInteractInitial(c, ADDRESS, ABI, { ...base, mode: 'read', params: query('fn=setValue(uint256)') })).toBeNull();
    expect(await loadInteractInitial(c, ADDRESS, ABI, { ...base, mode: 'write', params: query('fn=getValue()&run=1') })).toBeNull();
    expect(c.calls).toEqual([]);
  });

  it('a submitted read is called once with its arguments in order', async () => {
    const c = client({ result: '5', outputs: [{ name: '', type: 'uint256', value: '5' }] });
    const initial = await loadInteractInitial(c, ADDRESS, ABI, { ...base, mode: 'read', params: query('fn=add(uint256%2Cuint256)&arg=3&arg=2&run=1') });
    expect(initial).toEqual({
      signature: 'add(uint256,uint256)',
      args: ['3', '2'],
      value: '',
      outcome: { ok: true, result: '5', outputs: [{ name: '', type: 'uint256', value: '5' }] },
    });
    expect(c.calls).toEqual([{ address: ADDRESS, call: { method: 'add', params: ['3', '2'], asProxy: false }, request: {} }]);
  });

  it('extra ?arg= values beyond the parameters are dropped', async () => {
    const c = client();
    const initial = await loadInteractInitial(c, ADDRESS, ABI, { ...base, params: query('fn=add(uint256,uint256)&arg=1&arg=2&arg=3&run=1') });
    expect(initial?.args).toEqual(['1', '2']);
    expect(c.calls.map((r) => r.call.params)).toEqual([['1', '2']]);
  });

  it('an overload is called by signature, as the proxy when asked', async () => {
    const c = client();
    await loadInteractInitial(c, ADDRESS, ABI, { ...base, asProxy: true, params: query(`fn=f(address)&arg=${LOWER_IMPLEMENTATION}&run=1`) });
    expect(c.calls).toEqual([{ address: ADDRESS, call: { method: 'f(address)', params: [IMPLEMENTATION], asProxy: true }, request: {} }]);
  });

  it('without run=1 the form is filled but nothing is called', async () => {
    const c = client();
    expect(await loadInteractInitial(c, ADDRESS, ABI, { ...base, params: query('fn=add(uint256,uint256)&arg=1&arg=2') })).toEqual({
      signature: 'add(uint256,uint256)',
      args: ['1', '2'],
      value: '',
      outcome: null,
    });
    expect(await loadInteractInitial(c, ADDRESS, ABI, { ...base, params: query('fn=add(uint256,uint256)&arg=1&arg=2&run=true') })).toMatchObject({ outcome: null });
    expect(c.calls).toEqual([]);
  });

  it('a submitted write answers that it needs JavaScript, without calling', async () => {
    const c = client();
    expect(await loadInteractInitial(c, ADDRESS, ABI, { ...base, mode: 'write', params: query('fn=deposit()&value=0.5&run=1') })).toEqual({
      signature: 'deposit()',
      args: [],
      value: '0.5',
      outcome: { ok: false, message: INTERACT_MESSAGES.writeNeedsScript },
    });
    expect(await loadInteractInitial(c, ADDRESS, ABI, { ...base, params: query('fn=setValue(uint256)&arg=7&run=1') })).toMatchObject({
      args: ['7'],
      outcome: { ok: false, message: 'Write functions are sent through your browser wallet, which needs JavaScript: enable it to send transactions.' },
    });
    expect(c.calls).toEqual([]);
  });

  it('bad arguments and failed calls come back as messages', async () => {
    const bad = client();
    expect((await loadInteractInitial(bad, ADDRESS, ABI, { ...base, params: query('fn=f(address)&arg=0x12&run=1') }))?.outcome).toEqual({
      ok: false,
      message: 'who (address): "0x12" is not an address (0x followed by 40 hex characters)',
    });
    expect(bad.calls).toEqual([]);
    const failing = client(httpError(URL_, 400, 'Bad Request', { error: 'Contract is not verified' }));
    expect((await loadInteractInitial(failing, ADDRESS, ABI, { ...base, place: 'page', params: query('fn=getValue()&run=1') }))?.outcome).toEqual({
      ok: false,
      message: 'Failed to execute function: Contract is not verified',
    });
  });
});

describe('loadProxy', () => {
  const IMPL_ABI: AbiEntry[] = [entry('function', 'version', [], [param('string')], 'pure')];
  const IMPL_SOURCE = { contractName: 'PlaygroundV2', sourceCode: 'contract PlaygroundV2 {}', abi: IMPL_ABI } as ContractSource;
  const PROXY: ProxyInfo = { isProxy: true, kind: 'eip1967', implementation: IMPLEMENTATION, implementationVerified: true };

  type Answer<T> = T | Error;
  function client(parts: { proxy: Answer<ProxyInfo | null>; verified?: Answer<boolean>; verification?: Answer<ContractSource | null>; abi?: Answer<AbiEntry[] | null> }) {
    const asked: string[] = [];
    const answer =
      <T,>(name: string, part: Answer<T> | undefined, fallback: T) =>
      async (address: string): Promise<T> => {
        asked.push(`${name} ${address}`);
        if (part instanceof Error) throw part;
        return part === undefined ? fallback : part;
      };
    return {
      asked,
      getContractProxy: answer('proxy', parts.proxy, null),
      getContractVerified: answer('verified', parts.verified, false),
      getContractVerification: answer('verification', parts.verification, null),
      getContractSource: answer<ContractSource | null>('source', undefined, null),
      getContractAbi: answer('abi', parts.abi, null),
    };
  }

  it('not a proxy → null', async () => {
    expect(await loadProxy(client({ proxy: { isProxy: false, kind: null, implementation: null, implementationVerified: false } }), ADDRESS)).toBeNull();
    expect(await loadProxy(client({ proxy: null }), ADDRESS)).toBeNull();
  });

  it('a proxy without a known implementation → null', async () => {
    expect(await loadProxy(client({ proxy: { ...PROXY, implementation: null } }), ADDRESS)).toBeNull();
  });

  it('a failing proxy lookup → null', async () => {
    expect(await loadProxy(client({ proxy: new Error('indexer down') }), ADDRESS)).toBeNull();
  });

  it('a verified implementation gives its ABI and contract name, read at the implementation', async () => {
    const c = client({ proxy: PROXY, verification: IMPL_SOURCE });
    expect(await loadProxy(c, ADDRESS)).toEqual({ info: PROXY, abi: IMPL_ABI, implementationName: 'PlaygroundV2' });
    expect(c.asked).toEqual([`proxy ${ADDRESS}`, `verification ${IMPLEMENTATION}`]);
  });

  it('an implementation the proxy record does not call verified is checked with the verified flag', async () => {
    const c = client({ proxy: { ...PROXY, implementationVerified: false }, verified: true, verification: { ...IMPL_SOURCE, abi: null }, abi: IMPL_ABI });
    expect(await loadProxy(c, ADDRESS)).toEqual({ info: { ...PROXY, implementationVerified: false }, abi: IMPL_ABI, implementationName: 'PlaygroundV2' });
    expect(c.asked).toEqual([`proxy ${ADDRESS}`, `verified ${IMPLEMENTATION}`, `verification ${IMPLEMENTATION}`, `abi ${IMPLEMENTATION}`]);
  });

  it('an unverified implementation gives its address without an ABI', async () => {
    const info = { ...PROXY, kind: 'eip1167', implementationVerified: false };
    const c = client({ proxy: info, verified: false, verification: IMPL_SOURCE });
    expect(await loadProxy(c, ADDRESS)).toEqual({ info, abi: null, implementationName: null });
    expect(c.asked).toEqual([`proxy ${ADDRESS}`, `verified ${IMPLEMENTATION}`]);
  });

  it('a failing verified flag counts as unverified', async () => {
    const info = { ...PROXY, implementationVerified: false };
    expect(await loadProxy(client({ proxy: info, verified: new Error('down'), verification: IMPL_SOURCE }), ADDRESS)).toEqual({ info, abi: null, implementationName: null });
  });

  it('a verified implementation whose source and ABI cannot be read gives no ABI', async () => {
    expect(await loadProxy(client({ proxy: PROXY, verification: new Error('down'), abi: new Error('down') }), ADDRESS)).toEqual({ info: PROXY, abi: null, implementationName: null });
  });
});

describe('which ABI and mode each Contract sub-view uses', () => {
  it('Read and Write use the verified ABI, the proxy views the implementation\'s, Contract none', async () => {
    const { abiForView, viewMode } = await import('../../src/lib/contracts/interact-view.ts');
    const own = [{ type: 'function', name: 'own', inputs: [], outputs: [], stateMutability: 'view', constant: false, anonymous: false }];
    const impl = [{ ...own[0]!, name: 'impl' }];
    const verified = { state: 'verified' as const, source: {} as ContractSource, abi: own };
    const proxy = { info: { isProxy: true, kind: 'eip1967', implementation: '0x1', implementationVerified: true }, abi: impl, implementationName: 'Impl' };
    expect(abiForView('read', verified, proxy)).toBe(own);
    expect(abiForView('write', verified, null)).toBe(own);
    expect(abiForView('read', { state: 'unverified' }, proxy)).toBeNull();
    expect(abiForView('readProxy', { state: 'unverified' }, proxy)).toBe(impl);
    expect(abiForView('writeProxy', verified, null)).toBeNull();
    expect(abiForView('contract', verified, proxy)).toBeNull();
    expect(viewMode('read')).toEqual({ mode: 'read', asProxy: false });
    expect(viewMode('writeProxy')).toEqual({ mode: 'write', asProxy: true });
    expect(viewMode('readProxy')).toEqual({ mode: 'read', asProxy: true });
  });
});
