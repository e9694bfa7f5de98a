import { describe, expect, it } from 'vitest';
import { createIndexerClient, type FetchLike } from '../../src/lib/indexer-api/client.ts';
import { checksumAddress, loadAddress, loadTab, TX_COUNT_PROBE, type TabQuery } from '../../src/lib/address/load.ts';
import { fixtureText as fixture } from '../upstream-fixtures.ts';

const BASE = 'http://indexer.test';

type Reply = { status: number; body: unknown } | 'network';

/** Fake indexer: replies by pathname ("/address/0x…/type"); anything else is the upstream HTML 404. */
function fakeFetch(routes: Record<string, Reply>): FetchLike & { urls: string[] } {
  const urls: string[] = [];
  const fake = async (input: string): Promise<Response> => {
    urls.push(input);
    const url = new URL(input);
    const reply = routes[url.pathname];
    if (reply === 'network') throw new TypeError('fetch failed');
    if (!reply) return new Response(fixture('does-not-exist.json'), { status: 404, statusText: 'Not Found' });
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return new Response(text, { status: reply.status, statusText: reply.status === 200 ? 'OK' : 'Error', headers: { 'content-type': 'application/json' } });
  };
  return Object.assign(fake, { urls });
}

const client = (routes: Record<string, Reply>) => {
  const fetch = fakeFetch(routes);
  return { client: createIndexerClient(BASE, { fetch }), fetch };
};

const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const SNFT = '0x0165878A594ca255338adfa4d48449f69242Eb8F';
const A2 = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const ok = (body: unknown): Reply => ({ status: 200, body });

describe('checksumAddress', () => {
  it.each([
    ['0x70997970c51812dc3a010c7d01b50e0d17dc79c8', WALLET],
    ['0x70997970C51812DC3A010C7D01B50E0D17DC79C8', WALLET],
  ])('%s → %s', (input, expected) => {
    expect(checksumAddress(input)).toBe(expected);
  });
});

