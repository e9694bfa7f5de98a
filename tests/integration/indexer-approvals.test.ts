// GET /address/{a}/approvals on the suite's backend: the index the sync keeps (written and rolled back as the sync
// does, tests/approvals-chain.ts), the page's allowances read again from the node (a stand-in answering allowance()
// from a table), rows spent to zero left out, the indexed value served and marked when the node fails, Unlimited,
// names of tokens and spenders, paging over thousands of approvals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiContext } from '../../indexer/src/api/context.ts';
import { buildRouter } from '../../indexer/src/api/routes.ts';
import { HttpError } from '../../indexer/src/http/router.ts';
import { insertRows } from '../../indexer/src/store/bulk.ts';
import type { Store } from '../../indexer/src/store/types.ts';
import { MAX, NFT, OP, OWNER, rollbackTestBlocks, SPENDER_B as DEX, SPENDER_A as SPENDER, testHash, TOKEN, writeTestBlock } from '../approvals-chain.ts';
import { BACKEND, scratchStore } from './backend.ts';

const BUSY = '0x00000000000000000000000000000000000000a2';

type Row = Record<string, unknown>;
let db: Store;
/** What allowance(owner, spender) answers now, by `${token}:${spender}`; a missing key reverts. */
const onChain = new Map<string, bigint>();
let nodeDown = false;

const rpc = {
  raw: async (calls: { id: number; params: [{ to: string; data: string }] }[]) => {
    if (nodeDown) throw new Error('fetch failed');
    return calls.map((c) => {
      const value = onChain.get(`${c.params[0].to}:0x${c.params[0].data.slice(-40)}`);
      return value === undefined ? { id: c.id, error: { code: 3, message: 'execution reverted' } } : { id: c.id, result: `0x${value.toString(16).padStart(64, '0')}` };
    });
  },
};

let get: (path: string) => Promise<Row[]>;

beforeAll(async () => {
  db = await scratchStore();
  await db.run(
    `INSERT INTO contracts (address, first_seen_block, contract_type, name, symbol, decimals) VALUES
       (?, 1, 'ERC20', 'Sto <b>Dollar</b>', 'SUSD', 6), (?, 1, 'ERC721', 'Sto Shapes', 'SHAPE', 0), (?, 1, 'ERC20', 'Dex Token', 'DEX', 18)`,
    TOKEN,
    NFT,
    DEX,
  );
  await writeTestBlock(db, 1, [{ approve: [TOKEN, OWNER, SPENDER, 5_000_000n] }, { approve: [TOKEN, OWNER, DEX, MAX] }, { forAll: [NFT, OWNER, OP, true] }]);
  await writeTestBlock(db, 2, [{ approve: [TOKEN, OWNER, SPENDER, 2_500_000n] }]);
  const ctx = { db, rpc, sync: () => ({}), ipfsGateway: 'https://ipfs.io/ipfs/', cache: false } as unknown as ApiContext;
  const router = buildRouter(ctx);
  get = async (path: string) => {
    const url = new URL(path, 'http://x');
    const match = router.match('GET', url.pathname.split('/').filter(Boolean));
    if (!match || !('route' in match)) throw new Error(`no route for ${path}`);
    return (await match.route.handler({ params: match.params, query: url.searchParams, body: undefined })) as Row[];
  };
});

afterAll(() => db.close());

const brief = (rows: Row[]) => rows.map((r) => [r['tokenAddress'], r['spender'], r['kind'], r['value'], r['valueFormatted'], r['valueSource'], r['blockNumber']]);

