// The bundled indexer's NFT routes as the NFT screens use them: ?sort= on /nfts and /nfts/{c}/tokens, and trait
// rarity on /nfts/{c}/{id}. An in-memory database with a few rows is enough.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../indexer/src/store/types.ts';
import { scratchStore } from './backend.ts';
import { buildRouter } from '../../indexer/src/api/routes.ts';
import type { ApiContext } from '../../indexer/src/api/context.ts';
import { HttpError } from '../../indexer/src/http/router.ts';
import { pad } from '../../indexer/src/chain/num.ts';

const OLD = '0x00000000000000000000000000000000000000a1';
const NEW = '0x00000000000000000000000000000000000000a2';
const BUSY = '0x00000000000000000000000000000000000000a3';
const HOLDER = '0x00000000000000000000000000000000000000b1';
const ZERO = '0x0000000000000000000000000000000000000000';

type Json = Record<string, unknown>;
let get: (path: string) => Promise<unknown>;
let db: Store;

beforeAll(async () => {
  db = await scratchStore();
  const contract = {
    run: (...args: (string | number)[]) =>
      db.run(
        `INSERT INTO contracts (address, block_number, timestamp, first_seen_block, contract_type, name, symbol, holder_count, transfer_count)
         VALUES (?, ?, ?, ?, 'ERC721', ?, 'S', ?, ?)`,
        ...args,
      ),
  };
  await contract.run(OLD, 1, 100, 1, 'Old', 9, 1);
  await contract.run(NEW, 50, 5000, 50, 'New', 1, 1);
  await contract.run(BUSY, 10, 1000, 10, 'Busy', 5, 3);
  const meta = (shape: string, color: string) => JSON.stringify({ name: `${shape} ${color}`, attributes: [{ trait_type: 'Shape', value: shape }, { trait_type: 'Color', value: color }] });
  const nft = {
    run: (...args: (string | number | null)[]) =>
      db.run(
        `INSERT INTO nft_tokens (token_address, token_id, token_type, owner, supply, mint_block, minted_at, metadata_status, metadata, name)
         VALUES (?, ?, 'ERC721', ?, ?, ?, ?, 'ok', ?, ?)`,
        ...args,
      ),
  };
  await nft.run(BUSY, pad(1n), HOLDER, pad(1n), 10, 1000, meta('Circle', 'Red'), 'Circle Red');
  await nft.run(BUSY, pad(2n), HOLDER, pad(1n), 11, 1100, meta('Circle', 'Blue'), 'Circle Blue');
  await nft.run(BUSY, pad(3n), HOLDER, pad(1n), 12, 1200, meta('Square', 'Red'), 'Square Red');
  await nft.run(BUSY, pad(4n), HOLDER, pad(1n), 13, 1300, meta('Circle', 'Red'), 'Circle Red 2');
  // Burned: not counted for rarity.
  await nft.run(BUSY, pad(5n), ZERO, pad(0n), 14, 1400, meta('Circle', 'Red'), 'Burned');
  await nft.run(OLD, pad(1n), HOLDER, pad(1n), 1, 100, '{not json', null);
  const transfer = {
    run: (...args: (string | number)[]) =>
      db.run(
        `INSERT INTO token_transfers (id, block_number, log_index, batch_index, tx_hash, timestamp, token_address, token_type, from_addr, to_addr, value, token_id)
         VALUES (?, ?, 0, 0, ?, ?, ?, 'ERC721', ?, ?, '1', ?)`,
        ...args,
      ),
  };
  const tx = `0x${'c'.repeat(64)}`;
  await transfer.run(1, 1, tx, 100, OLD, ZERO, HOLDER, pad(1n));
  await transfer.run(2, 10, tx, 1000, BUSY, ZERO, HOLDER, pad(1n));
  await transfer.run(3, 50, tx, 5000, NEW, ZERO, HOLDER, pad(1n));
  await transfer.run(4, 60, tx, 6000, BUSY, HOLDER, HOLDER, pad(3n));
  await transfer.run(5, 61, tx, 6100, BUSY, HOLDER, HOLDER, pad(2n));
  const ctx = { db, rpc: {}, sync: () => ({}), ipfsGateway: 'https://ipfs.io/ipfs/', cache: false } as unknown as ApiContext;
  const router = buildRouter(ctx);
  get = async (path: string) => {
    const url = new URL(path, 'http://x');
    const match = router.match('GET', url.pathname.split('/').filter(Boolean));
    if (!match || !('route' in match)) throw new Error(`no route for ${path}`);
    return await match.route.handler({ params: match.params, query: url.searchParams, body: undefined });
  };
});

afterAll(() => db.close());

const names = (list: unknown) => (list as Json[]).map((c) => c['name']);

describe('GET /nfts?sort=', () => {
  it.each([
    ['', ['Old', 'Busy', 'New']],
    ['?sort=top', ['Old', 'Busy', 'New']],
    ['?sort=trending', ['Busy', 'New', 'Old']],
    ['?sort=new', ['New', 'Busy', 'Old']],
  ])('/nfts%s', async (query, expected) => {
    expect(names(await get(`/nfts${query}`))).toEqual(expected);
  });

  it('rejects an unknown order with 400', async () => {
    await expect(get('/nfts?sort=hot')).rejects.toThrow(HttpError);
  });
});

describe('GET /nfts/{c}/tokens?sort=', () => {
  const ids = (list: unknown) => (list as Json[]).map((t) => t['tokenId']);
  it.each([
    ['', ['1', '2', '3', '4', '5']],
    ['?sort=top', ['1', '2', '3', '4', '5']],
    // Latest transfer first (2 at id 5, 3 at id 4, 1 at id 2), then the rest by highest id.
    ['?sort=trending', ['2', '3', '1', '5', '4']],
    ['?sort=new', ['5', '4', '3', '2', '1']],
  ])(`/nfts/${BUSY}/tokens%s`, async (query, expected) => {
    expect(ids(await get(`/nfts/${BUSY}/tokens${query}`))).toEqual(expected);
  });
});

describe('GET /nfts/{c}/{id}: trait rarity', () => {
  it('is the share of the live items with the same type and value (one decimal)', async () => {
    const item = (await get(`/nfts/${BUSY}/1`)) as Json;
    // 4 live items: Circle ×3 of 4 = 75 %, Red ×3 of 4 = 75 %, Square ×1 = 25 % (the burned Circle Red is not counted).
    expect(item['traits']).toEqual([
      { type: 'Shape', value: 'Circle', rarity: 75 },
      { type: 'Color', value: 'Red', rarity: 75 },
    ]);
    expect(((await get(`/nfts/${BUSY}/2`)) as Json)['traits']).toEqual([
      { type: 'Shape', value: 'Circle', rarity: 75 },
      { type: 'Color', value: 'Blue', rarity: 25 },
    ]);
    expect(((await get(`/nfts/${BUSY}/3`)) as Json)['traits']).toEqual([
      { type: 'Shape', value: 'Square', rarity: 25 },
      { type: 'Color', value: 'Red', rarity: 75 },
    ]);
  });

  it('an item without readable metadata has no traits', async () => {
    expect(((await get(`/nfts/${OLD}/1`)) as Json)['traits']).toEqual([]);
  });
});
