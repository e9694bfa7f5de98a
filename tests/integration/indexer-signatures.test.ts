import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { id } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiContext } from '../../indexer/src/api/context.ts';
import { decodeCallData } from '../../indexer/src/api/signature-decode.ts';
import { importSignatures } from '../../indexer/src/signatures/import.ts';
import { BUNDLE_FILE, bundleEntries, ensureBundledSignatures, lookupSignatures, methodNames, storeSignatures } from '../../indexer/src/signatures/store.ts';
import { abiSignatures } from '../../indexer/src/signatures/text.ts';
import type { Store } from '../../indexer/src/store/types.ts';
import { BACKEND, freshStorage, openStorage, scratchStore } from './backend.ts';

// The signature database on the suite's backend (SQLite, or PostgreSQL in integration-postgres): the bundled set,
// operators' imports (counts, validation, idempotence, --events), a colliding selector through the call decoder, and
// what verification adds.

let db: Store;

beforeAll(async () => {
  db = await scratchStore();
});

afterAll(async () => {
  await db.close();
});

const count = async (where = '1 = 1'): Promise<number> =>
  Number((await db.one<{ n: number | string }>(`SELECT count(*) AS n FROM signatures WHERE ${where}`))?.n ?? 0);

describe(`signature database (${BACKEND})`, () => {
  it('loads the bundled set once: every entry, and nothing again while its digest is unchanged', async () => {
    const entries = bundleEntries(readFileSync(BUNDLE_FILE, 'utf8'));
    expect(entries.length).toBeGreaterThan(500);
    await ensureBundledSignatures(db);
    expect(await count("source = 'bundled'")).toBe(entries.length);
    await ensureBundledSignatures(db);
    expect(await count()).toBe(entries.length);
    const grant = (await lookupSignatures(db, 'function', ['0x2f2ff15d'])).get('0x2f2ff15d');
    expect(grant).toEqual([{ kind: 'function', hash: '0x2f2ff15d', signature: 'grantRole(bytes32,address)', fragment: 'function grantRole(bytes32 role, address account)', source: 'bundled' }]);
    // Beside OpenZeppelin, the hand-kept well-known sources: each selector is written out (and checked against
    // its text here), so a source dropped from signatures-extra.txt, or a bundle not rebuilt, fails.
    const wellKnown: [string, string][] = [
      ['0xd0e30db0', 'deposit()'], // WETH9
      ['0x82ad56cb', 'aggregate3((address,bool,bytes)[])'], // Multicall3
      ['0x38ed1739', 'swapExactTokensForTokens(uint256,uint256,address[],address,uint256)'], // Uniswap v2 router
      ['0x022c0d9f', 'swap(uint256,uint256,address,bytes)'], // Uniswap v2 pair
      ['0x414bf389', 'exactInputSingle((address,address,uint24,address,uint256,uint256,uint256,uint160))'], // Uniswap v3 SwapRouter
      ['0x1fad948c', 'handleOps((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes)[],address)'], // EntryPoint v0.6
      ['0x765e827f', 'handleOps((address,uint256,bytes,bytes,bytes32,uint256,bytes32,bytes,bytes)[],address)'], // EntryPoint v0.7
    ];
    expect(wellKnown.map(([, text]) => id(text).slice(0, 10))).toEqual(wellKnown.map(([selector]) => selector));
    const known = await lookupSignatures(db, 'function', wellKnown.map(([selector]) => selector));
    expect(wellKnown.map(([selector]) => known.get(selector)?.map((s) => [s.signature, s.source]))).toEqual(wellKnown.map(([, text]) => [[text, 'bundled']]));
  });

  it('imports a 4byte-style file: counts accepted, rejected (with line numbers) and duplicates; a second import adds nothing', async () => {
    const before = await count();
    const file = [
      'collate_propagate_storage(bytes16)',
      'burn(uint256)', // bundled (OpenZeppelin ERC20Burnable)
      '<script>alert(1)</script>(uint256)',
      '',
      '# a comment',
      'qx7Settle(uint256,address,bytes)',
      'qx7Settle(uint256,address,bytes)', // twice in the file
      'foo(uint257)',
      'event Qx7Settled(address,uint256,bytes)',
    ].join('\n');
    const first = await importSignatures(db, file);
    expect(first).toEqual({
      accepted: 3,
      rejected: [{ line: 3, text: '<script>alert(1)</script>(uint256)' }, { line: 8, text: 'foo(uint257)' }],
      duplicates: 2,
    });
    expect(await count()).toBe(before + 3);
    const again = await importSignatures(db, file);
    expect([again.accepted, again.rejected.length, again.duplicates]).toEqual([0, 2, 5]);
    expect(await count()).toBe(before + 3);
    expect(await count("signature LIKE '%<%'")).toBe(0);
  });

  it('answers every signature of a colliding selector, best source first, and lists name the best one', async () => {
    const burn = (await lookupSignatures(db, 'function', ['0x42966C68'])).get('0x42966c68');
    expect(burn?.map((s) => [s.signature, s.source])).toEqual([['burn(uint256)', 'bundled'], ['collate_propagate_storage(bytes16)', 'imported']]);
    const names = await methodNames(db, ['0x42966c68' + '00'.repeat(32), '0x94bb1e8e', '0x', '0xdeadbeef']);
    expect(Object.fromEntries(names)).toEqual({ '0x42966c68': 'burn', '0x94bb1e8e': 'qx7Settle' });
    const events = await lookupSignatures(db, 'event', ['0xdbc593537ed6e61eba522664e7efe7d992ceb5672fa971663b71ce32f9acd0d0']);
    expect([...events.values()].flat().map((s) => s.signature)).toEqual(['Qx7Settled(address,uint256,bytes)']);
  });

  it('decodes a call to an unverified contract with every signature of a colliding selector, and guesses nothing', async () => {
    // After the import above, 0x42966c68 is burn(uint256) (bundled) and collate_propagate_storage(bytes16) (imported);
    // a bytes16 right-padded with zeros is also a clean uint256, so both decode the same input.
    const ctx = { db, rpc: {}, sync: () => ({}), ipfsGateway: 'https://ipfs.io/ipfs/', cache: false } as unknown as ApiContext;
    const input = `0x42966c68${'ab'.repeat(16)}${'00'.repeat(16)}`;
    const decoded = await decodeCallData(ctx, `0x${'11'.repeat(20)}`, input, false);
    expect(decoded.candidates.map((c) => [c.functionSignature, c.source])).toEqual([
      ['burn(uint256)', 'signature'],
      ['collate_propagate_storage(bytes16)', 'signature'],
    ]);
    expect(decoded.candidates[1]?.params.map((p) => p.value)).toEqual([`0x${'ab'.repeat(16)}`]);
    expect(decoded.guess).toBeNull();
  });

  it('a verified ABI adds its signatures and gives a bare imported one its parameter names', async () => {
    const abi = [
      { type: 'function', name: 'qx7Settle', stateMutability: 'nonpayable', outputs: [], inputs: [{ name: 'amount', type: 'uint256' }, { name: 'who', type: 'address' }, { name: 'memo', type: 'bytes' }] },
      { type: 'function', name: 'qx7Balance', stateMutability: 'view', outputs: [{ name: '', type: 'uint256' }], inputs: [{ name: '', type: 'address' }] },
    ];
    expect(await storeSignatures(db, abiSignatures(abi), 'verified')).toBe(2);
    const settle = (await lookupSignatures(db, 'function', ['0x94bb1e8e'])).get('0x94bb1e8e');
    expect(settle?.map((s) => [s.fragment, s.source])).toEqual([['function qx7Settle(uint256 amount, address who, bytes memo)', 'imported']]);
    expect((await lookupSignatures(db, 'function', ['0x57004a82'])).get('0x57004a82')?.map((s) => s.source)).toEqual(['verified']);
    expect(await storeSignatures(db, abiSignatures(abi), 'verified')).toBe(0);
  });
});

