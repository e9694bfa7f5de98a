import { getAddress } from 'ethers';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilHandle } from '../../devnet/anvil.ts';
import { runScenario, type ScenarioInfo } from '../../devnet/scenario.ts';
import { startIndexer, type Indexer } from '../../indexer/src/main.ts';
import { freshStorage } from './backend.ts';
import { RpcClient } from '../../indexer/src/chain/rpc.ts';
import { countOf, waitFor } from '../indexer-testing/verify.ts';
import { CHAIN_SERIES, STATS_MESSAGES, SUMMARY_DAYS, TOKEN_SERIES } from '../../common/stats-series.ts';

let anvil: AnvilHandle;
let info: ScenarioInfo;
let rpc: RpcClient;
let indexer: Indexer;
let dir: string;

// The response shapes as the assertions below read them: only the fields they use. A body is typed with one of
// these as the test expects it to look; nothing is checked by the type, the expectations check the values.

interface ApiError {
  error: string;
}

interface Health {
  metadataUpdates: number | null;
  syncProgress: { current: number; target: number; percent: number };
}

/** A block in lists (/blocks), where transactions is a count. */
interface BlockSummary {
  number: number;
  hash: string;
  transactionCount: number;
}

/** A block by number or hash, with its transactions. */
interface Block extends BlockSummary {
  transactions: Transaction[];
}

interface Transaction {
  hash: string;
  blockNumber: number;
  transactionIndex: number;
  from: string;
  to: string | null;
  value: string;
  gasLimit: string;
  gasUsed: string;
  status: boolean;
}

interface TransactionDetail extends Transaction {
  tokenTransfers: TokenTransfer[];
}

/** A transfer in the list shape (transaction detail, token and NFT transfer lists). */
interface TokenTransfer {
  transactionHash: string;
  fromAddress: string;
  value: string;
  tokenType: string;
  tokenId: string | null;
}

/** A transfer in the address-side shape (/address/{address}/token-transfers). */
interface AddressTransfer {
  from: string;
  to: string;
  value: string;
  tokenSymbol: string | null;
}

interface Receipt {
  status: number;
  logs: { topics: string[] }[];
  contractAddress: string | null;
}

interface DecodedTransaction {
  transaction: { hash: string };
  decoded: { functionName: string; functionSignature: string; params: { name: string; type: string }[] } | null;
  description: string;
}

interface AddressType {
  address: string;
  type: string;
  contractType?: string;
}

interface Balances {
  nativeWei: string;
  tokens: { contractAddress: string; rawBalance: string }[];
}

interface Token {
  address: string;
  name: string;
  type: string;
  holders: number;
  transfers: number;
  totalSupply: string;
}

interface Holder {
  address: string;
  balance: string;
  balanceFormatted: string;
  percentage: number;
}

interface Holders {
  totalHolders: number;
  holders: Holder[];
  tokenInfo: unknown;
}

interface HolderStats {
  tokenHolders: number;
  topTokensByHolders: { holders: number }[];
  addressActivity: { totalAddresses: number };
}

interface NftCollection {
  address: string;
  owners: number;
}

interface NftItem {
  tokenId: string;
  tokenType: string;
  name: string;
  image: string | null;
  attributes: unknown[];
  owner: string | null;
  owners: unknown[];
  supply: string;
  creator: string | null;
  createdAt: number | null;
  metadataStatus: string;
}

interface ContractEvent {
  event: string;
  blockNumber: number;
  args: { from?: string; to?: string };
}

interface SearchAnswer<D = unknown> {
  type: string;
  addressType?: string;
  data: D;
}

interface JsonRpcReply {
  id: number | string | null;
  result?: unknown;
  error?: { code: number; message: string };
}

/** GETs an API path; the body is the parsed JSON, typed as the caller expects it (T). */
async function get<T = unknown>(path: string): Promise<{ status: number; body: T; text: string; headers: Headers }> {
  const res = await fetch(indexer.url + path);
  const text = await res.text();
  // The API emits checksummed addresses (see the checksum test below); the assertions compare the lowercase form.
  const body: unknown = JSON.parse(text, (_k, v: unknown) => (typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v) ? v.toLowerCase() : v));
  return { status: res.status, body: body as T, text, headers: res.headers };
}

/** GETs an API path, expects 200 and answers the body, typed as the caller expects it (T). */
async function ok<T = unknown>(path: string): Promise<T> {
  const r = await get<T>(path);
  expect(r.status, `${path}: ${r.text.slice(0, 200)}`).toBe(200);
  return r.body;
}

/** POSTs a JSON-RPC request (or batch) to the proxy; the body is typed as the caller expects it (T). */
async function rpcProxy<T = unknown>(body: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${indexer.url}/proxy/rpc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const json: unknown = await res.json();
  return { status: res.status, body: json as T };
}

const lc = (s: string): string => s.toLowerCase();
const HASH0 = '0x' + 'ab'.repeat(32);

beforeAll(async () => {
  anvil = await startAnvil();
  info = await runScenario(anvil.url, { scale: 1 });
  rpc = new RpcClient(anvil.url);
  dir = mkdtempSync(join(tmpdir(), 'indexer-api-'));
  indexer = await startIndexer({ rpcUrl: anvil.url, ...(await freshStorage(dir)), port: 0, log: () => {}, progress: false });
  await indexer.caughtUp();
  await waitFor(
    async () => (await countOf(indexer.store, "SELECT count(*) AS n FROM nft_tokens WHERE metadata_status = 'pending'")) === 0,
    30_000,
    'NFT metadata',
  );
});

