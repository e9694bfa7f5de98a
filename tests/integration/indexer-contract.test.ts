// The API's contract held against the API: every described route is called on a devnet-backed indexer and each answer
// must parse with its own schema (api/contract/) and parse to itself (a field the schema does not name is stripped, so
// an undescribed field fails too); bad input is refused with the messages the contract promises; and every route the
// router registers has a contract. Answers other than 200 that a sample asks for are held against the contract's
// otherAnswers, else the {error} body; answers that are not JSON (the event stream, the metrics, a logo's bytes) are held
// to their media type.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilHandle } from '../../devnet/anvil.ts';
import { runScenario, type ScenarioInfo } from '../../devnet/scenario.ts';
import { startIndexer, type Indexer } from '../../indexer/src/main.ts';
import type { ApiContext } from '../../indexer/src/api/context.ts';
import { CONTRACT_BY_ROUTE, ROUTE_CONTRACTS, routeKey } from '../../indexer/src/api/contract/index.ts';
import { ETHERSCAN_RESULTS, etherscanResult } from '../../indexer/src/api/contract/etherscan-results.ts';
import { etherscanCatalog } from '../../indexer/src/api/etherscan/index.ts';
import { buildRouter } from '../../indexer/src/api/routes.ts';
import * as z from 'zod';
import { devnetCompilerVersion, devnetStandardJsonInput } from '../../devnet/verification.ts';
import type { RouteContract } from '../../indexer/src/api/contract/route.ts';
import { encodePng } from '../../src/lib/server/png.ts';
import { CHAIN_SERIES_NAMES } from '../../indexer/src/stats/read.ts';
import { freshStorage } from './backend.ts';

describe('every registered route has a contract', () => {
  // Registering routes touches no database or node, so a context of stubs is enough.
  const ctx = { db: {}, rpc: {}, sync: () => ({}), ipfsGateway: 'https://ipfs.io/ipfs/' } as unknown as ApiContext;
  const registered = buildRouter(ctx).routes().map(routeKey);

  it.each(registered)('%s', (route) => {
    expect(CONTRACT_BY_ROUTE.has(route), `${route} has no contract (api/contract/)`).toBe(true);
  });

  it('describes the result of every Etherscan-compatible action, and of no other', () => {
    const described = Object.entries(ETHERSCAN_RESULTS).flatMap(([module, actions]) => Object.keys(actions).map((action) => `${module}.${action}`));
    expect(described.sort()).toEqual(etherscanCatalog().map((e) => `${e.module}.${e.action}`).sort());
  });

  it('describes only registered routes, each once', () => {
    expect(ROUTE_CONTRACTS.map(routeKey).filter((r) => !registered.includes(r))).toEqual([]);
    expect(CONTRACT_BY_ROUTE.size).toBe(ROUTE_CONTRACTS.length);
  });
});

let anvil: AnvilHandle;
let info: ScenarioInfo;
let indexer: Indexer;
let dir: string;

/** The verification submitted through the Etherscan API in beforeAll: the request, its answer and its GUID. */
let forge: { sample: Sample; answer: Awaited<ReturnType<typeof send>>; guid: string };

/** The admin routes' bearer token; every request carries it (it also opens /metrics and lifts the rate limits). */
const ADMIN = 'contract-test-admin-token';

/** A verification of the first ERC-20 with the devnet's standard JSON input (solc-js, a few seconds). */
function tokenVerification(): Record<string, unknown> {
  return { address: info.tokens[0]?.address ?? '', compilerVersion: devnetCompilerVersion(), contractName: 'Token.sol:Token', standardJsonInput: devnetStandardJsonInput() };
}

