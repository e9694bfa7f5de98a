import { describe, expect, it } from 'vitest';
import { ApiError, isNotFound } from '../../src/lib/indexer-api/errors.ts';
import {
  CONTRACTS_TIMEOUT_MS,
  GAS_PRICE_TIMEOUT_MS,
  HEALTH_TIMEOUT_MS,
  HOLDERS_TIMEOUT_MS,
  MAIN_CLIENT_TIMEOUT_MS,
  NFT_LIST_TIMEOUT_MS,
  PAYOUT_TIMEOUT_MS,
  RECEIPT_LIST_TIMEOUT_MS,
  RECEIPT_TIMEOUT_MS,
  SECOND_CLIENT_TIMEOUT_MS,
  TPS_TIMEOUT_MS,
  TX_COUNT_TIMEOUT_MS,
  VALIDATORS_TIMEOUT_MS,
  buildUrl,
  createIndexerClient,
  safe,
  type FetchLike,
} from '../../src/lib/indexer-api/client.ts';
import { fixtureText } from '../upstream-fixtures.ts';

const BASE = 'http://indexer.test';
const SEED = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const TUSD = '0x71C95911E9a5D330f4D621842EC243EE1343292e';
const A0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

type Route = [status: number, fixture: string] | [status: number, fixture: null, body: unknown];

interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** A fake fetch serving recorded upstream responses by "METHOD path?query"; unknown routes get the upstream HTML 404. */
function recordedFetch(routes: Record<string, Route>): FetchLike & { calls: Call[] } {
  const calls: Call[] = [];
  const fake = async (input: string, init?: RequestInit): Promise<Response> => {
    const url = new URL(input);
    const method = init?.method ?? 'GET';
    calls.push({ url: input, method, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
    const route = routes[`${method} ${url.pathname}${url.search}`] ?? routes[`${method} ${url.pathname}`];
    if (!route) return new Response(fixtureText('does-not-exist.json'), { status: 404, statusText: 'Not Found' });
    const [status, name] = route;
    const text = name === null ? JSON.stringify(route[2]) : fixtureText(name);
    return new Response(text, { status, statusText: status === 200 ? 'OK' : 'Error', headers: { 'content-type': 'application/json' } });
  };
  return Object.assign(fake, { calls });
}

const never: FetchLike = () => new Promise<Response>(() => {});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('time-outs', () => {
  it.each([
    ['main client', MAIN_CLIENT_TIMEOUT_MS, 15_000],
    ['second client', SECOND_CLIENT_TIMEOUT_MS, 10_000],
    ['receipt, data layer', RECEIPT_TIMEOUT_MS, 1_500],
    ['receipt, lists', RECEIPT_LIST_TIMEOUT_MS, 1_000],
    ['health', HEALTH_TIMEOUT_MS, 2_000],
    ['tps', TPS_TIMEOUT_MS, 2_000],
    ['gas price', GAS_PRICE_TIMEOUT_MS, 2_000],
    ['validators', VALIDATORS_TIMEOUT_MS, 5_000],
    ['payout', PAYOUT_TIMEOUT_MS, 5_000],
    ['transaction count', TX_COUNT_TIMEOUT_MS, 5_000],
    ['contracts', CONTRACTS_TIMEOUT_MS, 5_000],
    ['holders', HOLDERS_TIMEOUT_MS, 8_000],
    ['NFT list', NFT_LIST_TIMEOUT_MS, 10_000],
  ])('%s: %i ms', (_name, value, expected) => {
    expect(value).toBe(expected);
  });

  it('a fetch that never answers times out with kind timeout', async () => {
    const client = createIndexerClient(BASE, { fetch: never, timeoutMs: 20 });
    const started = Date.now();
    const error = await rejection(client.getBlock(4));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'timeout', message: 'Network error: No response received from server' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('a per-call time-out overrides the defaults', async () => {
    const client = createIndexerClient(BASE, { fetch: never });
    const started = Date.now();
    expect(await rejection(client.getTransactions({}, { timeoutMs: 15 }))).toMatchObject({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('an endpoint time-out is shorter than the client default: the receipt gives up after 1.5 s', async () => {
    const client = createIndexerClient(BASE, { fetch: never });
    const started = Date.now();
    expect(await rejection(client.getReceipt('0xab'))).toMatchObject({ kind: 'timeout' });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(1_400);
    expect(elapsed).toBeLessThan(3_000);
  });

  it('a body that never finishes also times out', async () => {
    const stalled: FetchLike = async () => new Response(new ReadableStream({ start: () => {} }), { status: 200 });
    const client = createIndexerClient(BASE, { fetch: stalled, timeoutMs: 20 });
    expect(await rejection(client.getHealth())).toMatchObject({ kind: 'timeout' });
  });

  it("a caller's abort is rethrown as is, not as an indexer error", async () => {
    const client = createIndexerClient(BASE, { fetch: never });
    const controller = new AbortController();
    const pending = client.getBlocks({}, { signal: controller.signal });
    controller.abort();
    const error = await rejection(pending);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('URL building', () => {
  it.each([
    [BASE, '/blocks', { limit: 3, offset: 2 }, `${BASE}/blocks?limit=3&offset=2`],
    [`${BASE}/`, '/health', {}, `${BASE}/health`],
    [`${BASE}/v1//`, '/health', { q: undefined, x: null, y: '' }, `${BASE}/v1/health`],
    ['', '/search', { q: 'Seed Token' }, '/search?q=Seed+Token'],
    ['/api', '/blocks/4', {}, '/api/blocks/4'],
  ])('buildUrl(%j, %j, %j)', (base, path, query, expected) => {
    expect(buildUrl(base, path, query)).toBe(expected);
  });

  it.each([
    ['getBlocks', (c: Client) => c.getBlocks({ limit: 25, offset: 50 }), `${BASE}/blocks?limit=25&offset=50`],
    ['getBlocks with transactions only', (c: Client) => c.getBlocks({ limit: 10, offset: 0, onlyWithTransactions: true }), `${BASE}/blocks?limit=10&offset=0&withTxs=1`],
    ['getTransactions', (c: Client) => c.getTransactions({ limit: 5 }), `${BASE}/transactions?limit=5`],
    ['getAddressTransactions page 3 of 10', (c: Client) => c.getAddressTransactions(A0, { limit: 10, offset: 20 }), `${BASE}/address/${A0}/transactions?limit=10&offset=20`],
    ['getAddressNfts', (c: Client) => c.getAddressNfts(A0, { limit: 5, tokenAddress: SEED }), `${BASE}/address/${A0}/nfts?limit=5&tokenAddress=${SEED}`],
    [
      'getAddressNftTransfers',
      (c: Client) => c.getAddressNftTransfers(A0, { limit: 10, offset: 0, tokenAddress: SEED, tokenType: 'ERC1155' }),
      `${BASE}/address/${A0}/nft-transfers?limit=10&offset=0&tokenAddress=${SEED}&tokenType=ERC1155`,
    ],
    ['getNativeHolders', (c: Client) => c.getNativeHolders({ limit: 100, offset: 0 }), `${BASE}/holders/native?limit=100&offset=0`],
    ['getTokenHolders', (c: Client) => c.getTokenHolders(SEED, { limit: 50, offset: 50 }), `${BASE}/holders/token/${SEED}?limit=50&offset=50`],
    ['getAllHolders', (c: Client) => c.getAllHolders({ limit: 10, minBalance: '1' }), `${BASE}/holders/all?limit=10&minBalance=1`],
    ['getTokenTransfers', (c: Client) => c.getTokenTransfers(SEED, { limit: 30, offset: 0 }), `${BASE}/tokens/${SEED}/transfers?limit=30&offset=0`],
    ['getNftCollections', (c: Client) => c.getNftCollections({ limit: 10, offset: 0 }), `${BASE}/nfts?limit=10&offset=0`],
    ['getContractEvents', (c: Client) => c.getContractEvents(SEED, { fromBlock: 1, toBlock: 17, eventName: 'Transfer' }), `${BASE}/contracts/${SEED}/events?fromBlock=1&toBlock=17&eventName=Transfer`],
    ['getNftCollectionTokens', (c: Client) => c.getNftCollectionTokens(SEED, { limit: 12, offset: 24 }), `${BASE}/nfts/${SEED}/tokens?limit=12&offset=24`],
    ['getNftTokenTransfers', (c: Client) => c.getNftTokenTransfers(SEED, 3, { limit: 10, offset: 0 }), `${BASE}/nfts/${SEED}/3/transfers?limit=10&offset=0`],
    ['getAddressSummary', (c: Client) => c.getAddressSummary(A0), `${BASE}/address/${A0}`],
    ['search trims and encodes', (c: Client) => c.search('  Seed Token&x ', {}), `${BASE}/search?q=Seed+Token%26x`],
    ['path segments are encoded', (c: Client) => c.getBlock('1/../x'), `${BASE}/blocks/1%2F..%2Fx`],
  ])('%s', async (_name, call, expected) => {
    const fetch = recordedFetch({});
    await safe<unknown>(call(createIndexerClient(BASE, { fetch })), null);
    expect(fetch.calls.map((c) => c.url)).toEqual([expected]);
  });

  it('a blank search sends nothing and finds nothing', async () => {
    const fetch = recordedFetch({});
    expect(await createIndexerClient(BASE, { fetch }).search('   ')).toBeNull();
    expect(fetch.calls).toEqual([]);
  });
});

type Client = ReturnType<typeof createIndexerClient>;

describe('recorded upstream responses', () => {
  const fetch = recordedFetch({
    'GET /blocks/4': [200, 'blocks_4.json'],
    'GET /blocks/0': [404, 'blocks_0.json'],
    'GET /blocks/abc': [500, 'blocks_abc.json'],
    'GET /blocks': [200, 'blocks.json'],
    'GET /blocks/hash/0xfedae5203caf9ef239b711f5c6ebc9f597b2e800aa88b239123646a03ae4eb83': [200, 'blocks_hash_0xfedae520.json'],
    'GET /transactions/0xfaeb17f65ad15d458921b1e30d14c700d09cf9412d3b0a004d0544f141b056ed': [200, 'transactions_0xfaeb17f6.json'],
    'GET /transactions/0xabab': [404, 'transactions_0xabababab.json'],
    'GET /transactions/0xb4b6686df104fc22b7d744bfb4b59a7a96672f8695bbb728c647db1e13acd742/receipt': [200, 'transactions_0xb4b6686d_receipt.json'],
    'GET /transactions/0xb4b6686df104fc22b7d744bfb4b59a7a96672f8695bbb728c647db1e13acd742/decoded': [200, 'transactions_0xb4b6686d_decoded.json'],
    'GET /transactions/0xabab/decoded': [500, null, { error: 'Failed to decode transaction', details: 'x', stack: 'y' }],
    'GET /transactions/pending': [200, 'transactions_pending.json'],
    'GET /search?q=4': [200, 'search__q=4.json'],
    'GET /search?q=SEED': [404, 'search__q=SEED.json'],
    'GET /address/0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0/type': [200, 'address_0x9fE46736_type.json'],
    'GET /account/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266/balances': [200, 'account_0xf39Fd6e5_balances.json'],
    'GET /address/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266/token-transfers': [200, 'address_0xf39Fd6e5_token-transfers.json'],
    'GET /tokens/0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0': [200, 'tokens_0x9fE46736.json'],
    'GET /tokens/0x0000000000000000000000000000000000000000': [404, 'tokens_0x00000000.json'],
    'GET /tokens/0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0/holders': [200, 'tokens_0x9fE46736_holders.json'],
    'GET /nfts': [200, 'nfts.json'],
    'GET /nfts/0xB7f8BC63BbcaD18155201308C8f3540b07f84F5e/1': [200, 'nfts_0xB7f8BC63_1.json'],
    'GET /nfts/0xB7f8BC63BbcaD18155201308C8f3540b07f84F5e/4': [404, 'nfts_0xB7f8BC63_4.json'],
    'GET /contracts/0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0/verified': [200, 'contracts_0x9fE46736_verified.json'],
    'GET /contracts/0x71C95911E9a5D330f4D621842EC243EE1343292e/abi': [404, 'contracts_0x71C95911_abi.json'],
    'GET /contracts/0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0/abi': [200, 'contracts_0x9fE46736_abi.json'],
    'GET /contracts/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266': [404, 'contracts_0xf39Fd6e5.json'],
    'GET /stats/contracts/count': [200, 'stats_contracts_count.json'],
    'GET /stats/contracts/erc20/count': [200, 'stats_contracts_erc20_count.json'],
    'GET /stats/contracts/nft/count': [200, 'stats_contracts_nft_count.json'],
    'GET /stats/validators/count': [200, 'stats_validators_count.json'],
    'POST /contracts/0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0/interact': [200, 'POST_contracts_0x9fE46736_interact__name.json'],
    'POST /contracts/0x71C95911E9a5D330f4D621842EC243EE1343292e/interact': [400, 'POST_contracts_0x71C95911_interact__name__unverified.json'],
    'POST /contracts/verify': [400, 'POST_contracts_verify.json'],
  });
  const client = createIndexerClient(BASE, { fetch });

  it('getBlock(4): a block with 4 transactions', async () => {
    const block = await client.getBlock(4);
    expect(block?.transactions).toHaveLength(4);
    expect(block?.transactions[0]?.value).toBe(1_500_000_000_000_000_000n);
  });

  it('getBlock(0): 404 is null (not found)', async () => {
    expect(await client.getBlock(0)).toBeNull();
  });

  it("getBlock('abc'): 500 throws with the server's message kept", async () => {
    const error = await rejection(client.getBlock('abc'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 500, message: 'Server error: The server encountered an internal error', serverMessage: 'Failed to get block' });
  });

  it('getBlockByHash', async () => {
    expect((await client.getBlockByHash('0xfedae5203caf9ef239b711f5c6ebc9f597b2e800aa88b239123646a03ae4eb83'))?.number).toBe(4);
  });

  it('getBlocks filters blocks without transactions when asked', async () => {
    expect(await client.getBlocks({ limit: 10 })).toHaveLength(10);
    expect(await client.getBlocks({ limit: 10, onlyWithTransactions: true })).toEqual([]);
  });

  it('transactions, receipts and decoded calls', async () => {
    expect((await client.getTransaction('0xfaeb17f65ad15d458921b1e30d14c700d09cf9412d3b0a004d0544f141b056ed'))?.value).toBe(1_500_000_000_000_000_000n);
    expect(await client.getTransaction('0xabab')).toBeNull();
    expect((await client.getReceipt('0xb4b6686df104fc22b7d744bfb4b59a7a96672f8695bbb728c647db1e13acd742'))?.status).toBe(true);
    const decoded = await client.getDecodedTransaction('0xb4b6686df104fc22b7d744bfb4b59a7a96672f8695bbb728c647db1e13acd742');
    expect(decoded?.decoded?.functionName).toBe('transfer');
    expect(await safe(client.getDecodedTransaction('0xabab'), null)).toBeNull();
    expect(await client.getPendingTransactions()).toEqual([]);
  });

  it('search: a block, and 404 as no result', async () => {
    expect((await client.search('4'))?.type).toBe('block');
    expect(await client.search('SEED')).toBeNull();
  });

  it('address reads', async () => {
    expect(await client.getAddressType(SEED)).toEqual({ address: SEED, type: 'contract', contractType: 'ERC20' });
    expect((await client.getAccountBalances(A0)).native).toBe(9_998_245_320_884_977_000_000n);
    expect(await client.getAddressTokenTransfers(A0)).toHaveLength(9);
  });

  it('token reads', async () => {
    expect((await client.getToken(SEED))?.symbol).toBe('SEED');
    expect(await client.getToken('0x0000000000000000000000000000000000000000')).toBeNull();
    const holders = await client.getTokenHolderList(SEED);
    expect(holders.totalHolders).toBe(6);
    expect(holders.holders[0]?.balance).toBe('998749.5');
  });

  it('NFT reads', async () => {
    expect((await client.getNftCollections()).map((c) => c.symbol)).toEqual(['SITEM', 'SNFT']);
    expect((await client.getNftToken('0xB7f8BC63BbcaD18155201308C8f3540b07f84F5e', 1))?.name).toBe('Seed Item 1');
    expect(await client.getNftToken('0xB7f8BC63BbcaD18155201308C8f3540b07f84F5e', 4)).toBeNull();
  });

  it('contract reads: 404 as null, verified flag, counts', async () => {
    expect(await client.getContractVerified(SEED)).toBe(true);
    expect(await client.getContractAbi(TUSD)).toBeNull();
    expect(await client.getContractAbi(SEED)).toHaveLength(25);
    expect(await client.getContract(A0)).toBeNull();
    expect(await client.getContractCounts()).toEqual({ totalContracts: 4, erc20Contracts: 2, nftContracts: 2 });
    expect(await client.getValidatorCount()).toBe(4);
  });

  it('interactWithContract posts {method, params, value} and returns the result', async () => {
    expect(await client.interactWithContract(SEED, 'name')).toBe('Seed Token');
    expect(fetch.calls.at(-1)).toMatchObject({ method: 'POST', body: { method: 'name', params: [], value: '0' } });
  });

  it('interactWithContract rethrows a failure with the server error', async () => {
    const error = await rejection(client.interactWithContract(TUSD, 'name'));
    expect(error).toMatchObject({ status: 400, message: 'Bad request: The server could not understand the request', serverMessage: 'Contract is not verified' });
  });

  it('verifyContract posts the spec defaults and rethrows failures with the body', async () => {
    const error = await rejection(client.verifyContract({ address: SEED, sourceCode: 'contract A {}', compilerVersion: '0.8.24', contractName: 'A', libraries: { Math: SEED, '': '' } }));
    expect(fetch.calls.at(-1)?.body).toEqual({
      address: SEED,
      sourceCode: 'contract A {}',
      compilerVersion: '0.8.24',
      contractName: 'A',
      optimizationUsed: false,
      runs: 200,
      constructorArguments: '',
      libraries: { Math: SEED },
      evmVersion: 'cancun',
      license: 'MIT',
    });
    expect(error).toMatchObject({ kind: 'http', status: 400 });
    expect((error as ApiError).serverMessage).toBeTruthy();
  });

  it("an unknown route answers the upstream's HTML 404: null for detail reads, an error for lists", async () => {
    expect(await client.getNftCollection('0x0000000000000000000000000000000000000001')).toBeNull();
    expect(await client.getAddressSummary(A0)).toBeNull();
    const error = await rejection(client.getTokens());
    expect(isNotFound(error)).toBe(true);
    expect((error as ApiError).serverMessage).toBeNull();
  });
});

describe('error mapping through the client', () => {
  it.each([
    [400, 'Bad request: The server could not understand the request'],
    [401, 'Unauthorized: Authentication is required'],
    [403, 'Forbidden: You do not have permission to access this resource'],
    [429, 'Too many requests: Rate limit exceeded'],
    [500, 'Server error: The server encountered an internal error'],
    [502, 'Bad gateway: The server received an invalid response'],
    [503, 'Service unavailable: The server is temporarily unavailable'],
    [504, 'Gateway timeout: The server timed out waiting for a response'],
    [418, "Error 418: I'm a teapot"],
  ])('HTTP %i → %s', async (status, message) => {
    const fetch: FetchLike = async () => new Response('{}', { status, statusText: "I'm a teapot" });
    const error = await rejection(createIndexerClient(BASE, { fetch }).getBlock(1));
    expect(error).toMatchObject({ kind: 'http', status, message });
  });

  it('HTTP 404 on a list read throws a not-found error', async () => {
    const fetch: FetchLike = async () => new Response('{"error":"x"}', { status: 404, statusText: 'Not Found' });
    const error = await rejection(createIndexerClient(BASE, { fetch }).getTransactions());
    expect(error).toMatchObject({ message: 'Not found: The requested resource does not exist' });
    expect(isNotFound(error)).toBe(true);
  });

  it('no response → Network error', async () => {
    const fetch: FetchLike = async () => {
      throw new TypeError('fetch failed');
    };
    const error = await rejection(createIndexerClient(BASE, { fetch }).getBlock(1));
    expect(error).toMatchObject({ kind: 'network', message: 'Network error: No response received from server' });
  });

  it('a bad base URL → Request error', async () => {
    const fetch = recordedFetch({});
    const error = await rejection(createIndexerClient('indexer.test', { fetch }).getBlock(1));
    expect(error).toMatchObject({ kind: 'setup', message: 'Request error: Invalid indexer base URL: indexer.test' });
    expect(fetch.calls).toEqual([]);
  });

  it('an unserialisable body → Request error', async () => {
    const error = await rejection(createIndexerClient(BASE, { fetch: recordedFetch({}) }).proxyRpc({ jsonrpc: '2.0', id: 1, method: 'x', params: [1n] }));
    expect(error).toMatchObject({ kind: 'setup' });
    expect((error as Error).message.startsWith('Request error: ')).toBe(true);
  });

  it.each([
    ['cut short', '{"number": 12, "hash": "0x'],
    ['an HTML page', '<!DOCTYPE html><html><body>Proxy error</body></html>'],
    ['plain text', 'OK'],
  ])('a success whose body is not JSON (%s) is a bad gateway, for detail reads, lists and posts alike', async (_name, body) => {
    const fetch: FetchLike = async () => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
    const client = createIndexerClient(BASE, { fetch });
    const bad = { kind: 'http', status: 502, message: 'Bad gateway: The server received an invalid response' };
    expect(await rejection(client.getBlock(1))).toMatchObject(bad);
    expect(await rejection(client.getTransactions())).toMatchObject(bad);
    expect(await rejection(client.search('0xabc'))).toMatchObject(bad);
    expect(await rejection(client.proxyRpc({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }))).toMatchObject(bad);
  });

  it('an error status with a body that is not JSON keeps its own status (the upstream 404 page is not found)', async () => {
    const fetch: FetchLike = async () => new Response('<!DOCTYPE html><pre>Cannot GET /blocks/x</pre>', { status: 404, statusText: 'Not Found' });
    expect(await createIndexerClient(BASE, { fetch }).getBlock(1)).toBeNull();
  });

  it('a detail read whose body is not the entity is a bad gateway', async () => {
    const fetch: FetchLike = async () => new Response('"ok"', { status: 200 });
    expect(await rejection(createIndexerClient(BASE, { fetch }).getHealth())).toMatchObject({ status: 502 });
  });
});

describe('safe()', () => {
  it('answers the fallback on failure and reports the error', async () => {
    const seen: unknown[] = [];
    const client = createIndexerClient(BASE, { fetch: async () => Promise.reject(new TypeError('down')) });
    expect(await safe(client.getTransactions(), [], (e) => seen.push(e))).toEqual([]);
    expect(await safe(() => client.getTps(), 0)).toBe(0);
    expect(seen[0]).toBeInstanceOf(ApiError);
  });

  it('passes values through', async () => {
    expect(await safe(Promise.resolve(5), 0)).toBe(5);
  });
});

describe('getNetworkStats', () => {
  const statsRoutes: Record<string, Route> = {
    'GET /health': [200, 'health.json'],
    'GET /stats/tps': [200, 'stats_tps.json'],
    'GET /stats/holders': [200, 'stats_holders.json'],
    'GET /stats/validators/payout': [200, 'stats_validators_payout.json'],
    'GET /stats/transactions/count': [200, 'stats_transactions_count.json'],
    'GET /stats/contracts/erc20/count': [200, 'stats_contracts_erc20_count.json'],
    'POST /proxy/rpc': [200, 'POST_proxy_rpc__eth_gasPrice.json'],
  };

  it('combines tps, holders, payout, transaction count and gas price', async () => {
    const fetch = recordedFetch(statsRoutes);
    expect(await createIndexerClient(BASE, { fetch }).getNetworkStats()).toEqual({
      latestBlock: 61,
      totalTransactions: 29,
      totalTransactionsEstimated: false,
      tps: 0,
      gasPriceWei: 0x3b9e58f2n,
      gasPriceGwei: 1.000233202,
      totalHolders: 10,
      validatorsPayout: { raw: 1_206_842_000_000_000n, formatted: '0.001206842' },
      totalTokens: 2,
    });
    expect(fetch.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ jsonrpc: '2.0', method: 'eth_gasPrice', params: [] });
  });

  it('estimates total transactions as 2 × latest block when the count is 0', async () => {
    const fetch = recordedFetch({ ...statsRoutes, 'GET /stats/transactions/count': [200, null, { totalTransactions: 0, latestBlock: 61 }] });
    const stats = await createIndexerClient(BASE, { fetch }).getNetworkStats();
    expect(stats.totalTransactions).toBe(122);
    expect(stats.totalTransactionsEstimated).toBe(true);
  });

  it('degrades every failed part to zero and never throws', async () => {
    const client = createIndexerClient(BASE, { fetch: async () => Promise.reject(new TypeError('down')) });
    expect(await client.getNetworkStats()).toEqual({
      latestBlock: 0,
      totalTransactions: 0,
      totalTransactionsEstimated: true,
      tps: 0,
      gasPriceWei: null,
      gasPriceGwei: null,
      totalHolders: 0,
      validatorsPayout: { raw: 0n, formatted: '0' },
      totalTokens: 0,
    });
  });

  it('getGasPrice answers the RPC error object on failure', async () => {
    const client = createIndexerClient(BASE, { fetch: async () => new Response('nope', { status: 502 }) });
    expect(await client.getGasPrice()).toEqual({ ok: false, error: { code: -32603, message: 'Internal error' } });
  });
});
