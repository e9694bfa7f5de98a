// The API's contract held against the API: every described route is called on a devnet-backed indexer and each answer
// must parse with its own schema (api/contract/) and parse to itself (a field the schema does not name is stripped, so
// an undescribed field fails too); bad input is refused with the messages the contract promises; and every route the
// router registers has a contract, or is on the shrinking list of those still written by hand in openapi.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilHandle } from '../../devnet/anvil.ts';
import { runScenario, type ScenarioInfo } from '../../devnet/scenario.ts';
import { startIndexer, type Indexer } from '../../indexer/src/main.ts';
import type { ApiContext } from '../../indexer/src/api/context.ts';
import { CONTRACT_BY_ROUTE, ROUTE_CONTRACTS, routeKey } from '../../indexer/src/api/contract/index.ts';
import { buildRouter } from '../../indexer/src/api/routes.ts';
import { freshStorage } from './backend.ts';

/**
 * Routes without a contract yet, still described by hand in indexer/src/api/openapi.ts. The list only shrinks: a route
 * that gains a contract must leave it (the guard below fails otherwise), and a new route must come with a contract.
 */
const NOT_YET_DESCRIBED = [
  'GET /token-logos',
  'GET /token-logos/{file}',
  'GET /admin/login-failures',
  'GET /openapi.json',
  'GET /metrics',
  'GET /events',
  'GET /transactions/{hash}',
  'GET /transactions/{hash}/receipt',
  'GET /transactions/{hash}/decoded',
  'GET /transactions/{hash}/revert-reason',
  'GET /transactions/{hash}/internal-calls',
  'GET /address/{address}/internal-transactions',
  'GET /address/{address}/approvals',
  'GET /tokens/{address}/series/{name}',
  'GET /stats/series/{name}',
  'GET /stats/summary',
  'GET /stats/gas',
  'GET /contracts/{address}',
  'GET /contracts/{address}/proxy',
  'GET /contracts/{address}/functions-from-bytecode',
  'GET /contracts/{address}/creation',
  'GET /contracts/{address}/verified',
  'GET /contracts/compilers',
  'GET /contracts/{address}/abi',
  'GET /contracts/{address}/source',
  'GET /contracts/{address}/verification',
  'GET /contracts/{address}/events',
  'GET /search',
  'POST /admin/token-logos/{address}',
  'POST /admin/sessions',
  'POST /admin/sessions/{idHash}/touch',
  'POST /admin/sessions/{idHash}/end',
  'POST /admin/login-failures',
  'POST /admin/login-failures/clear',
  'POST /contracts/{address}/interact',
  'POST /proxy/rpc',
  'POST /contracts/verify',
];

describe('every registered route has a contract', () => {
  // Registering routes touches no database or node, so a context of stubs is enough.
  const ctx = { db: {}, rpc: {}, sync: () => ({}), ipfsGateway: 'https://ipfs.io/ipfs/' } as unknown as ApiContext;
  const registered = buildRouter(ctx).routes().map(routeKey);

  it.each(registered)('%s', (route) => {
    const described = CONTRACT_BY_ROUTE.has(route);
    const listed = NOT_YET_DESCRIBED.includes(route);
    expect(described || listed, `${route} has no contract (api/contract/) and is not on NOT_YET_DESCRIBED`).toBe(true);
    expect(described && listed, `${route} has a contract: take it off NOT_YET_DESCRIBED`).toBe(false);
  });

  it('lists on NOT_YET_DESCRIBED only registered routes, and describes only registered routes', () => {
    expect(NOT_YET_DESCRIBED.filter((r) => !registered.includes(r))).toEqual([]);
    expect(ROUTE_CONTRACTS.map(routeKey).filter((r) => !registered.includes(r))).toEqual([]);
  });
});

let anvil: AnvilHandle;
let info: ScenarioInfo;
let indexer: Indexer;
let dir: string;

beforeAll(async () => {
  anvil = await startAnvil();
  info = await runScenario(anvil.url, { scale: 1 });
  dir = mkdtempSync(join(tmpdir(), 'indexer-contract-'));
  indexer = await startIndexer({ rpcUrl: anvil.url, ...(await freshStorage(dir)), port: 0, log: () => {}, progress: false });
  await indexer.caughtUp();
});