describe('loadAddress with the bundled indexer (summary route)', () => {
  it.each([
    ['the summary says it', { [`/address/${WALLET}`]: ok({ address: WALLET.toLowerCase(), type: 'wallet', balance: '0', tokens: [], delegatedTo: TOKEN.toLowerCase() }) }, []],
    ['the code says it (an indexer whose summary does not)', {
      [`/address/${WALLET}`]: ok({ address: WALLET.toLowerCase(), type: 'wallet', balance: '0', tokens: [] }),
      '/proxy/rpc': ok({ jsonrpc: '2.0', id: 1, result: `0xef0100${TOKEN.slice(2)}` }),
    }, ['/proxy/rpc']],
    ['malformed code is no delegation', {
      [`/address/${WALLET}`]: ok({ address: WALLET.toLowerCase(), type: 'wallet', balance: '0', tokens: [] }),
      '/proxy/rpc': ok({ jsonrpc: '2.0', id: 1, result: `0xef0100${TOKEN.slice(2, 30)}` }),
    }, ['/proxy/rpc']],
  ] as const)('an account delegated by EIP-7702: %s', async (name, routes, extra) => {
    const { client: c, fetch } = client(routes);
    const load = await loadAddress(c, WALLET);
    expect(load.kind).toBe('ok');
    if (load.kind !== 'ok') return;
    expect(load.view.delegatedTo?.toLowerCase() ?? null).toBe(name.startsWith('malformed') ? null : TOKEN.toLowerCase());
    expect(fetch.urls.map((u) => new URL(u).pathname).filter((p) => p === '/proxy/rpc')).toEqual(extra);
  });

  it('a wallet: balance and counts from the summary, holdings from /account/{a}/balances', async () => {
    const { client: c, fetch } = client({
      [`/address/${WALLET}`]: ok({ address: WALLET.toLowerCase(), type: 'wallet', contractType: null, balance: '9608306004753600000000', transactionCount: 23, tokenCount: 7, nftCount: 6, creatorAddress: null, ownerAddress: null, tokenInfo: null }),
      [`/account/${WALLET}/balances`]: ok({ native: '9608.3060047536', nativeWei: '9608306004753600000000', tokens: [{ contractAddress: TOKEN.toLowerCase(), symbol: 'SGOV', name: 'Sto Governance', rawBalance: '10061790000000000000000', decimals: 18, type: 'ERC20' }] }),
    });
    const load = await loadAddress(c, WALLET.toLowerCase());
    expect(load.kind).toBe('ok');
    if (load.kind !== 'ok') return;
    expect(load.view).toMatchObject({ address: WALLET, type: 'wallet', contractType: 'none', balance: 9608306004753600000000n, transactionCount: 23, nftCount: 6, tokensFailed: false, verified: null });
    expect(load.view.tokens.map((t) => t.symbol)).toEqual(['SGOV']);
    // No verification or contract calls for a wallet.
    expect(fetch.urls.some((u) => u.includes('/contracts/'))).toBe(false);
  });

  it('an ERC-20 contract: token facts, owner, creator and the verification flag', async () => {
    const { client: c } = client({
      [`/address/${TOKEN}`]: ok({ address: TOKEN.toLowerCase(), type: 'contract', contractType: 'ERC20', balance: '0', transactionCount: 194, nftCount: 0, creatorAddress: WALLET.toLowerCase(), ownerAddress: A2.toLowerCase(), tokenInfo: { name: 'Sto Governance', symbol: 'SGOV', decimals: 18, totalSupply: '10000000000000000000000000', holders: 93 } }),
      [`/account/${TOKEN}/balances`]: ok({ native: '0', nativeWei: '0', tokens: [] }),
      [`/contracts/${TOKEN}/verified`]: ok({ verified: true }),
    });
    const load = await loadAddress(c, TOKEN);
    if (load.kind !== 'ok') throw new Error(load.kind);
    expect(load.view).toMatchObject({ type: 'contract', contractType: 'ERC20', verified: true, ownerAddress: A2.toLowerCase(), creatorAddress: WALLET.toLowerCase() });
    expect(load.view.tokenInfo).toMatchObject({ name: 'Sto Governance', symbol: 'SGOV', decimals: 18, totalSupply: 10n ** 25n });
  });

  it('a summary that carries the holdings and the verification is the only call', async () => {
    const { client: c, fetch } = client({
      [`/address/${TOKEN}`]: ok({ address: TOKEN.toLowerCase(), type: 'contract', contractType: 'ERC20', balance: '5', transactionCount: 3, nftCount: 0, verified: true, delegatedTo: null, tokens: [{ contractAddress: TOKEN.toLowerCase(), symbol: 'SGOV', name: 'Sto Governance', rawBalance: '7', decimals: 18, type: 'ERC20' }], tokenInfo: { name: 'Sto Governance', symbol: 'SGOV', decimals: 18, totalSupply: '10', holders: 2 } }),
    });
    const load = await loadAddress(c, TOKEN);
    if (load.kind !== 'ok') throw new Error(load.kind);
    expect(load.view).toMatchObject({ balance: 5n, verified: true, tokensFailed: false });
    expect(load.view.tokens.map((t) => t.symbol)).toEqual(['SGOV']);
    expect(fetch.urls.map((u) => new URL(u).pathname)).toEqual([`/address/${TOKEN}`]);
  });

  it('a summary with an empty holdings list and an unverified contract needs no further call either', async () => {
    const { client: c, fetch } = client({
      [`/address/${SNFT}`]: ok({ address: SNFT, type: 'contract', contractType: 'none', balance: '0', transactionCount: 1, nftCount: 0, verified: false, delegatedTo: null, tokens: [] }),
    });
    const load = await loadAddress(c, SNFT);
    expect(load).toMatchObject({ kind: 'ok', view: { verified: false, tokensFailed: false, tokens: [] } });
    expect(fetch.urls).toHaveLength(1);
  });

  it('a zero owner (renounced, or a proxy that never set one) is no owner', async () => {
    const { client: c } = client({
      [`/address/${TOKEN}`]: ok({ address: TOKEN.toLowerCase(), type: 'contract', contractType: 'none', balance: '0', transactionCount: 1, nftCount: 0, creatorAddress: WALLET.toLowerCase(), ownerAddress: `0x${'0'.repeat(40)}`, tokenInfo: null }),
      [`/contracts/${TOKEN}/verified`]: ok({ verified: false }),
    });
    const load = await loadAddress(c, TOKEN);
    expect(load.kind).toBe('ok');
    if (load.kind !== 'ok') return;
    expect(load.view.ownerAddress).toBeNull();
    expect(load.view.creatorAddress).toBe(WALLET.toLowerCase());
  });

  it('a never-seen address renders with a zero balance (no "not found")', async () => {
    const fresh = '0x1234567890123456789012345678901234567890';
    const { client: c } = client({
      [`/address/${fresh}`]: ok({ address: fresh, type: 'wallet', contractType: null, balance: '0', transactionCount: 0, tokenCount: 0, nftCount: 0, creatorAddress: null, ownerAddress: null, tokenInfo: null }),
      [`/account/${fresh}/balances`]: ok({ native: '0', nativeWei: '0', tokens: [] }),
    });
    const load = await loadAddress(c, fresh);
    expect(load).toMatchObject({ kind: 'ok', view: { balance: 0n, transactionCount: 0, tokens: [] } });
  });

  it('a failed verification check is null (the browser flag decides), failed holdings are marked', async () => {
    const { client: c } = client({
      [`/address/${SNFT}`]: ok({ address: SNFT, type: 'contract', contractType: 'none', balance: '1', transactionCount: 1, nftCount: 0 }),
      [`/account/${SNFT}/balances`]: { status: 500, body: { error: 'boom' } },
      [`/contracts/${SNFT}/verified`]: { status: 500, body: { error: 'boom' } },
    });
    const load = await loadAddress(c, SNFT);
    expect(load).toMatchObject({ kind: 'ok', view: { verified: null, tokensFailed: true, tokens: [] } });
  });

  it.each<[string, Reply, number]>([
    ['a 500', { status: 500, body: { error: 'db down' } }, 502],
    ['a 503', { status: 503, body: { error: 'busy' } }, 503],
    ['no response', 'network', 503],
  ])('the summary failing with %s is an error %i', async (_name, reply, status) => {
    const { client: c } = client({ [`/address/${WALLET}`]: reply });
    expect(await loadAddress(c, WALLET)).toEqual({ kind: 'error', status });
  });
});