describe('GET /address/{a}/approvals', () => {
  it('lists what is in force, newest grant first, with the on-chain allowance', async () => {
    onChain.set(`${TOKEN}:${SPENDER}`, 1_000_000n);
    onChain.set(`${TOKEN}:${DEX}`, MAX);
    const rows = await get(`/address/${OWNER.toUpperCase().replace('0X', '0x')}/approvals`);
    expect(brief(rows)).toEqual([
      [TOKEN, SPENDER, 'allowance', '1000000', '1', 'chain', 2],
      [NFT, OP, 'operator', null, null, 'event', 1],
      [TOKEN, DEX, 'allowance', MAX.toString(), 'Unlimited', 'chain', 1],
    ]);
    expect(rows[0]).toMatchObject({ owner: OWNER, tokenName: 'Sto <b>Dollar</b>', tokenSymbol: 'SUSD', tokenDecimals: 6, tokenType: 'ERC20', unlimited: false, transactionHash: testHash(2, 1), timestamp: 2_000, logIndex: 0 });
    expect(rows[1]).toMatchObject({ tokenName: 'Sto Shapes', tokenType: 'ERC721', tokenDecimals: null, spenderName: null, unlimited: false });
    expect(rows[2]).toMatchObject({ spenderName: 'Dex Token', unlimited: true });
  });

  it('leaves out an allowance spent to zero since its last event, and keeps one whose call reverts at its indexed value', async () => {
    onChain.set(`${TOKEN}:${SPENDER}`, 0n);
    onChain.delete(`${TOKEN}:${DEX}`);
    const rows = await get(`/address/${OWNER}/approvals`);
    expect(brief(rows)).toEqual([
      [NFT, OP, 'operator', null, null, 'event', 1],
      [TOKEN, DEX, 'allowance', MAX.toString(), 'Unlimited', 'indexed', 1],
    ]);
    // The spent row's place stays empty: the page's positions say one was left out.
    expect(rows.map((r) => r['indexPosition'])).toEqual([1, 2]);
  });

  it('serves the indexed values, marked, when the node fails', async () => {
    nodeDown = true;
    try {
      expect(brief(await get(`/address/${OWNER}/approvals?limit=2`))).toEqual([
        [TOKEN, SPENDER, 'allowance', '2500000', '2.5', 'indexed', 2],
        [NFT, OP, 'operator', null, null, 'event', 1],
      ]);
    } finally {
      nodeDown = false;
    }
  });

  it('follows a reorg: the lowered allowance goes back to its earlier grant', async () => {
    onChain.set(`${TOKEN}:${SPENDER}`, 5_000_000n);
    onChain.set(`${TOKEN}:${DEX}`, MAX);
    await rollbackTestBlocks(db, 2);
    expect(brief(await get(`/address/${OWNER}/approvals`))[2]).toEqual([TOKEN, SPENDER, 'allowance', '5000000', '5', 'chain', 1]);
  });

  it('answers [] for an address without approvals, and 400 for bad input', async () => {
    expect(await get(`/address/0x${'9'.repeat(40)}/approvals`)).toEqual([]);
    await expect(get('/address/0x123/approvals')).rejects.toMatchObject({ status: 400, message: 'Invalid address' });
    await expect(get(`/address/${OWNER}/approvals?limit=0`)).rejects.toBeInstanceOf(HttpError);
  });

  it('pages an owner with 3,000 approvals from the owner index', async () => {
    const rows = Array.from({ length: 3_000 }, (_, i) => [BUSY, NFT, `0x${(i + 1).toString(16).padStart(40, '0')}`, 'operator', '1', 10 + Math.floor(i / 10), i % 10, testHash(10, i), 10_000 + i]);
    await db.transaction((tx) => insertRows(tx, 'approvals', ['owner', 'token', 'spender', 'kind', 'value', 'block_number', 'log_index', 'tx_hash', 'timestamp'], rows));
    const first = await get(`/address/${BUSY}/approvals?limit=100`);
    const last = await get(`/address/${BUSY}/approvals?limit=100&offset=2950`);
    expect(first).toHaveLength(100);
    expect(first[0]).toMatchObject({ spender: `0x${(3_000).toString(16).padStart(40, '0')}`, blockNumber: 309, logIndex: 9 });
    expect(last[0]?.['indexPosition']).toBe(2_950);
    expect(last.map((r) => r['spender'])).toEqual(Array.from({ length: 50 }, (_, i) => `0x${(50 - i).toString(16).padStart(40, '0')}`));
  });

  // The planner's choice is only stable on SQLite (PostgreSQL may scan a table this small).
  if (BACKEND === 'sqlite') {
    it('reads an owner\'s page through approvals_owner, in index order', async () => {
      const plan = await db.all<{ detail: string }>(
        `EXPLAIN QUERY PLAN SELECT * FROM approvals a WHERE a.owner = ? ORDER BY a.block_number DESC, a.log_index DESC LIMIT 10`,
        BUSY,
      );
      expect(plan.map((p) => p.detail).join('; ')).toMatch(/USING INDEX approvals_owner/);
      expect(plan.map((p) => p.detail).join('; ')).not.toMatch(/TEMP B-TREE/);
    });
  }
});
