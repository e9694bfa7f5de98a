import { describe, expect, it } from 'vitest';
import type { AddressBook } from '../../indexer/src/sync/address-book.ts';
import { ContractDiscovery } from '../../indexer/src/sync/contract-discovery.ts';
import type { ContractProbe } from '../../indexer/src/sync/probe.ts';
import type { Queryable, SqlParam } from '../../indexer/src/store/types.ts';

/** A store whose contracts table holds `types` (address → contract_type), recording the statements that write. */
function store(types: Record<string, string>): { q: Queryable; writes: string[] } {
  const writes: string[] = [];
  const q = {
    one: async (sql: string, address: string) => {
      const type = types[address];
      if (type === undefined) return undefined;
      return sql.includes('contract_type') ? { contract_type: type } : { x: 1 };
    },
    all: async () => [],
    run: async (sql: string, ...params: SqlParam[]) => {
      writes.push(`${sql.trim().split(/\s+/).slice(0, 3).join(' ')} ${String(params[0])}`);
    },
  } as unknown as Queryable;
  return { q, writes };
}

/** An address book that knows `probes` (new contracts probed this batch) and `kinds` (addresses seen before). */
function book(probes: Record<string, ContractProbe>, kinds: Record<string, 'account' | 'contract'> = {}): AddressBook & { storedList: string[] } {
  const storedList: string[] = [];
  return {
    storedList,
    probe: (a: string) => probes[a],
    lookup: async (a: string) => kinds[a],
    stored: (a: string) => storedList.push(a),
  } as unknown as AddressBook & { storedList: string[] };
}

describe('ContractDiscovery', () => {
  it('stores a probed contract, and one emitting logs only when neither the book nor the table knows it', async () => {
    const b = book({ '0xp': { type: 'ERC20' } as ContractProbe }, { '0xk': 'contract' });
    const d = new ContractDiscovery(b);
    const { q, writes } = store({ '0xt': 'none' });
    d.beginBatch();
    await d.ensure(q, '0xp', 1, null, false);
    await d.ensure(q, '0xn', 1, null, false);
    await d.ensure(q, '0xk', 1, null, true);
    await d.ensure(q, '0xt', 1, null, true);
    await d.ensure(q, '0xe', 1, { creator: '0xc', txHash: '0xh', blockNumber: 1, timestamp: 2 }, true);
    expect(writes).toEqual(['INSERT INTO contracts 0xp', 'INSERT INTO contracts 0xe']);
    expect(b.storedList).toEqual(['0xp', '0xe']);
  });

  it('upgrades an unclassified contract to the token type its transfers show, once, and leaves a typed one', async () => {
    const d = new ContractDiscovery(book({}));
    const { q, writes } = store({ '0xu': 'none', '0xt': 'ERC721' });
    d.beginWrite();
    await d.upgradeType(q, '0xu', 'ERC20');
    await d.upgradeType(q, '0xu', 'ERC20');
    await d.upgradeType(q, '0xt', 'ERC20');
    // One UPDATE (its first parameter is the new type): the second sighting and the typed contract write nothing.
    expect(writes).toEqual(['UPDATE contracts SET ERC20']);
  });
});