describe('loadAddress with the upstream indexer (no summary route)', () => {
  it('composes type, balances (native float in STO), contract details and NFT count', async () => {
    const { client: c } = client({
      [`/address/${SNFT}/type`]: { status: 200, body: fixture('address_0x0165878A_type.json') },
      [`/account/${SNFT}/balances`]: ok({ native: 1.5, tokens: [] }),
      [`/contracts/${SNFT}`]: { status: 200, body: fixture('contracts_0x0165878A.json') },
      [`/contracts/${SNFT}/verified`]: ok({ verified: false }),
      [`/address/${SNFT}/nfts`]: ok([]),
    });
    const load = await loadAddress(c, SNFT);
    if (load.kind !== 'ok') throw new Error(load.kind);
    expect(load.view).toMatchObject({ type: 'contract', contractType: 'ERC721', balance: 1_500_000_000_000_000_000n, transactionCount: null, nftCount: 0, verified: false });
    expect(load.view.ownerAddress).not.toBeNull();
  });

  it('counts the transactions from the recorded list when the indexer gives no count, and asks for 100 of them', async () => {
    const A0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
    const { client: c, fetch } = client({
      [`/address/${A0}/type`]: { status: 200, body: fixture('address_0xf39Fd6e5_type.json') },
      [`/account/${A0}/balances`]: ok({ native: 1, tokens: [] }),
      [`/address/${A0}/transactions`]: { status: 200, body: fixture('address_0xf39Fd6e5_transactions.json') },
    });
    const load = await loadAddress(c, A0);
    if (load.kind !== 'ok') throw new Error(load.kind);
    expect(load.view).toMatchObject({ transactionCount: 10, transactionCountAtLeast: false });
    expect(fetch.urls).toContain(`${BASE}/address/${A0}/transactions?limit=${TX_COUNT_PROBE}&offset=0`);
  });

  it('a full probe is a lower bound (100+), a failed one no count', async () => {
    const tx = JSON.parse(fixture('address_0xf39Fd6e5_transactions.json')) as unknown[];
    const full = client({
      [`/address/${WALLET}/type`]: ok({ address: WALLET, type: 'wallet' }),
      [`/address/${WALLET}/transactions`]: ok(Array.from({ length: TX_COUNT_PROBE }, (_, i) => tx[i % tx.length])),
    });
    expect(await loadAddress(full.client, WALLET)).toMatchObject({ kind: 'ok', view: { transactionCount: TX_COUNT_PROBE, transactionCountAtLeast: true } });
    const failed = client({ [`/address/${WALLET}/type`]: ok({ address: WALLET, type: 'wallet' }), [`/address/${WALLET}/transactions`]: { status: 500, body: { error: 'x' } } });
    expect(await loadAddress(failed.client, WALLET)).toMatchObject({ kind: 'ok', view: { transactionCount: null, transactionCountAtLeast: false } });
  });

  it('reads token holdings from the recorded balances', async () => {
    const { client: c } = client({
      [`/address/${A2}/type`]: ok({ address: A2, type: 'wallet' }),
      [`/account/${A2}/balances`]: { status: 200, body: fixture('account_0x3C44CdDd_balances.json') },
      [`/address/${A2}/nfts`]: { status: 200, body: fixture('address_0x3C44CdDd_nfts.json') },
    });
    const load = await loadAddress(c, A2);
    if (load.kind !== 'ok') throw new Error(load.kind);
    expect(load.view.tokens.map((t) => t.symbol)).toContain('SEED');
    expect(load.view.balance).toBeGreaterThan(0n);
  });

  it("is 'Address not found' only when the type call answers 404 too", async () => {
    const { client: c } = client({
      [`/address/${WALLET}/type`]: { status: 404, body: { error: 'Address not found' } },
      [`/account/${WALLET}/balances`]: ok({ native: 0, tokens: [] }),
    });
    expect(await loadAddress(c, WALLET)).toEqual({ kind: 'not-found' });
  });

  it("a failed type call gives type 'unknown' when the balances still load", async () => {
    const { client: c } = client({
      [`/address/${WALLET}/type`]: { status: 500, body: { error: 'boom' } },
      [`/account/${WALLET}/balances`]: ok({ native: 2, tokens: [] }),
    });
    const load = await loadAddress(c, WALLET);
    expect(load).toMatchObject({ kind: 'ok', view: { type: 'unknown', contractType: 'none', balance: 2n * 10n ** 18n } });
  });

  it('is an error when neither the type nor the balances load', async () => {
    const { client: c } = client({ [`/address/${WALLET}/type`]: 'network', [`/account/${WALLET}/balances`]: 'network' });
    expect(await loadAddress(c, WALLET)).toEqual({ kind: 'error', status: 503 });
  });
});