afterAll(async () => {
  await indexer?.stop();
  await anvil?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The JSON answer of a GET, with its status. */
async function get(path: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(indexer.url + path);
  return { status: res.status, body: (await res.json()) as unknown };
}

/** A request of the contract test: a GET by its path, or a POST with its body (a form when it is URLSearchParams). */
type Sample = string | { path: string; body: unknown };

/** The JSON answer of a sample request, with its status. */
async function send(sample: Sample): Promise<{ status: number; body: unknown }> {
  if (typeof sample === 'string') return get(sample);
  const form = sample.body instanceof URLSearchParams;
  const res = await fetch(indexer.url + sample.path, {
    method: 'POST',
    headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
    body: form ? String(sample.body) : JSON.stringify(sample.body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

/** Where `full` has a field that `parsed` (what the schema kept of it) lacks, as paths. */
function unnamed(full: unknown, parsed: unknown, at = ''): string[] {
  if (full === null || typeof full !== 'object' || parsed === null || typeof parsed !== 'object') return [];
  const kept = parsed as Record<string, unknown>;
  return Object.entries(full).flatMap(([k, v]) => (k in kept ? unnamed(v, kept[k], `${at}.${k}`) : [`${at}.${k}`]));
}

/**
 * The requests that exercise each described route, built once the scenario has run: lists empty and full, details of
 * the first, an early and the last block. A described route without requests fails below.
 */
async function samples(): Promise<Record<string, Sample[]>> {
  const latest = (await get('/blocks?limit=1')).body as { hash: string }[];
  const head = latest[0]?.hash ?? '';
  // Every kind of token: the ERC-20s (18, 6 and 0 decimals), the NFT collections, the ERC-1155.
  const tokenAddresses = [...info.tokens.map((t) => t.address), ...info.nfts.map((n) => n.address), info.erc1155.address];
  // Every kind of address: the deployer (creator of everything), a holder, a producer, contracts, one never seen.
  const addresses = [info.deployer, info.holders[0] ?? '', info.validators[0] ?? '', ...tokenAddresses, info.playground.address, `0x${'7'.repeat(40)}`];
  const collections = [...info.nfts.map((n) => n.address), info.erc1155.address];
  // The first items of each collection, read from the API (the scenario's ids differ by collection).
  const items: [string, string][] = [];
  for (const c of collections) {
    for (const item of ((await get(`/nfts/${c}/tokens?limit=3`)).body as { tokenId: string }[])) items.push([c, item.tokenId]);
  }
  const tails: [string, string][] = [
    ['GET /address/{address}', ''],
    ['GET /address/{address}/type', '/type'],
    ['GET /address/{address}/transactions', '/transactions?limit=100'],
    ['GET /address/{address}/tokens', '/tokens'],
    ['GET /address/{address}/token-transfers', '/token-transfers?limit=100'],
    ['GET /address/{address}/nft-transfers', '/nft-transfers?limit=100'],
    ['GET /address/{address}/contracts', '/contracts'],
    ['GET /address/{address}/nfts', '/nfts?limit=100'],
  ];
  const addressRoutes: Record<string, Sample[]> = Object.fromEntries(tails.map(([route, tail]) => [route, addresses.map((a) => `/address/${a}${tail}`)]));
  return {
    'GET /health': ['/health'],
    'GET /livez': ['/livez'],
    'GET /readyz': ['/readyz'],
    'GET /changes': ['/changes?since=0', `/changes?since=${info.lastBlock - 1}`, `/changes?since=${info.lastBlock + 1000}`],
    'GET /blocks': ['/blocks', '/blocks?limit=100&withTxs=1', '/blocks?offset=10000000'],
    'GET /blocks/{number}': ['/blocks/0', `/blocks/${info.firstBlock + 1}`, `/blocks/${info.lastBlock}`],
    'GET /blocks/hash/{hash}': [`/blocks/hash/${head}`],
    'GET /transactions': ['/transactions', '/transactions?limit=100&offset=5'],
    'GET /transactions/pending': ['/transactions/pending'],
    'GET /stats/tps': ['/stats/tps'],
    'GET /stats/holders': ['/stats/holders'],
    'GET /stats/transactions/count': ['/stats/transactions/count'],
    'GET /stats/contracts/count': ['/stats/contracts/count'],
    'GET /stats/contracts/erc20/count': ['/stats/contracts/erc20/count'],
    'GET /stats/contracts/nft/count': ['/stats/contracts/nft/count'],
    'GET /stats/validators/count': ['/stats/validators/count'],
    'GET /stats/validators/payout': ['/stats/validators/payout'],
    'GET /holders/native': ['/holders/native', '/holders/native?limit=3&offset=2'],
    'GET /holders/all': ['/holders/all', '/holders/all?minBalance=0.5', '/holders/all?minBalance=99999999'],
    'GET /holders/token/{address}': [`/holders/token/${info.holderToken.address}`, `/holders/token/${info.nfts[0]?.address ?? ''}?order=asc`, `/holders/token/${info.erc1155.address}`],
    'GET /holders/stats': ['/holders/stats'],
    'GET /api': [
      `/api?module=account&action=balance&address=${info.deployer}`,
      `/api?module=account&action=txlist&address=${info.deployer}&page=1&offset=5`,
      `/api?module=account&action=txlist&address=${info.holders[0] ?? ''}&startblock=99999999`,
      '/api?module=proxy&action=eth_blockNumber',
      '/api?module=proxy&action=eth_getBlockByNumber&tag=0x1&boolean=true',
      '/api?module=block&action=getblockreward&blockno=2',
      '/api?module=stats&action=ethsupply',
      '/api?module=nope&action=balance',
      '/api?module=account&action=balance&address=0x12',
    ],
    'POST /api': [
      { path: '/api', body: new URLSearchParams({ module: 'account', action: 'balance', address: info.deployer }) },
      { path: '/api', body: { module: 'proxy', action: 'eth_chainId' } },
      { path: '/api', body: { module: 'contract', action: 'verifysourcecode' } },
    ],
    ...addressRoutes,
    'GET /account/{address}/balances': addresses.map((a) => `/account/${a}/balances`),
    'GET /nfts': ['/nfts', '/nfts?sort=trending', '/nfts?sort=new&limit=1'],
    'GET /nfts/{collection}': collections.map((c) => `/nfts/${c}`),
    'GET /nfts/{collection}/tokens': collections.flatMap((c) => [`/nfts/${c}/tokens?limit=100`, `/nfts/${c}/tokens?sort=trending`]),
    'GET /nfts/{collection}/{tokenId}': items.map(([c, id]) => `/nfts/${c}/${id}`),
    'GET /nfts/{collection}/{tokenId}/transfers': items.map(([c, id]) => `/nfts/${c}/${id}/transfers`),
    'GET /tokens': ['/tokens', '/tokens?type=erc721', '/tokens?type=ERC1155&limit=1'],
    'GET /tokens/{address}': [...tokenAddresses.map((a) => `/tokens/${a}`)],
    'GET /tokens/{address}/transfers': tokenAddresses.map((a) => `/tokens/${a}/transfers?limit=100`),
    'GET /tokens/{address}/holders': [...tokenAddresses.map((a) => `/tokens/${a}/holders`), `/tokens/${info.holderToken.address}/holders?order=asc&offset=3`],
  };
}

describe('every described route answers what its contract says', () => {
  it('for every request of every described route', async () => {
    const requests = await samples();
    const failures: string[] = [];
    for (const contract of ROUTE_CONTRACTS) {
      const paths = requests[routeKey(contract)];
      if (!paths?.length) {
        failures.push(`${routeKey(contract)}: no sample request`);
        continue;
      }
      for (const sample of paths) {
        const path = typeof sample === 'string' ? sample : `POST ${sample.path} ${JSON.stringify(String(sample.body))}`;
        const { status, body } = await send(sample);
        if (status !== 200) {
          failures.push(`${path}: status ${status} ${JSON.stringify(body).slice(0, 200)}`);
          continue;
        }
        const parsed = contract.answer.safeParse(body);
        if (!parsed.success) failures.push(`${path}: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`);
        // Parsing strips the fields a schema does not name: an answer with more than its contract says differs here.
        else if (JSON.stringify(parsed.data) !== JSON.stringify(body)) failures.push(`${path}: fields the contract does not name: ${unnamed(body, parsed.data).slice(0, 5).join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('holds lists that are not empty (so the item schemas were tried)', async () => {
    for (const path of ['/blocks', '/transactions', '/stats/validators/count']) {
      const { body } = await get(path);
      expect(JSON.stringify(body).length, path).toBeGreaterThan(100);
    }
  });
});

describe('bad input is refused with the messages the contract reads with', () => {
  it.each([
    ['/blocks/abc', 'Invalid block number'],
    ['/blocks/1.5', 'Invalid block number'],
    ['/blocks/99999999999999999999', 'Invalid block number'],
    ['/blocks/hash/0x1234', 'Invalid block hash'],
    ['/blocks?withTxs=maybe', 'Invalid withTxs: must be 1, 0, true or false'],
    ['/blocks?limit=abc', 'Invalid limit: must be an integer'],
    ['/blocks?limit=0&offset=-1', 'Invalid limit: must be between 1 and 100'],
    ['/blocks?offset=-1&withTxs=maybe', 'Invalid offset: must be between 0 and 10000000'],
    ['/transactions?limit=101', 'Invalid limit: must be between 1 and 100'],
    ['/transactions/pending?offset=1.5', 'Invalid offset: must be an integer'],
    ['/changes', 'Invalid since: must be a block number'],
    ['/changes?since=', 'Invalid since: must be a block number'],
    ['/changes?since=-1', 'Invalid since: must be a block number'],
    ['/holders/all?minBalance=-3', 'Invalid minBalance: must be a non-negative decimal amount of STO'],
    ['/holders/all?limit=0&minBalance=x', 'Invalid limit: must be between 1 and 100'],
    ['/holders/native?limit=101', 'Invalid limit: must be between 1 and 100'],
    ['/address/0x123/transactions', 'Invalid address'],
    ['/address/0x123/transactions?limit=0', 'Invalid address'],
    [`/address/0x${'1'.repeat(40)}/token-transfers?tokenType=ERC999`, 'Invalid tokenType: must be one of ERC20, ERC721, ERC1155'],
    [`/address/0x${'1'.repeat(40)}/nft-transfers?tokenType=ERC20`, 'Invalid tokenType: must be one of ERC721, ERC1155'],
    [`/address/0x${'1'.repeat(40)}/nft-transfers?tokenAddress=0x1`, 'Invalid tokenAddress: must be an address'],
    [`/address/0x${'1'.repeat(40)}/tokens?limit=101`, 'Invalid limit: must be between 1 and 100'],
    ['/account/0xzz/balances', 'Invalid address'],
    ['/nfts?sort=TOP', 'Invalid sort: must be one of trending, top, new'],
    ['/nfts/0x12/tokens?sort=hot', 'Invalid sort: must be one of trending, top, new'],
    ['/nfts/0x12/abc', 'Invalid token id'],
    ['/nfts/0x12/1', 'Invalid address'],
    ['/nfts/0x12/abc/transfers?limit=0', 'Invalid token id'],
    ['/nfts/0x12/1/transfers?limit=0', 'Invalid limit: must be between 1 and 100'],
    [`/address/0x${'1'.repeat(40)}/nfts?tokenAddress=nope`, 'Invalid tokenAddress: must be an address'],
    ['/tokens?type=ERC777', 'Invalid type: must be one of ERC20, ERC721, ERC1155'],
    ['/tokens/0x12', 'Invalid address'],
    ['/tokens/0x12/transfers?limit=0', 'Invalid limit: must be between 1 and 100'],
    ['/tokens/0x12/holders?order=up', 'Invalid order: must be one of asc, desc'],
    ['/tokens/0x12/holders?order=asc', 'Invalid address'],
    ['/holders/token/0x12?order=sideways', 'Invalid address'],
    ['/holders/token/0x0000000000000000000000000000000000000000?order=sideways', 'Invalid order: must be one of asc, desc'],
  ])('%s → 400 %s', async (path, message) => {
    expect(await get(path)).toEqual({ status: 400, body: { error: message } });
  });

  it('reads the first of repeated query values, as URLSearchParams.get does', async () => {
    expect((await get('/blocks?limit=0&limit=5')).status).toBe(400);
    expect(((await get('/blocks?limit=2&limit=0')).body as unknown[]).length).toBe(2);
  });
});