describe(`npm run signatures:import (${BACKEND})`, () => {
  const run = promisify(execFile);
  const script = fileURLToPath(new URL('../../indexer/signatures-import.ts', import.meta.url));
  let dir: string;

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('reports accepted, rejected and duplicate lines, adds nothing the second time, and refuses a missing file', async () => {
    dir = mkdtempSync(join(tmpdir(), 'signatures-import-'));
    const storage = await freshStorage(dir);
    const env = { ...process.env, DATA_DIR: storage.dataDir, ...(storage.databaseUrl ? { DATABASE_URL: storage.databaseUrl } : { DATABASE_URL: '' }) };
    const file = join(dir, 'signatures.txt');
    writeFileSync(file, 'qx7Settle(uint256,address,bytes)\n<img src=x>(uint256)\ntransfer(address,uint256)\n');
    const first = await run(process.execPath, [script, file], { env });
    expect(first.stdout).toBe('accepted 1, rejected 1, duplicates 1\n  line 2 rejected: "<img src=x>(uint256)"\n');
    const again = await run(process.execPath, [script, file], { env });
    expect(again.stdout.split('\n')[0]).toBe('accepted 0, rejected 1, duplicates 2');
    const missing = await run(process.execPath, [script, join(dir, 'missing.txt')], { env }).then(
      () => null,
      (err: unknown) => err as { code: number; stderr: string },
    );
    expect(missing?.code).toBe(2);
    expect(missing?.stderr).toContain('Cannot read');
    // -- --events: the lines are event signatures (without the 'event' keyword), stored under their full topic.
    const events = join(dir, 'events.txt');
    writeFileSync(events, 'Qx7Pinged(address)\n');
    expect((await run(process.execPath, [script, events, '--events'], { env })).stdout).toBe('accepted 1, rejected 0, duplicates 0\n');
    const store = await openStorage(storage);
    try {
      expect(await store.all<{ kind: string; hash: string }>("SELECT kind, hash FROM signatures WHERE signature = 'Qx7Pinged(address)'")).toEqual([
        { kind: 'event', hash: id('Qx7Pinged(address)') },
      ]);
    } finally {
      await store.close();
    }
  });
});