beforeAll(async () => {
  anvil = await startAnvil();
  info = await runScenario(anvil.url, { scale: 1 });
  dir = mkdtempSync(join(tmpdir(), 'indexer-contract-'));
  indexer = await startIndexer({
    rpcUrl: anvil.url,
    ...(await freshStorage(dir)),
    port: 0,
    log: () => {},
    progress: false,
    adminToken: ADMIN,
    verify: { download: false },
  });
  await indexer.caughtUp();
  // A verified contract, so that its source, ABI and metadata answer 200 and its functions can be called.
  const verified = await send({ path: '/contracts/verify', body: tokenVerification() });
  if (verified.status !== 200) throw new Error(`verification failed: ${JSON.stringify(verified.body).slice(0, 300)}`);
  // A verification submitted as forge submits it, polled until it has passed (checkverifystatus is sampled then).
  const sample: Sample = { path: '/api', body: etherscanSubmission(info.tokens[1]?.address ?? '') };
  const answer = await send(sample);
  const guid = String((answer.body as { result?: unknown }).result);
  forge = { sample, answer, guid };
  for (let i = 0; i < 400; i++) {
    const poll = await send(`/api?module=contract&action=checkverifystatus&guid=${guid}`);
    if ((poll.body as { result?: unknown }).result !== 'Pending in queue') break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // A logo, so that /token-logos lists one and serves its bytes.
  const logo = await send({ path: `/admin/token-logos/${info.tokens[0]?.address ?? ''}`, body: { data: PNG.toString('base64') } });
  if (logo.status !== 200) throw new Error(`logo upload failed: ${JSON.stringify(logo.body)}`);
}, 300_000);

afterAll(async () => {
  await indexer?.stop();
  await anvil?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A 2×2 PNG. */
const PNG = encodePng(2, 2, new Uint8Array(2 * 2 * 4).fill(200));

/** The JSON answer of a GET, with its status. */
async function get(path: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(indexer.url + path, { headers: { authorization: `Bearer ${ADMIN}` } });
  return { status: res.status, body: (await res.json()) as unknown };
}

/**
 * A request of the contract test: a GET by its path, or a request with a body (a POST; a form when it is
 * URLSearchParams), with the status it is to be answered with when that is not 200.
 */
type Sample = string | { path: string; body?: unknown; status?: number };

/** The answer of a sample request: its status, media type and body (parsed when JSON, else its text). */
async function send(sample: Sample): Promise<{ status: number; type: string; body: unknown }> {
  const { path, body } = typeof sample === 'string' ? { path: sample, body: undefined } : sample;
  const form = body instanceof URLSearchParams;
  const headers: Record<string, string> = { authorization: `Bearer ${ADMIN}` };
  if (body !== undefined) headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
  const abort = new AbortController();
  const res = await fetch(indexer.url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    signal: abort.signal,
    ...(body === undefined ? {} : { body: form ? String(body) : JSON.stringify(body) }),
  });
  const type = res.headers.get('content-type') ?? '';
  // The event stream stays open: its head is what can be checked.
  if (type.startsWith('text/event-stream')) {
    abort.abort();
    return { status: res.status, type, body: '' };
  }
  return { status: res.status, type, body: type.startsWith('application/json') ? ((await res.json()) as unknown) : await res.text() };
}

/** Where `full` has a field that `parsed` (what the schema kept of it) lacks, as paths. */
function unnamed(full: unknown, parsed: unknown, at = ''): string[] {
  if (full === null || typeof full !== 'object' || parsed === null || typeof parsed !== 'object') return [];
  const kept = parsed as Record<string, unknown>;
  return Object.entries(full).flatMap(([k, v]) => (k in kept ? unnamed(v, kept[k], `${at}.${k}`) : [`${at}.${k}`]));
}

/** The {error} body of an ordinary refusal. */
const ERROR_BODY = z.object({ error: z.string() });

/** The schema and media types an answer of `status` is held to, or null when the contract does not say the route answers it. */
function expected(contract: RouteContract, status: number): { schema: z.ZodType; types: readonly string[] } | null {
  if (status === 200) {
    const types = contract.mediaType === undefined ? ['application/json'] : typeof contract.mediaType === 'string' ? [contract.mediaType] : contract.mediaType;
    return { schema: contract.answer, types };
  }
  const other = contract.otherAnswers?.[status];
  if (other !== undefined) return 'mediaType' in other ? { schema: other.answer, types: [other.mediaType] } : { schema: other, types: ['application/json'] };
  const documented = (status === 400 && contract.badInput !== false) || (status === 404 && (contract.notFound || contract.path.includes('{'))) || (contract.errors ?? []).includes(status);
  return documented ? { schema: ERROR_BODY, types: ['application/json'] } : null;
}

/** A transaction's hashes of every kind the scenario sends, and the newest ones. */
async function transactionHashes(): Promise<string[]> {
  const latest = ((await get('/transactions?limit=20')).body as { hash: string }[]).map((t) => t.hash);
  const t = info.txTypes;
  const kinds = (Object.values(info.samples) as unknown[]).map(String);
  const special: string[] = [t.setCodeTx, t.skippedSetCodeTx, t.pingTx, t.blobTx, info.factory.makeTx, info.decoding.registry.grantTx, info.decoding.mystery.settleTx];
  return [...new Set([...kinds, ...special, ...latest])];
}

/**
 * The requests that exercise each described route, built once the scenario has run: lists empty and full, details of
 * the first, an early and the last block. A described route without requests fails below.
 */
async function samples(): Promise<{ requests: Record<string, Sample[]>; answered: [string, Sample, Awaited<ReturnType<typeof send>>][] }> {
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
  const txs = await transactionHashes();
  const verified = info.tokens[0]?.address ?? '';
  // Contracts of every kind: tokens, collections, the playground, its proxy, the factory and its child.
  const contracts = [...tokenAddresses, info.playground.address, info.proxy.address, info.factory.address, info.factory.child];
  const firstDay = new Date(info.startTimestamp * 1000).toISOString().slice(0, 10);
  const lastDay = new Date(info.endTimestamp * 1000).toISOString().slice(0, 10);
  const holder = info.holders[0] ?? '';
  // The verification submitted in beforeAll, as forge submits it: its answer is checked with the others.
  const answered: [string, Sample, Awaited<ReturnType<typeof send>>][] = [['POST /api', forge.sample, forge.answer]];
  const guid = forge.guid;
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
  const requests: Record<string, Sample[]> = {
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
      ...[
        `module=account&action=balance&address=${info.deployer}`,
        `module=account&action=balancemulti&address=${info.deployer},${holder}`,
        `module=account&action=txlist&address=${info.deployer}&page=1&offset=5`,
        `module=account&action=txlist&address=${holder}&startblock=99999999`,
        `module=account&action=txlistinternal&txhash=${info.factory.makeTx}`,
        `module=account&action=txlistinternal&address=${info.factory.address}`,
        `module=account&action=txlistinternal&startblock=${info.firstBlock}&endblock=${info.lastBlock}&offset=100`,
        `module=account&action=tokentx&address=${info.deployer}&offset=100`,
        `module=account&action=tokennfttx&contractaddress=${collections[0] ?? ''}&offset=100`,
        `module=account&action=token1155tx&contractaddress=${info.erc1155.address}&offset=100`,
        `module=account&action=tokenbalance&contractaddress=${verified}&address=${info.deployer}`,
        `module=account&action=getminedblocks&address=${info.validators[0] ?? ''}&offset=20`,
        `module=contract&action=getabi&address=${verified}`,
        `module=contract&action=getsourcecode&address=${verified}`,
        `module=contract&action=getsourcecode&address=${info.playground.address}`,
        `module=contract&action=getcontractcreation&contractaddresses=${verified},${info.factory.child}`,
        `module=contract&action=checkverifystatus&guid=${guid}`,
        `module=transaction&action=getstatus&txhash=${info.samples.reverted}`,
        `module=transaction&action=getstatus&txhash=${info.samples.plainTransfer}`,
        `module=transaction&action=gettxreceiptstatus&txhash=${info.samples.reverted}`,
        'module=block&action=getblockreward&blockno=2',
        `module=block&action=getblockcountdown&blockno=${info.lastBlock + 1000}`,
        `module=block&action=getblocknobytime&timestamp=${info.startTimestamp + 100}&closest=before`,
        `module=logs&action=getLogs&address=${verified}&fromBlock=0&toBlock=latest&offset=100`,
        'module=proxy&action=eth_blockNumber',
        'module=proxy&action=eth_getBlockByNumber&tag=0x1&boolean=true',
        'module=proxy&action=eth_getBlockTransactionCountByNumber&tag=0x2',
        `module=proxy&action=eth_getTransactionByHash&txhash=${info.samples.erc20Transfer}`,
        'module=proxy&action=eth_getTransactionByBlockNumberAndIndex&tag=0x2&index=0x0',
        `module=proxy&action=eth_getTransactionReceipt&txhash=${info.samples.erc20Transfer}`,
        `module=proxy&action=eth_call&to=${verified}&data=0x06fdde03`,
        `module=proxy&action=eth_getCode&address=${verified}`,
        `module=proxy&action=eth_getStorageAt&address=${verified}&position=0x0`,
        'module=proxy&action=eth_gasPrice',
        `module=proxy&action=eth_estimateGas&to=${holder}&value=0x1&from=${info.deployer}`,
        `module=proxy&action=eth_getTransactionCount&address=${info.deployer}`,
        'module=stats&action=ethsupply',
        'module=stats&action=ethprice',
        `module=stats&action=tokensupply&contractaddress=${verified}`,
        ...['dailytx', 'dailynewaddress', 'dailygasused', 'dailyavggasprice', 'dailytxnfee', 'dailyavgblocktime', 'dailyavgblocksize', 'dailyblkcount', 'dailyblockrewards'].map(
          (action) => `module=stats&action=${action}&startdate=${firstDay}&enddate=${lastDay}`,
        ),
        `module=token&action=tokeninfo&contractaddress=${verified}`,
        `module=token&action=tokenholderlist&contractaddress=${info.holderToken.address}&offset=100`,
        `module=token&action=tokenholdercount&contractaddress=${verified}`,
        'module=gastracker&action=gasoracle',
        `module=gastracker&action=gasestimate&gasprice=${10n ** 12n}`,
        'module=nope&action=balance',
        'module=account&action=balance&address=0x12',
        'module=proxy&action=eth_sendRawTransaction&hex=0x12',
      ].map((q) => `/api?${q}`),
    ],
    'POST /api': [
      { path: '/api', body: new URLSearchParams({ module: 'account', action: 'balance', address: info.deployer }) },
      { path: '/api', body: { module: 'proxy', action: 'eth_chainId' } },
      { path: '/api', body: { module: 'contract', action: 'verifysourcecode' } },
      { path: '/api', body: new URLSearchParams({ module: 'contract', action: 'getabi', address: info.playground.address }) },
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
    'GET /transactions/{hash}': txs.map((h) => `/transactions/${h}`),
    'GET /transactions/{hash}/receipt': txs.map((h) => `/transactions/${h}/receipt`),
    'GET /transactions/{hash}/decoded': txs.map((h) => `/transactions/${h}/decoded`),
    'GET /transactions/{hash}/revert-reason': txs.map((h) => `/transactions/${h}/revert-reason`),
    'GET /transactions/{hash}/internal-calls': [info.factory.makeTx, info.samples.plainTransfer, info.samples.reverted].map((h) => `/transactions/${h}/internal-calls`),
    'GET /address/{address}/internal-transactions': [info.deployer, info.factory.address, info.factory.child, info.playground.address].map((a) => `/address/${a}/internal-transactions?limit=100`),
    'GET /address/{address}/approvals': [info.approvals.owner, info.deployer, `0x${'7'.repeat(40)}`].map((a) => `/address/${a}/approvals?limit=100`),
    'GET /stats/series/{name}': [...CHAIN_SERIES_NAMES.map((n) => `/stats/series/${n}`), `/stats/series/transactions?from=${firstDay}&to=${firstDay}`],
    'GET /tokens/{address}/series/{name}': ['transfers', 'holders'].map((n) => `/tokens/${info.holderToken.address}/series/${n}`),
    'GET /stats/summary': ['/stats/summary'],
    'GET /stats/gas': ['/stats/gas'],
    'GET /contracts/{address}': contracts.map((a) => `/contracts/${a}`),
    'GET /contracts/{address}/creation': contracts.map((a) => `/contracts/${a}/creation`),
    'GET /contracts/{address}/verified': contracts.map((a) => `/contracts/${a}/verified`),
    'GET /contracts/{address}/abi': [`/contracts/${verified}/abi`, { path: `/contracts/${info.playground.address}/abi`, status: 404 }],
    'GET /contracts/{address}/source': [`/contracts/${verified}/source`, { path: `/contracts/${info.playground.address}/source`, status: 404 }],
    'GET /contracts/{address}/verification': [`/contracts/${verified}/verification`, { path: `/contracts/${info.playground.address}/verification`, status: 404 }],
    'GET /contracts/compilers': ['/contracts/compilers'],
    'POST /contracts/verify': [
      { path: '/contracts/verify', body: tokenVerification() },
      { path: '/contracts/verify', body: { address: verified }, status: 400 },
      { path: '/contracts/verify', body: { ...tokenVerification(), contractName: 'Token.sol:Missing' }, status: 400 },
    ],
    'GET /contracts/{address}/proxy': [info.proxy.address, verified, info.deployer].map((a) => `/contracts/${a}/proxy`),
    'GET /contracts/{address}/functions-from-bytecode': [info.playground.address, info.proxy.address, info.decoding.mystery.address].map((a) => `/contracts/${a}/functions-from-bytecode`),
    'POST /contracts/{address}/interact': [
      { path: `/contracts/${verified}/interact`, body: { method: 'name' } },
      { path: `/contracts/${verified}/interact`, body: { method: 'balanceOf', params: [info.deployer] } },
      { path: `/contracts/${verified}/interact`, body: { method: 'transfer', params: [info.deployer, '1'] } },
      { path: `/contracts/${verified}/interact`, body: { method: 'nope' }, status: 400 },
      { path: `/contracts/${info.playground.address}/interact`, body: { method: 'getValue' }, status: 400 },
      { path: '/contracts/0x12/interact', body: { method: 'name' }, status: 400 },
    ],
    'GET /contracts/{address}/events': [
      ...contracts.map((a) => `/contracts/${a}/events?limit=100`),
      `/contracts/${verified}/events?eventName=Transfer&fromBlock=${info.firstBlock}&toBlock=${info.lastBlock}`,
    ],
    'GET /search': [
      `/search?q=${info.firstBlock + 1}`,
      `/search?q=${head}`,
      `/search?q=${txs[0] ?? ''}`,
      `/search?q=${info.deployer}`,
      `/search?q=${info.tokens[0]?.address ?? ''}`,
      `/search?q=${encodeURIComponent(info.tokens[0]?.symbol ?? '')}`,
      `/search?q=${encodeURIComponent(`${collections[0] ?? ''} ${items[0]?.[1] ?? '1'}`)}`,
      '/search?q=o',
      { path: '/search?q=nothing-has-this-name', status: 404 },
    ],
    'GET /token-logos': ['/token-logos'],
    'GET /token-logos/{file}': [`/token-logos/${verified}.png`, { path: `/token-logos/${verified}.svg`, status: 404 }],
    'POST /admin/token-logos/{address}': [
      { path: `/admin/token-logos/${verified}`, body: { data: PNG.toString('base64'), uploadedBy: 'contract test' } },
      { path: `/admin/token-logos/${verified}`, body: { data: Buffer.from('GIF89a').toString('base64') }, status: 422 },
    ],
    'POST /admin/sessions': [{ path: '/admin/sessions', body: { idHash: SESSION, username: 'admin', idleMs: 60_000 } }],
    'POST /admin/sessions/{idHash}/touch': [
      { path: `/admin/sessions/${SESSION}/touch`, body: { idleMs: 60_000 } },
      { path: `/admin/sessions/${'0'.repeat(64)}/touch`, body: { idleMs: 60_000 }, status: 404 },
    ],
    'POST /admin/sessions/{idHash}/end': [{ path: `/admin/sessions/${SESSION}/end`, body: {} }],
    'GET /admin/login-failures': ['/admin/login-failures?client=1.2.3.4&windowMs=60000', { path: '/admin/login-failures?client=1.2.3.4', status: 400 }],
    'POST /admin/login-failures': [{ path: '/admin/login-failures', body: { client: '1.2.3.4', windowMs: 60_000 } }],
    'POST /admin/login-failures/clear': [{ path: '/admin/login-failures/clear', body: { client: '1.2.3.4' } }],
    'POST /proxy/rpc': [
      { path: '/proxy/rpc', body: { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' } },
      { path: '/proxy/rpc', body: [{ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, { jsonrpc: '2.0', id: 'b', method: 'debug_traceTransaction', params: [] }] },
      { path: '/proxy/rpc', body: { jsonrpc: '2.0', id: 2, method: 'eth_getBalance', params: [info.deployer, 'latest'] } },
      { path: '/proxy/rpc', body: { id: 3 }, status: 400 },
    ],
    'GET /events': ['/events', `/events?address=${info.deployer}&token=${verified}`, { path: '/events?address=0x1', status: 400 }],
    'GET /openapi.json': ['/openapi.json'],
    'GET /metrics': ['/metrics'],
  };
  return { requests, answered };
}

/** A verification of a devnet ERC-20 as forge submits it: a form with the standard JSON input as sourceCode. */
function etherscanSubmission(address: string): URLSearchParams {
  return new URLSearchParams({
    module: 'contract',
    action: 'verifysourcecode',
    contractaddress: address,
    codeformat: 'solidity-standard-json-input',
    sourceCode: JSON.stringify(devnetStandardJsonInput()),
    contractname: 'Token.sol:Token',
    compilerversion: devnetCompilerVersion(),
  });
}


/** A token-admin session's id hash. */
const SESSION = 'ab'.repeat(32);

/** The module and action a request of /api names (query, form or JSON body; names in any case). */
function etherscanAction(sample: Sample): { module: string; action: string } | null {
  const path = typeof sample === 'string' ? sample : sample.path;
  if (!path.startsWith('/api')) return null;
  const values = new Map<string, string>();
  const add = (k: string, v: unknown) => values.set(k.toLowerCase(), String(v));
  for (const [k, v] of new URL(path, 'http://x').searchParams) add(k, v);
  const body = typeof sample === 'string' ? undefined : sample.body;
  if (body instanceof URLSearchParams) for (const [k, v] of body) add(k, v);
  else if (body && typeof body === 'object') for (const [k, v] of Object.entries(body)) add(k, v);
  return { module: values.get('module') ?? '', action: values.get('action') ?? '' };
}

/** Etherscan actions whose result (status "1", or JSON-RPC's result) a sample has checked. */
const checkedActions = new Set<string>();

/** What is wrong with an answer of a sample, by its route's contract (an empty list when nothing is). */
function problems(contract: RouteContract, sample: Sample, answer: { status: number; type: string; body: unknown }): string[] {
  const path = typeof sample === 'string' ? sample : `${sample.body === undefined ? 'GET' : 'POST'} ${sample.path} ${JSON.stringify(sample.body instanceof URLSearchParams ? String(sample.body) : sample.body)?.slice(0, 80)}`;
  const wanted = typeof sample === 'string' ? 200 : (sample.status ?? 200);
  const { status, type, body } = answer;
  if (status !== wanted) return [`${path}: status ${status}, not ${wanted}: ${JSON.stringify(body).slice(0, 200)}`];
  const held = expected(contract, status);
  if (held === null) return [`${path}: status ${status} is not in the contract`];
  const out: string[] = [];
  if (!held.types.some((t) => type.split(';')[0] === t.split(';')[0])) out.push(`${path}: content-type ${type}, not ${held.types.join(' or ')}`);
  out.push(...parsesToItself(path, held.schema, body));
  // The Etherscan API's envelope holds the action's result: held to the action's own schema when it is one.
  const named = etherscanAction(sample);
  const envelope = body as { status?: string; jsonrpc?: string; result?: unknown };
  const result = named ? etherscanResult(named.module, named.action) : undefined;
  if (named && result && (envelope.status === '1' || (envelope.jsonrpc === '2.0' && 'result' in envelope))) {
    checkedActions.add(`${named.module.toLowerCase()}.${named.action.toLowerCase()}`);
    out.push(...parsesToItself(`${path} (result)`, result, envelope.result));
  }
  return out;
}

/** A value must parse with its schema, and to itself (parsing strips the fields a schema does not name). */
function parsesToItself(path: string, schema: z.ZodType, value: unknown): string[] {
  const parsed = schema.safeParse(value);
  if (!parsed.success) return [`${path}: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`];
  if (JSON.stringify(parsed.data) !== JSON.stringify(value)) return [`${path}: fields the contract does not name: ${unnamed(value, parsed.data).slice(0, 5).join(', ')}`];
  return [];
}

describe('every described route answers what its contract says', () => {
  it('for every request of every described route', { timeout: 300_000 }, async () => {
    const { requests, answered } = await samples();
    const failures: string[] = [];
    for (const [route, sample, answer] of answered) failures.push(...problems(CONTRACT_BY_ROUTE.get(route) as RouteContract, sample, answer));
    for (const contract of ROUTE_CONTRACTS) {
      const paths = requests[routeKey(contract)];
      if (!paths?.length) {
        failures.push(`${routeKey(contract)}: no sample request`);
        continue;
      }
      for (const sample of paths) failures.push(...problems(contract, sample, await send(sample)));
    }
    expect(failures).toEqual([]);
    // Every action answers on the devnet but eth_sendRawTransaction, which is off unless the operator turns it on.
    const answerable = etherscanCatalog().map((e) => `${e.module}.${e.action}`.toLowerCase()).filter((a) => a !== 'proxy.eth_sendrawtransaction');
    expect(answerable.filter((a) => !checkedActions.has(a))).toEqual([]);
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