const query = (page = 1, size = 10, order: 'asc' | 'desc' = 'desc'): TabQuery => ({ paging: { page, size }, nftPaging: { page, size: 12 }, order });

describe('loadTab', () => {
  it('asks for limit = size and offset = (page - 1) × size', async () => {
    const { client: c, fetch } = client({ [`/address/${WALLET}/transactions`]: ok([]) });
    const tab = await loadTab(c, WALLET, 'transactions', query(3, 25));
    expect(tab).toEqual({ tab: 'transactions', items: [], paging: { page: 3, size: 25 } });
    expect(fetch.urls).toEqual([`${BASE}/address/${WALLET}/transactions?limit=25&offset=50`]);
  });

  it('internal transactions: the indexer’s reason when it cannot list them (503), the upstream’s 404 as unavailable, a failure as null', async () => {
    const reason = 'Internal transactions are not available: the node does not trace transactions (debug_traceTransaction with callTracer)';
    const path = `/address/${WALLET}/internal-transactions`;
    const untraced = client({ [path]: { status: 503, body: { error: reason } } }).client;
    expect(await loadTab(untraced, WALLET, 'internal-transactions', query())).toMatchObject({ items: { notice: reason } });
    expect(await loadTab(client({}).client, WALLET, 'internal-transactions', query())).toMatchObject({ items: 'unavailable' });
    const failing = client({ [path]: { status: 500, body: { error: 'x' } } }).client;
    expect(await loadTab(failing, WALLET, 'internal-transactions', query())).toMatchObject({ items: null });
  });

  it('a failed list is null, not an exception', async () => {
    const { client: c } = client({ [`/address/${WALLET}/token-transfers`]: { status: 500, body: { error: 'x' } } });
    expect(await loadTab(c, WALLET, 'token-transfers', query())).toMatchObject({ tab: 'token-transfers', items: null });
  });

  it('NFTs use their own page size', async () => {
    const { client: c, fetch } = client({ [`/address/${WALLET}/nfts`]: ok([]) });
    await loadTab(c, WALLET, 'nfts', query(2));
    expect(fetch.urls).toEqual([`${BASE}/address/${WALLET}/nfts?limit=12&offset=12`]);
  });

  const holder = (n: number) => ({ address: `0x${n.toString(16).padStart(40, '0')}`, balance: String(n * 1000), balanceFormatted: String(n), percentage: n / 100 });

  it('holders: 50 per page, order passed on, rows sorted even if the indexer ignores order', async () => {
    const { client: c, fetch } = client({
      [`/holders/token/${TOKEN}`]: ok({ holders: [holder(3), holder(1), holder(2)], totalHolders: 93, tokenInfo: { name: 'Sto Governance', symbol: 'SGOV', decimals: 3 } }),
    });
    const tab = await loadTab(c, TOKEN, 'holders', query(2, 10, 'asc'));
    if (tab.tab !== 'holders' || !tab.holders) throw new Error('no holders');
    expect(fetch.urls).toEqual([`${BASE}/holders/token/${TOKEN}?limit=50&offset=50&order=asc`]);
    expect(tab.holders.holders.map((h) => h.balance)).toEqual(['1', '2', '3']);
    expect(tab).toMatchObject({ page: 2, order: 'asc' });
  });

  it('holders: a page past the end shows the last page', async () => {
    let calls = 0;
    const fetch: FetchLike = async (input) => {
      calls++;
      const offset = new URL(input).searchParams.get('offset');
      const holders = offset === '50' ? [holder(1)] : [];
      return new Response(JSON.stringify({ holders, totalHolders: 51, tokenInfo: null }), { status: 200 });
    };
    const tab = await loadTab(createIndexerClient(BASE, { fetch }), TOKEN, 'holders', query(9));
    expect(tab).toMatchObject({ tab: 'holders', page: 2 });
    expect(calls).toBe(2);
  });

  it('holders failure is null (the tab says "Failed to load holders data.")', async () => {
    const { client: c } = client({ [`/holders/token/${TOKEN}`]: { status: 500, body: { error: 'x' } } });
    expect(await loadTab(c, TOKEN, 'holders', query())).toMatchObject({ tab: 'holders', holders: null });
  });
});