afterAll(async () => {
  await indexer?.stop();
  await anvil?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('bad input answers 4xx JSON {error} without a stack trace', () => {
  const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
  it.each([
    ['/blocks/abc', 400],
    ['/blocks/-1', 400],
    ['/blocks/1.5', 400],
    ['/blocks/99999999', 404],
    ['/blocks/hash/0x1234', 400],
    [`/blocks/hash/${HASH0}`, 404],
    ['/transactions/0xnothash', 400],
    [`/transactions/${HASH0}`, 404],
    [`/transactions/${HASH0}/receipt`, 404],
    [`/transactions/${HASH0}/decoded`, 404],
    ['/transactions?limit=1000', 400],
    ['/transactions?limit=abc', 400],
    ['/transactions?limit=0', 400],
    ['/transactions?offset=-1', 400],
    ['/blocks?offset=1.5', 400],
    ['/blocks?withTxs=maybe', 400],
    ['/address/0x123/transactions', 400],
    ['/address/not-an-address/type', 400],
    [`/address/${A}/transactions?limit=101`, 400],
    [`/address/${A}/token-transfers?tokenType=ERC999`, 400],
    ['/account/0xzz/balances', 400],
    ['/tokens/0x0000000000000000000000000000000000000000', 404],
    ['/tokens/0x12', 400],
    [`/tokens?type=ERC777`, 400],
    ['/nfts/0x0000000000000000000000000000000000000000', 404],
    [`/nfts/${A}/abc`, 400],
    ['/holders/token/0x0000000000000000000000000000000000000000', 404],
    ['/holders/all?minBalance=-3', 400],
    ['/contracts/0x0000000000000000000000000000000000000000', 404],
    ['/contracts/0x0000000000000000000000000000000000000000/abi', 404],
    ['/contracts/bad/verified', 400],
    [`/contracts/${A}/events?fromBlock=10&toBlock=2`, 400],
    ['/changes', 400],
    ['/changes?since=abc', 400],
    ['/changes?since=-1', 400],
    ['/search?q=', 400],
    ['/search?q=%20%20', 400],
    ['/search', 400],
    ['/search?q=zzzz-no-such-thing', 404],
    ['/does-not-exist', 404],
    ['/blocks/1/extra', 404],
    ['/%E0%A4%A', 400],
  ])('%s → %s', async (path, status) => {
    const r = await get<ApiError>(path);
    expect(r.status).toBe(status);
    expect(r.headers.get('content-type')).toContain('application/json');
    expect(typeof r.body.error).toBe('string');
    expect(r.text).not.toMatch(/stack|at \w+ \(|\.ts:\d+/);
  });

  it('answers an unknown method on a known path with 405 JSON', async () => {
    const res = await fetch(`${indexer.url}/blocks`, { method: 'POST' });
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({ error: 'Method not allowed' });
  });

  it("answers 404 'Contract is not verified' for abi, source and verification", async () => {
    for (const s of ['abi', 'source', 'verification']) {
      const r = await get(`/contracts/${info.playground.address}/${s}`);
      expect(r.status).toBe(404);
      // The upstream indexer's shape (fixtures/upstream-indexer/contracts_0x71C95911_source.json).
      expect(r.body).toEqual({ success: false, error: 'Contract is not verified' });
    }
    expect(await ok(`/contracts/${info.playground.address}/verified`)).toEqual({ verified: false });
  });
});

describe('CORS', () => {
  it('opens GET responses to any origin', async () => {
    expect((await get('/health')).headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers preflight requests for GET and POST', async () => {
    const res = await fetch(`${indexer.url}/proxy/rpc`, { method: 'OPTIONS', headers: { origin: 'https://x.example', 'access-control-request-method': 'POST' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toContain('Content-Type');
  });
});

describe('blocks and transactions', () => {
  it('reports health with sync progress', async () => {
    const h = await ok<Health>('/health');
    expect(h).toMatchObject({ status: 'ok', lastBlock: info.lastBlock, isIndexing: true, reorgs: 0 });
    // NFT metadata writes so far: every token's metadata was written once at least (the set-up waited for them all).
    const tokens = await countOf(indexer.store, 'SELECT count(*) AS n FROM nft_tokens');
    expect(tokens).toBeGreaterThan(0);
    expect(h.metadataUpdates).toBeGreaterThanOrEqual(tokens);
    expect(h.syncProgress).toEqual({ current: info.lastBlock, target: info.lastBlock, percent: 100 });
  });

  it('answers the probes: /livez ok, /readyz ready with the database and the lag', async () => {
    expect(await ok('/livez')).toEqual({ status: 'ok' });
    const before = Math.floor(Date.now() / 1000);
    const ready = await ok<{ status: string; checks: unknown; sync: Record<string, unknown> }>('/readyz');
    const after = Math.ceil(Date.now() / 1000);
    expect(ready.status).toBe('ready');
    expect(ready.checks).toEqual({ migrations: 'ok', database: 'ok' });
    const stored = await indexer.store.one<{ timestamp: number }>('SELECT timestamp FROM blocks WHERE number = ?', ready.sync['indexedBlock'] as number);
    expect(ready.sync).toMatchObject({ catchingUp: false, behind: false, lastError: null });
    expect(ready.sync['indexedBlock']).toBeGreaterThanOrEqual(info.lastBlock);
    expect(ready.sync['lagBlocks']).toBe((ready.sync['chainHead'] as number) - (ready.sync['indexedBlock'] as number));
    // Seconds since that block was produced, as the indexer's clock read them during the request.
    const ts = Number(stored?.timestamp);
    expect(ready.sync['lagSeconds']).toBeGreaterThanOrEqual(Math.max(0, before - ts));
    expect(ready.sync['lagSeconds']).toBeLessThanOrEqual(Math.max(0, after - ts));
  });

  it('lists blocks newest first, pages them, and filters blocks with transactions', async () => {
    const list = await ok<BlockSummary[]>('/blocks?limit=3&offset=2');
    expect(list.map((b) => b.number)).toEqual([info.lastBlock - 2, info.lastBlock - 3, info.lastBlock - 4]);
    const withTxs = await ok<BlockSummary[]>('/blocks?limit=50&withTxs=1');
    expect(withTxs.length).toBe(50);
    expect(withTxs.every((b) => b.transactionCount > 0)).toBe(true);
    expect((await ok<BlockSummary[]>('/blocks')).length).toBe(10);
  });

  it('serves genesis, the empty block and the busy block with its transactions', async () => {
    expect((await ok<Block>('/blocks/0')).number).toBe(0);
    expect((await ok<Block>(`/blocks/${info.emptyBlock}`)).transactions).toEqual([]);
    const busy = await ok<Block>(`/blocks/${info.busyBlock.number}`);
    expect(busy.transactions.length).toBe(info.busyBlock.txCount);
    expect(busy.transactions.map((t) => t.transactionIndex)).toEqual([...Array(info.busyBlock.txCount).keys()]);
    expect(await ok(`/blocks/hash/${busy.hash}`)).toEqual(busy);
  });

  it('gives every transaction a boolean status and its true transactionIndex', async () => {
    const block = await ok<Block>(`/blocks/${info.busyBlock.number}`);
    const receipts = await rpc.call<{ status: string; transactionIndex: string; transactionHash: string }[]>('eth_getBlockReceipts', ['0x' + info.busyBlock.number.toString(16)]);
    for (const [i, r] of receipts.entries()) {
      expect(block.transactions[i]?.hash).toBe(lc(r.transactionHash));
      expect(block.transactions[i]?.transactionIndex).toBe(Number(r.transactionIndex));
      expect(block.transactions[i]?.status).toBe(r.status === '0x1');
    }
    expect((await ok<Transaction>(`/transactions/${info.samples.reverted}`)).status).toBe(false);
    expect((await ok<Transaction>(`/transactions/${info.samples.plainTransfer}`)).status).toBe(true);
    const list = await ok<Transaction[]>('/transactions?limit=100');
    expect(list.every((t) => typeof t.status === 'boolean')).toBe(true);
  });

  it('serves amounts as decimal strings', async () => {
    const t = await ok<Transaction>(`/transactions/${info.samples.plainTransfer}`);
    const chain = await rpc.call<{ value: string }>('eth_getTransactionByHash', [info.samples.plainTransfer]);
    expect(t.value).toBe(BigInt(chain.value).toString());
    for (const k of ['value', 'gasLimit', 'gasUsed'] as const) expect(t[k]).toMatch(/^\d+$/);
  });

  it('serves receipts with logs and a numeric status', async () => {
    const r = await ok<Receipt>(`/transactions/${info.samples.erc20Transfer}/receipt`);
    expect(r.status).toBe(1);
    expect(r.logs.length).toBeGreaterThan(0);
    expect(r.logs[0]?.topics[0]).toBe('0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef');
    expect((await ok<Receipt>(`/transactions/${info.samples.reverted}/receipt`)).status).toBe(0);
    const created = await ok<Receipt>(`/transactions/${info.samples.contractCreation}/receipt`);
    expect(created.contractAddress).toMatch(/^0x[0-9a-f]{40}$/);
  });

  it('records ERC-721 transfers as ERC-721 with their token id', async () => {
    const t = await ok<TransactionDetail>(`/transactions/${info.samples.nftTransfer}`);
    expect(t.tokenTransfers.length).toBeGreaterThan(0);
    for (const x of t.tokenTransfers) {
      expect(x.tokenType).toBe('ERC721');
      expect(x.tokenId).toMatch(/^\d+$/);
      expect(x.value).toBe('1');
    }
  });

  it('expands ERC-1155 batch transfers into one transfer per id', async () => {
    const t = await ok<TransactionDetail>(`/transactions/${info.samples.erc1155Batch}`);
    const receipt = await rpc.call<{ logs: { topics: string[]; data: string }[] }>('eth_getTransactionReceipt', [info.samples.erc1155Batch]);
    const batchLog = receipt.logs.find((l) => l.topics[0] === '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb');
    const words = (batchLog?.data ?? '').slice(2).match(/.{64}/g) ?? [];
    const count = Number(BigInt('0x' + words[Number(BigInt('0x' + words[0]) / 32n)]));
    expect(count).toBeGreaterThan(1);
    expect(t.tokenTransfers.length).toBe(count);
    expect(new Set(t.tokenTransfers.map((x) => x.tokenId)).size).toBe(count);
    expect(t.tokenTransfers.every((x) => x.tokenType === 'ERC1155')).toBe(true);
  });

  it('decodes common token calls', async () => {
    const d = await ok<DecodedTransaction>(`/transactions/${info.samples.erc20Transfer}/decoded`);
    expect(d.decoded?.functionName).toBe('transfer');
    expect(d.decoded?.functionSignature).toBe('transfer(address,uint256)');
    expect(d.decoded?.params.map((p) => [p.name, p.type])).toEqual([['to', 'address'], ['value', 'uint256']]);
    expect(d.description).toMatch(/^Transfer \d/);
    expect(d.transaction.hash).toBe(info.samples.erc20Transfer);
    const plain = await ok<DecodedTransaction>(`/transactions/${info.samples.plainTransfer}/decoded`);
    expect(plain.decoded).toBeNull();
    expect(plain.description).toMatch(/STO/);
    const batch = await ok<DecodedTransaction>(`/transactions/${info.samples.erc1155Batch}/decoded`);
    expect(batch.decoded?.functionName).toBe('safeBatchTransferFrom');
  });

  it('lists no pending transactions', async () => {
    expect(await ok('/transactions/pending')).toEqual([]);
  });
});

describe('what blocks changed (GET /changes, the site keeps pages per address with it)', () => {
  interface Changes {
    head: number | null;
    reorgs: number;
    complete: boolean;
    addresses: string[];
  }
  interface ListedBlock {
    number: number;
    miner: string;
    transactions: Transaction[];
  }
  /** A transaction's transfers as its detail lists them. */
  interface WithTransfers {
    tokenTransfers: Array<{ from: string; to: string; tokenAddress: string }>;
  }

  it("lists every address a block range changed: miners, senders, recipients, tokens and transfers' parties", async () => {
    // The three newest blocks with transactions, and the blocks after them.
    const withTxs = await ok<ListedBlock[]>('/blocks?withTxs=1&limit=3');
    const lastBlock = (await ok<{ lastBlock: number }>('/health')).lastBlock;
    const since = Math.min(...withTxs.map((b) => b.number)) - 1;
    const head = lastBlock;
    expect(head - since).toBeLessThanOrEqual(256);
    // Everything the indexer stored in those blocks, read back from its block and transaction routes.
    const expected = new Set<string>();
    for (let n = since + 1; n <= head; n++) {
      const block = await ok<ListedBlock>(`/blocks/${n}`);
      expected.add(lc(block.miner));
      for (const tx of block.transactions) {
        expected.add(lc(tx.from));
        if (tx.to) expected.add(lc(tx.to));
        for (const t of (await ok<WithTransfers>(`/transactions/${tx.hash}`)).tokenTransfers) [t.from, t.to, t.tokenAddress].forEach((a) => expected.add(lc(a)));
      }
    }
    expect(expected.size).toBeGreaterThan(3);
    const changes = await ok<Changes>(`/changes?since=${since}`);
    expect(changes.head).toBe(lastBlock);
    expect(changes.complete).toBe(true);
    for (const a of expected) expect(changes.addresses).toContain(a);
    expect(new Set(changes.addresses).size).toBe(changes.addresses.length);
  });

  it('answers an empty complete list at the head, and an incomplete one ahead of it or too far behind', async () => {
    const lastBlock = (await ok<{ lastBlock: number }>('/health')).lastBlock;
    expect(await ok<Changes>(`/changes?since=${lastBlock}`)).toMatchObject({ head: lastBlock, complete: true, addresses: [] });
    expect(await ok<Changes>(`/changes?since=${lastBlock + 5}`)).toMatchObject({ head: lastBlock, complete: false, addresses: [] });
    if (lastBlock > 300) expect(await ok<Changes>(`/changes?since=${lastBlock - 300}`)).toMatchObject({ complete: false, addresses: [] });
  });
});

describe('addresses and accounts', () => {
  const deployer = (): string => lc(info.deployer);

  it('types addresses', async () => {
    expect(await ok(`/address/${info.deployer}/type`)).toEqual({ address: deployer(), type: 'wallet' });
    expect(await ok(`/address/${info.tokens[0]?.address}/type`)).toEqual({ address: lc(info.tokens[0]?.address ?? ''), type: 'contract', contractType: 'ERC20' });
    expect((await ok<AddressType>(`/address/${info.nfts[0]?.address}/type`)).contractType).toBe('ERC721');
    expect((await ok<AddressType>(`/address/${info.erc1155.address}/type`)).contractType).toBe('ERC1155');
  });

  it('pages an address’s transactions newest first', async () => {
    const all = await ok<Transaction[]>(`/address/${info.deployer}/transactions?limit=20`);
    const page = await ok(`/address/${info.deployer}/transactions?limit=5&offset=5`);
    expect(page).toEqual(all.slice(5, 10));
    expect(all.every((t) => t.from === deployer() || t.to === deployer())).toBe(true);
    const ids = all.map((t) => t.blockNumber * 1e6 + t.transactionIndex);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('gives account balances with tokens', async () => {
    const b = await ok<Balances>(`/account/${info.deployer}/balances`);
    const wei = BigInt(await rpc.call<string>('eth_getBalance', [info.deployer, 'latest']));
    expect(b.nativeWei).toBe(wei.toString());
    const sgov = b.tokens.find((t) => t.contractAddress === lc(info.tokens[0]?.address ?? ''));
    expect(sgov).toMatchObject({ symbol: info.tokens[0]?.symbol, decimals: 18 });
    expect(sgov?.rawBalance).toMatch(/^\d+$/);
    const empty = await ok('/account/0x00000000000000000000000000000000000000aa/balances');
    expect(empty).toEqual({ native: '0', nativeWei: '0', tokens: [] });
    // The address summary carries the same holdings, so the site's address page needs no second call.
    const summary = await ok<{ tokens: unknown[]; balance: string; verified: boolean | null }>(`/address/${info.deployer}`);
    expect(summary.tokens).toEqual(b.tokens);
    expect(summary.balance).toBe(wei.toString());
    expect(summary.verified).toBeNull();
  });

  it('lists token and NFT transfers of an address', async () => {
    const tt = await ok<AddressTransfer[]>(`/address/${info.deployer}/token-transfers?limit=5`);
    expect(tt.length).toBe(5);
    for (const t of tt) {
      expect(t.from === deployer() || t.to === deployer()).toBe(true);
      expect(t).toHaveProperty('tokenSymbol');
      expect(t.value).toMatch(/^\d+$/);
    }
    const holder = (await indexer.store.one<{ owner: string }>(
      "SELECT owner FROM nft_tokens WHERE token_type = 'ERC721' AND owner != '0x0000000000000000000000000000000000000000' ORDER BY token_address, token_id LIMIT 1",
    )) as { owner: string };
    const nt = await ok<TokenTransfer[]>(`/address/${holder.owner}/nft-transfers`);
    expect(nt.length).toBeGreaterThan(0);
    expect(nt.every((t) => t.tokenType === 'ERC721' || t.tokenType === 'ERC1155')).toBe(true);
    const nfts = await ok<NftItem[]>(`/address/${holder.owner}/nfts`);
    expect(nfts.some((n) => n.tokenType === 'ERC721' && n.owner === holder.owner)).toBe(true);
  });

  it("the summary counts what the Token Transfers and NFTs tabs list (the site's totals and numbered pages)", async () => {
    for (const address of [info.deployer, ...info.accounts.slice(1, 3), ...info.holders.slice(0, 2)]) {
      const summary = await ok<{ transactionCount: number; tokenTransferCount: number; nftCount: number }>(`/address/${address}`);
      const listed = async (path: string): Promise<number> => {
        let n = 0;
        for (let offset = 0; ; offset += 100) {
          const page = await ok<unknown[]>(`/address/${address}/${path}${path.includes('?') ? '&' : '?'}limit=100&offset=${offset}`);
          n += page.length;
          if (page.length < 100) return n;
        }
      };
      expect(summary.tokenTransferCount, address).toBe(await listed('token-transfers'));
      expect(summary.nftCount, address).toBe(await listed('nfts'));
      expect(summary.transactionCount, address).toBe(await listed('transactions'));
    }
    expect(((await ok<{ tokenTransferCount: number }>(`/address/${info.deployer}`)).tokenTransferCount)).toBeGreaterThan(100);
  });
});

describe('tokens, holders and NFTs', () => {
  it('lists tokens with holders and transfers', async () => {
    const list = await ok<Token[]>('/tokens');
    for (const t of info.tokens) {
      const row = list.find((x) => x.address === lc(t.address));
      expect(row).toMatchObject({ name: t.name, symbol: t.symbol, decimals: t.decimals, type: 'ERC20' });
      expect(row?.holders).toBeGreaterThan(0);
      expect(row?.transfers).toBeGreaterThan(0);
      expect(row?.totalSupply).toMatch(/^\d+$/);
    }
    expect((await ok<Token[]>('/tokens?type=ERC721')).every((t) => t.type === 'ERC721')).toBe(true);
  });

  it('serves a token, its transfers and holders ordered by balance', async () => {
    const token = info.holderToken.address;
    const t = await ok<Token>(`/tokens/${token}`);
    expect(t.holders).toBeGreaterThanOrEqual(50);
    const transfers = await ok<TokenTransfer[]>(`/tokens/${token}/transfers?limit=5`);
    expect(transfers.length).toBe(5);
    expect(transfers[0]).toHaveProperty('fromAddress');
    expect(transfers[0]).toHaveProperty('transactionHash');
    const holders = await ok<Holder[]>(`/tokens/${token}/holders?limit=100`);
    const balances = holders.map((h) => BigInt(h.balance));
    expect(balances).toEqual([...balances].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  });

  it('serves /holders/token with totals, tokenInfo and both orders', async () => {
    const token = info.holderToken.address;
    const desc = await ok<Holders>(`/holders/token/${token}?limit=100`);
    expect(desc.totalHolders).toBe(desc.holders.length);
    expect(desc.tokenInfo).toMatchObject({ symbol: info.holderToken.symbol });
    const asc = await ok<Holders>(`/holders/token/${token}?limit=100&order=asc`);
    expect(asc.holders.map((h) => h.address)).toEqual([...desc.holders].reverse().map((h) => h.address));
    const sum = desc.holders.reduce((s, h) => s + h.percentage, 0);
    expect(sum).toBeGreaterThan(99.9);
    expect(sum).toBeLessThan(100.1);
    for (const h of desc.holders.slice(0, 5)) expect(h).toEqual<Record<keyof Holder, unknown>>({ address: expect.stringMatching(/^0x/), balance: expect.stringMatching(/^\d+$/), balanceFormatted: expect.any(String), percentage: expect.any(Number) });
  });

  it('serves native holders, all holders and holder statistics', async () => {
    const native = await ok<Holders>('/holders/native?limit=5');
    expect(native.holders.length).toBe(5);
    expect(native.totalHolders).toBeGreaterThan(5);
    const all = await ok<Holders>('/holders/all?limit=100&minBalance=1');
    expect(all.holders.every((h) => BigInt(h.balance) >= 10n ** 18n)).toBe(true);
    const stats = await ok<HolderStats>('/holders/stats');
    expect(stats.tokenHolders).toBeGreaterThan(50);
    expect(stats.topTokensByHolders[0]?.holders).toBeGreaterThanOrEqual(50);
    expect(stats.addressActivity.totalAddresses).toBeGreaterThan(0);
  });

  it('lists NFT collections and serves items with metadata, owner and creator', async () => {
    const collections = await ok<NftCollection[]>('/nfts');
    const shapes = collections.find((c) => c.address === lc(info.nfts[0]?.address ?? ''));
    expect(shapes).toMatchObject({ name: info.nfts[0]?.name, symbol: info.nfts[0]?.symbol, type: 'ERC721', items: info.nfts[0]?.minted });
    expect(shapes?.owners).toBeGreaterThan(0);
    const item = await ok<NftItem>(`/nfts/${info.nfts[0]?.address}/1`);
    const owner = await rpc.call<string>('eth_call', [{ to: info.nfts[0]?.address, data: '0x6352211e' + '1'.padStart(64, '0') }, 'latest']);
    expect(item.owner).toBe('0x' + owner.slice(26));
    expect(item.tokenId).toBe('1');
    expect(item.metadataStatus).toBe('ok');
    expect(item.name).toBeTruthy();
    expect(item.image).toMatch(/^data:image\//);
    expect(item.attributes.length).toBeGreaterThan(0);
    expect(item.creator).toMatch(/^0x[0-9a-f]{40}$/);
    expect(item.createdAt).toBeGreaterThan(0);
    expect((await get(`/nfts/${info.nfts[0]?.address}/999999`)).status).toBe(404);
    const items = await ok<NftItem[]>(`/nfts/${info.nfts[0]?.address}/tokens?limit=100`);
    expect(items.length).toBe(info.nfts[0]?.minted);
    const history = await ok<TokenTransfer[]>(`/nfts/${info.nfts[0]?.address}/1/transfers`);
    expect(history.at(-1)?.fromAddress).toBe('0x0000000000000000000000000000000000000000');
  });

  it('serves ERC-1155 items with owners and {id}-substituted metadata', async () => {
    const id = info.erc1155.tokenIds[0];
    const item = await ok<NftItem>(`/nfts/${info.erc1155.address}/${id}`);
    expect(item.tokenType).toBe('ERC1155');
    expect(item.owners.length).toBeGreaterThan(0);
    expect(BigInt(item.supply)).toBeGreaterThan(0n);
    expect(['ok', 'none', 'error']).toContain(item.metadataStatus);
  });

  it('neutralises hostile NFT metadata and names', async () => {
    const hostile = info.hostile.erc721;
    const js = await ok<NftItem>(`/nfts/${hostile.address}/${hostile.tokenIds['javascriptUrls']}`);
    expect(js.image).toBeNull();
    const script = await ok<NftItem>(`/nfts/${hostile.address}/${hostile.tokenIds['script']}`);
    expect(script.image).toBeNull();
    expect(script.name).toBe('<script>alert(1)</script>');
    for (const key of ['rawJavascriptUri', 'brokenJson']) {
      const bad = await ok<NftItem>(`/nfts/${hostile.address}/${hostile.tokenIds[key]}`);
      expect(bad.metadataStatus).toBe('error');
      expect(bad.image).toBeNull();
    }
    const plain = await ok<NftItem>(`/nfts/${hostile.address}/${hostile.tokenIds['plainJson']}`);
    expect(plain.metadataStatus).toBe('ok');
    expect(plain.image).toBeNull();
    const bad = await ok<Token>(`/tokens/${info.hostile.badUtf8.address}`);
    expect(bad.name).toContain('\uFFFD');
  });
});

describe('statistics and contracts', () => {
  it('counts transactions, contracts, holders and validators', async () => {
    expect((await ok<{ totalTransactions: number }>('/stats/transactions/count')).totalTransactions).toBe(info.txCount);
    const c = await ok<{ count: number; erc20Contracts: number }>('/stats/contracts/count');
    expect(c.count).toBeGreaterThanOrEqual(info.contracts.length);
    expect(c.erc20Contracts).toBe((await ok<{ count: number }>('/stats/contracts/erc20/count')).count);
    const nft = await ok<{ count: number; erc721Count: number; erc1155Count: number }>('/stats/contracts/nft/count');
    expect(nft.count).toBe(nft.erc721Count + nft.erc1155Count);
    expect(nft.erc1155Count).toBeGreaterThanOrEqual(1);
    expect((await ok<{ holders: number }>('/stats/holders')).holders).toBeGreaterThan(10);
    const v = await ok<{ validators: string[] }>('/stats/validators/count');
    expect(v.validators.sort()).toEqual(info.validators.map(lc).sort());
    const p = await ok<{ totalPayoutWei: string; validators: { payoutWei: string }[] }>('/stats/validators/payout');
    expect(p.validators.length).toBe(info.validators.length);
    expect(BigInt(p.totalPayoutWei)).toBe(p.validators.reduce((s, x) => s + BigInt(x.payoutWei), 0n));
    const tps = await ok<{ toBlock: number; tps: number }>('/stats/tps');
    expect(tps.toBlock).toBe(info.lastBlock);
    expect(typeof tps.tps).toBe('number');
  });

  it('serves contract details, creation and events', async () => {
    const token = info.tokens[0]?.address ?? '';
    const c = await ok(`/contracts/${token}`);
    expect(c).toMatchObject({ contractType: 'ERC20', creatorAddress: lc(info.deployer), verified: false });
    const creation = await ok(`/contracts/${token}/creation`);
    const ref = info.contracts.find((x) => lc(x.address) === lc(token));
    expect(creation).toMatchObject({ creator: lc(ref?.creator ?? ''), transactionHash: lc(ref?.txHash ?? ''), blockNumber: ref?.blockNumber });
    const events = await ok<ContractEvent[]>(`/contracts/${token}/events?eventName=Transfer&limit=5`);
    expect(events.length).toBe(5);
    expect(events.every((e) => e.event === 'Transfer' && e.args.from && e.args.to)).toBe(true);
    const ranged = await ok<ContractEvent[]>(`/contracts/${token}/events?fromBlock=0&toBlock=3&limit=100`);
    expect(ranged.every((e) => e.blockNumber <= 3)).toBe(true);
  });
});

describe('search', () => {
  it.each([
    ['a block number', () => String(info.emptyBlock), 'block'],
    ['a transaction hash', () => info.samples.plainTransfer, 'transaction'],
    ['a token symbol, case-insensitively', () => lc(info.tokens[1]?.symbol ?? ''), 'token'],
    ['a token name', () => info.tokens[0]?.name ?? '', 'token'],
    ['an NFT as "Collection #id"', () => `${info.nfts[0]?.name} #2`, 'nft'],
    ['an NFT as "<collection address> id"', () => `${info.nfts[1]?.address} 1`, 'nft'],
  ])('finds %s', async (_, q, type) => {
    const r = await ok<SearchAnswer>(`/search?q=${encodeURIComponent(q())}`);
    expect(r.type).toBe(type);
  });

  it('finds a block by hash', async () => {
    const b = await ok<Block>('/blocks/3');
    expect(await ok(`/search?q=${b.hash}`)).toMatchObject({ type: 'block', data: { number: 3 } });
  });

  it('answers any valid address with its type and balance', async () => {
    expect(await ok(`/search?q=${info.tokens[0]?.address}`)).toMatchObject({ type: 'address', addressType: 'contract', contractType: 'ERC20' });
    const eoa = await ok<SearchAnswer<{ balance: string }>>(`/search?q=${info.deployer}`);
    expect(eoa).toMatchObject({ type: 'address', addressType: 'account', data: { address: lc(info.deployer) } });
    expect(eoa.data.balance).toMatch(/^\d+$/);
    expect((await ok<SearchAnswer>('/search?q=0x00000000000000000000000000000000000000aa')).addressType).toBe('account');
  });

  it('returns several matches as multiple', async () => {
    const r = await ok<SearchAnswer<{ type: string }[]>>('/search?q=Sto');
    expect(r.type).toBe('multiple');
    expect(r.data.length).toBeGreaterThan(1);
    expect(r.data.every((x) => x.type === 'token')).toBe(true);
  });
});

describe('RPC proxy', () => {
  it('forwards allowed read-only methods, single and batch', async () => {
    expect((await rpcProxy('{"jsonrpc":"2.0","id":7,"method":"eth_chainId","params":[]}')).body).toEqual({ jsonrpc: '2.0', id: 7, result: '0x7a69' });
    const batch = await rpcProxy<JsonRpcReply[]>('[{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]},{"jsonrpc":"2.0","id":"b","method":"eth_gasPrice","params":[]}]');
    expect(batch.body.map((r) => r.id)).toEqual([1, 'b']);
    expect(batch.body[0]?.result).toBe('0x' + info.lastBlock.toString(16));
    const name = await rpcProxy<JsonRpcReply>(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to: info.tokens[0]?.address, data: '0x06fdde03' }, 'latest'] }));
    expect(name.body.result).toMatch(/^0x/);
  });

  it.each([
    ['a state-changing method', '{"jsonrpc":"2.0","id":1,"method":"eth_sendTransaction","params":[{}]}', 200, -32601],
    ['an anvil method', '{"jsonrpc":"2.0","id":1,"method":"anvil_mine","params":[]}', 200, -32601],
    ['malformed JSON', '{"jsonrpc":', 400, -32700],
    ['a request without a method', '{"jsonrpc":"2.0","id":1}', 400, -32600],
    ['an empty batch', '[]', 400, -32600],
  ])('refuses %s with a JSON-RPC error', async (_, body, status, code) => {
    const r = await rpcProxy<JsonRpcReply>(body);
    expect(r.status).toBe(status);
    expect(r.body.error?.code).toBe(code);
  });

  it('refuses disallowed methods inside a batch and answers the others', async () => {
    const r = await rpcProxy<JsonRpcReply[]>('[{"jsonrpc":"2.0","id":1,"method":"eth_chainId"},{"jsonrpc":"2.0","id":2,"method":"debug_traceTransaction","params":[]}]');
    expect(r.body[0]?.result).toBe('0x7a69');
    expect(r.body[1]?.error?.code).toBe(-32601);
  });
});

describe('OpenAPI', () => {
  it('serves an OpenAPI 3.1 document', async () => {
    const doc = await ok<{ openapi: string; paths: Record<string, unknown> }>('/openapi.json');
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/holders/token/{address}');
  });
});

describe('address form', () => {
  it('emits addresses in EIP-55 checksum form, like the upstream indexer', async () => {
    const res = await fetch(`${indexer.url}/transactions?limit=5`);
    const list = (await res.json()) as Array<{ from: string }>;
    expect(list.length).toBeGreaterThan(0);
    for (const tx of list) expect(tx.from).toBe(getAddress(tx.from));
  });
});

describe('decoding without verified source', () => {
  interface Param {
    name: string;
    type: string;
    value: unknown;
    indexed?: boolean;
  }
  interface Decoding {
    decoded: { functionName: string; functionSignature: string; source: string; params: Param[] } | null;
    candidates: { functionSignature: string }[];
    guess: { selector: string; words: string[]; types: string[] | null; params: Param[] | null } | null;
    transaction: { method: string | null };
  }
  interface DecodedLog {
    decoded: { eventName: string; eventSignature: string; source: string; params: Param[] } | null;
    candidates: unknown[];
  }

  it('names a call and its log from the bundled set, marked as from a signature', async () => {
    const { registry } = info.decoding;
    const d = await ok<Decoding>(`/transactions/${registry.grantTx}/decoded`);
    expect(d.decoded).toEqual({
      functionName: 'grantRole',
      functionSignature: 'grantRole(bytes32,address)',
      source: 'signature',
      params: [
        { name: 'role', type: 'bytes32', value: registry.role },
        { name: 'account', type: 'address', value: lc(registry.member) },
      ],
    });
    expect(d.candidates).toHaveLength(1);
    expect(d.guess).toBeNull();
    expect(d.transaction.method).toBe('grantRole');
    const receipt = await ok<{ logs: DecodedLog[] }>(`/transactions/${registry.grantTx}/receipt`);
    expect(receipt.logs).toHaveLength(1);
    expect(receipt.logs[0]?.decoded).toMatchObject({ eventName: 'RoleGranted', eventSignature: 'RoleGranted(bytes32,address,address)', source: 'signature' });
    expect(receipt.logs[0]?.decoded?.params.map((p) => [p.name, p.indexed, p.value])).toEqual([
      ['role', true, registry.role],
      ['account', true, lc(registry.member)],
      ['sender', true, lc(info.accounts[7] ?? '')],
    ]);
  });

  it('an unknown selector gets its words and guessed types; its log stays undecoded', async () => {
    const { mystery } = info.decoding;
    const d = await ok<Decoding>(`/transactions/${mystery.settleTx}/decoded`);
    expect([d.decoded, d.candidates, d.transaction.method]).toEqual([null, [], null]);
    expect(d.guess?.types).toEqual(['uint256', 'address', 'bytes']);
    expect(d.guess?.words).toHaveLength(5);
    expect(d.guess?.params?.map((p) => p.value)).toEqual([mystery.amount, lc(mystery.who), mystery.memo]);
    const receipt = await ok<{ logs: DecodedLog[] }>(`/transactions/${mystery.settleTx}/receipt`);
    expect(receipt.logs.map((l) => [l.decoded, l.candidates])).toEqual([[null, []]]);
  });

  it('reads an unverified contract\'s functions from its bytecode and names them from the database', async () => {
    const body = await ok<{ functions: { selector: string; signatures: { signature: string; source: string }[] }[]; events: { topic: string }[] }>(
      `/contracts/${info.decoding.registry.address}/functions-from-bytecode`,
    );
    expect(body.functions.map((f) => [f.selector, f.signatures.map((s) => s.signature)])).toEqual([
      ['0x2f2ff15d', ['grantRole(bytes32,address)']],
      ['0x8da5cb5b', ['owner()']],
      ['0x91d14854', ['hasRole(bytes32,address)']],
      ['0xd547741f', ['revokeRole(bytes32,address)']],
      ['0xf2fde38b', ['transferOwnership(address)']],
    ]);
    expect(body.events).toHaveLength(3);
    const mystery = await ok<typeof body>(`/contracts/${info.decoding.mystery.address}/functions-from-bytecode`);
    expect(mystery.functions.every((f) => f.signatures.length === 0)).toBe(true);
    expect((await get(`/contracts/0x123/functions-from-bytecode`)).status).toBe(400);
  });

  it('follows the devnet EIP-1967 proxy to its implementation and lists the implementation\'s functions', async () => {
    const body = await ok<{ implementation: string | null; proxies: string[]; functions: { selector: string; signatures: { signature: string }[] }[] }>(
      `/contracts/${info.proxy.address}/functions-from-bytecode`,
    );
    expect(body.implementation).toBe(lc(info.proxy.implementation));
    // The kind of proxy followed is named (whatsabi's resolver), not lost with the implementation's own result.
    expect(body.proxies).toEqual(['EIP1967Proxy']);
    // The proxy has no functions of its own (only a fallback), so these can only come from the Playground behind it:
    // setValue(uint256), getValue(), increment(), and deposit(), which the bundled set names (WETH's).
    const selectors = body.functions.map((f) => f.selector);
    expect(selectors).toEqual(expect.arrayContaining(['0x55241077', '0x20965255', '0xd09de08a', '0xd0e30db0']));
    expect(body.functions.find((f) => f.selector === '0xd0e30db0')?.signatures.map((s) => s.signature)).toContain('deposit()');
    // A contract that is no proxy says so.
    const plain = await ok<typeof body>(`/contracts/${info.decoding.registry.address}/functions-from-bytecode`);
    expect(plain.implementation).toBeNull();
    expect(plain.proxies).toEqual([]);
  });

  it('lists and the Etherscan API name the method from the same database', async () => {
    const { registry } = info.decoding;
    const list = await ok<{ hash: string; method: string | null }[]>(`/address/${registry.address}/transactions`);
    expect(list.find((t) => t.hash === registry.grantTx)?.method).toBe('grantRole');
    const api = await ok<{ result: { hash: string; methodId: string; functionName: string }[] }>(`/api?module=account&action=txlist&address=${registry.address}`);
    expect(api.result.find((t) => t.hash === registry.grantTx)).toMatchObject({ methodId: '0x2f2ff15d', functionName: 'grantRole(bytes32 role, address account)' });
  });
});

describe('typed transactions: access lists, EIP-7702 authorizations, EIP-4844 blobs', () => {
  interface Auth {
    chainId: string;
    address: string;
    nonce: string;
    authority: string | null;
    applied: boolean | null;
  }
  interface Typed {
    type: number | null;
    accessList?: { address: string; storageKeys: string[] }[];
    authorizationList?: Auth[];
    blobVersionedHashes?: string[];
    maxFeePerBlobGas?: string | null;
    blobGasUsed?: string | null;
    blobGasPrice?: string | null;
  }

  it('serves the authorization list with recovered authorities and which entries were applied', async () => {
    const t = info.txTypes;
    const tx = await ok<Typed>(`/transactions/${t.setCodeTx}`);
    expect(tx.type).toBe(4);
    expect(tx.authorizationList?.map(({ chainId, address, nonce, authority, applied }) => ({ chainId, address, nonce, authority, applied }))).toEqual([
      { chainId: String(info.chainId), address: lc(t.delegate), nonce: '0', authority: lc(t.authority), applied: true },
      { chainId: String(info.chainId), address: lc(t.delegate), nonce: String(t.wrongNonce), authority: lc(t.stranger), applied: false },
    ]);
    expect(tx.accessList).toEqual([
      { address: lc(t.authority), storageKeys: [`0x${'00'.repeat(32)}`] },
      { address: lc(t.delegate), storageKeys: [] },
    ]);
    const skipped = await ok<Typed>(`/transactions/${t.skippedSetCodeTx}`);
    expect(skipped.authorizationList?.map((a) => [a.chainId, a.authority, a.applied])).toEqual([[String(t.wrongChainId), lc(t.stranger), false]]);
    expect(skipped.accessList).toEqual([]);
    // Worked out once, then kept: the second answer comes from the table.
    const stored = await indexer.store.all<{ applied: string }>('SELECT applied FROM transaction_types WHERE applied IS NOT NULL');
    expect(stored.map((r) => r.applied).sort()).toEqual(['[false]', '[true,false]']);
  });

  it('serves the blob fields of a type-3 transaction and none on others', async () => {
    const blob = await ok<Typed>(`/transactions/${info.txTypes.blobTx}`);
    expect(blob).toMatchObject({ type: 3, accessList: [], maxFeePerBlobGas: '1000000000', blobGasUsed: '131072' });
    expect(blob.blobVersionedHashes).toEqual([expect.stringMatching(/^0x01[0-9a-f]{62}$/)]);
    expect(BigInt(blob.blobGasPrice ?? '0')).toBeGreaterThan(0n);
    const legacy = await ok<Typed>(`/transactions/${info.samples.legacyTx}`);
    expect(legacy.type).toBe(0);
    expect(Object.keys(legacy).filter((k) => /access|authorization|blob/i.test(k))).toEqual([]);
    const eip1559 = await ok<Typed>(`/transactions/${info.txTypes.eip1559Tx}`);
    expect(eip1559).toMatchObject({ type: 2, accessList: [] });
    expect(eip1559.authorizationList).toBeUndefined();
  });

  it('keeps a delegated account an account, says its delegate, and refuses to verify it with a clear 400', async () => {
    const t = info.txTypes;
    expect((await ok<AddressType>(`/address/${t.authority}/type`)).type).toBe('wallet');
    expect(await rpc.call<string>('eth_getCode', [t.authority, 'latest'])).toBe(`0xef0100${lc(t.delegate).slice(2)}`);
    expect(await ok<{ type: string; delegatedTo: string | null }>(`/address/${t.authority}`)).toMatchObject({ type: 'wallet', delegatedTo: lc(t.delegate) });
    expect(await ok<{ delegatedTo: string | null }>(`/address/${t.stranger}`)).toMatchObject({ delegatedTo: null });
    const pg = info.playground;
    const res = await fetch(`${indexer.url}/contracts/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: t.authority, sourceCode: 'contract Delegate {}', compilerVersion: pg.compilerVersion, contractName: 'Delegate', optimizationUsed: true, runs: 200, evmVersion: 'prague' }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string };
    expect(body.error).toContain('delegated by EIP-7702');
    expect(body.error.toLowerCase()).toContain(lc(t.delegate));
  });
});

describe('daily statistics: the series the stats follower folds', () => {
  interface Series {
    name: string;
    unit: string;
    token?: string;
    from: string;
    to: string;
    points: { day: string; value: string | null }[];
  }
  interface Summary {
    firstDay: string | null;
    lastDay: string | null;
    series: { name: string; latest: { day: string; value: string | null } | null; recent: { day: string; value: string | null }[] }[];
  }
  const DAY_S = 86_400;
  const dayText = (d: number): string => new Date(d * DAY_S * 1000).toISOString().slice(0, 10);

  beforeAll(async () => {
    const head = await countOf(indexer.store, 'SELECT max(number) AS n FROM blocks');
    await waitFor(() => (indexer.statsBlock() ?? -1) >= head, 60_000, `the stats follower to reach block ${head}`);
  });

  it('answers every chain-wide series for every day of the kept range, in the summary too', async () => {
    const summary = await ok<Summary>('/stats/summary');
    expect(summary.firstDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(summary.series.map((s) => s.name)).toEqual(Object.keys(CHAIN_SERIES));
    const days = (Date.parse(`${summary.lastDay}T00:00:00Z`) - Date.parse(`${summary.firstDay}T00:00:00Z`)) / 86_400_000 + 1;
    expect(days).toBeGreaterThan(20);
    for (const name of Object.keys(CHAIN_SERIES) as (keyof typeof CHAIN_SERIES)[]) {
      const s = await ok<Series>(`/stats/series/${name}`);
      expect(s).toMatchObject({ name, unit: CHAIN_SERIES[name].unit, from: summary.firstDay, to: summary.lastDay });
      expect(s.points).toHaveLength(days);
      expect(s.points[0]?.day).toBe(summary.firstDay);
      expect(s.points.every((p) => p.value === null || /^\d+(\.\d{1,3})?$/.test(p.value))).toBe(true);
      const card = summary.series.find((c) => c.name === name);
      expect(card?.recent).toEqual(s.points.slice(-Math.min(SUMMARY_DAYS, days)));
      expect(card?.latest).toEqual(s.points[s.points.length - 1]);
    }
    // Over the whole history, the sums are the indexed totals.
    const total = (s: Series): bigint => s.points.reduce((sum, p) => sum + BigInt(p.value ?? '0'), 0n);
    expect(total(await ok<Series>('/stats/series/transactions'))).toBe(BigInt(info.txCount));
    expect(total(await ok<Series>('/stats/series/blocks'))).toBe(BigInt(await countOf(indexer.store, 'SELECT count(*) AS n FROM blocks')));
    expect(total(await ok<Series>('/stats/series/new-contracts'))).toBe(BigInt(await countOf(indexer.store, 'SELECT count(*) AS n FROM contracts')));
  });

  it('agrees with counts computed by SQL from the indexed tables, day by day', async () => {
    const busiest = await indexer.store.all<{ d: number }>(
      `SELECT timestamp / ${DAY_S} AS d FROM blocks GROUP BY timestamp / ${DAY_S} ORDER BY sum(tx_count) DESC, d LIMIT 3`,
    );
    expect(busiest.length).toBeGreaterThan(0);
    for (const { d } of busiest) {
      const day = dayText(Number(d));
      const range = [Number(d) * DAY_S, (Number(d) + 1) * DAY_S] as const;
      const within = 'b.timestamp >= ? AND b.timestamp < ?';
      const point = async (name: string): Promise<string | null> => (await ok<Series>(`/stats/series/${name}?from=${day}&to=${day}`)).points[0]?.value ?? null;
      const sql = (q: string): Promise<number> => countOf(indexer.store, q, ...range);
      expect(await point('transactions')).toBe(String(await sql(`SELECT count(*) AS n FROM transactions t JOIN blocks b ON b.number = t.block_number WHERE ${within}`)));
      expect(await point('blocks')).toBe(String(await sql(`SELECT count(*) AS n FROM blocks b WHERE ${within}`)));
      expect(await point('active-senders')).toBe(String(await sql(`SELECT count(DISTINCT t.from_addr) AS n FROM transactions t JOIN blocks b ON b.number = t.block_number WHERE ${within}`)));
      expect(await point('new-addresses')).toBe(String(await sql(`SELECT count(*) AS n FROM addresses a JOIN blocks b ON b.number = a.first_seen_block WHERE ${within}`)));
      expect(await point('erc20-transfers')).toBe(String(await sql(`SELECT count(*) AS n FROM token_transfers t JOIN blocks b ON b.number = t.block_number WHERE t.token_type = 'ERC20' AND ${within}`)));
      expect(await point('nft-transfers')).toBe(String(await sql(`SELECT count(*) AS n FROM token_transfers t JOIN blocks b ON b.number = t.block_number WHERE t.token_type <> 'ERC20' AND ${within}`)));
      const gas = await indexer.store.all<{ gas_used: string }>(`SELECT b.gas_used FROM blocks b WHERE ${within}`, ...range);
      expect(await point('gas-used')).toBe(String(gas.reduce((s, r) => s + BigInt(r.gas_used), 0n)));
    }
  });

  it("answers a token's transfers per day and its holders at the end of each day", async () => {
    const token = lc(info.tokens[0]?.address ?? '');
    const transfers = await ok<Series>(`/tokens/${token}/series/transfers`);
    const holders = await ok<Series>(`/tokens/${token.toUpperCase().replace('0X', '0x')}/series/holders`);
    expect(transfers).toMatchObject({ name: 'transfers', unit: 'count', token });
    expect(holders.points).toHaveLength(transfers.points.length);
    const t = await ok<Token>(`/tokens/${token}`);
    expect(transfers.points.reduce((s, p) => s + Number(p.value), 0)).toBe(t.transfers);
    expect(holders.points[holders.points.length - 1]?.value).toBe(String(t.holders));
    // A day without transfers keeps the day before's holders.
    for (const [i, p] of transfers.points.entries()) if (i > 0 && p.value === '0') expect(holders.points[i]?.value).toBe(holders.points[i - 1]?.value);
  });

  it.each([
    ['/stats/series/nope', STATS_MESSAGES.unknownSeries(Object.keys(CHAIN_SERIES))],
    ['/stats/series/transactions?from=2024-02-30', STATS_MESSAGES.badDay('from')],
    ['/stats/series/transactions?to=yesterday', STATS_MESSAGES.badDay('to')],
    ['/stats/series/transactions?from=2024-03-02&to=2024-03-01', STATS_MESSAGES.reversed],
    ['/stats/series/transactions?from=1990-01-01&to=2024-03-01', STATS_MESSAGES.tooLong],
    ['/stats/series/transactions?from=2001-01-01&to=2001-01-02', 'Invalid range: statistics start on'],
    ['/stats/series/transactions?to=2099-01-01', 'Invalid range: statistics end on'],
    ['/tokens/0x12/series/holders', STATS_MESSAGES.badToken],
    ['/tokens/0x000000000000000000000000000000000000dEaD/series/nope', STATS_MESSAGES.unknownSeries(Object.keys(TOKEN_SERIES))],
  ])('%s is a 400 with a clear message', async (path, message) => {
    const r = await get<ApiError>(path);
    expect(r.status).toBe(400);
    expect(r.body.error.startsWith(message)).toBe(true);
  });
});
