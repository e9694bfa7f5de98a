// The compiler pool's recent outputs: one project verified contract by contract compiles once. A real solc-js in a
// real compiler thread; the jobs are counted through the pool's load (running and waiting jobs).
import { afterEach, describe, expect, it } from 'vitest';
import { CompilerPool } from '../../indexer/src/verify/pool.ts';
import type { CompilerSource } from '../../indexer/src/verify/compilers.ts';

const SOLC: CompilerSource = { kind: 'package', name: 'solc-0.8.20' };

function input(name: string): string {
  return JSON.stringify({
    language: 'Solidity',
    sources: { [`${name}.sol`]: { content: `// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract ${name} { uint256 public x; }\n` } },
    settings: { outputSelection: { '*': { '*': ['evm.deployedBytecode.object'] } } },
  });
}

const pools: CompilerPool[] = [];
function pool(cacheBytes?: number): CompilerPool {
  const p = new CompilerPool({ size: 1, maxQueue: 8, timeoutMs: 60_000, ...(cacheBytes === undefined ? {} : { cacheBytes }) });
  pools.push(p);
  return p;
}

afterEach(async () => {
  for (const p of pools.splice(0)) await p.close();
});

describe('the compiler pool’s recent outputs', () => {
  it('compile the same input once, whether asked again while it compiles or after', async () => {
    const p = pool();
    const first = p.compile(SOLC, input('A'));
    const again = p.compile(SOLC, input('A'));
    expect(p.load).toBe(1);
    const text = await first;
    const output = JSON.parse(text) as { contracts: Record<string, Record<string, { evm: { deployedBytecode: { object: string } } }>> };
    expect(output.contracts['A.sol']?.['A']?.evm.deployedBytecode.object).toMatch(/^[0-9a-f]{100,}$/);
    expect(await again).toBe(text);
    const later = p.compile(SOLC, input('A'));
    expect(p.load).toBe(0);
    expect(await later).toBe(text);
  }, 60_000);

  it('compile another input, or the same for another compiler, again', async () => {
    const p = pool();
    void p.compile(SOLC, input('A')).catch(() => undefined);
    void p.compile(SOLC, input('B')).catch(() => undefined);
    void p.compile({ kind: 'package', name: 'solc-0.8.37' }, input('A')).catch(() => undefined);
    expect(p.load).toBe(3);
  });

  it('keep nothing when their size is 0, and drop the oldest beyond it', async () => {
    const none = pool(0);
    void none.compile(SOLC, input('A')).catch(() => undefined);
    void none.compile(SOLC, input('A')).catch(() => undefined);
    expect(none.load).toBe(2);
    // Room for one and a half outputs: compiling B drops A, the oldest, and keeps B.
    const size = (await pool().compile(SOLC, input('A'))).length;
    const one = pool(Math.round(size * 1.5));
    await one.compile(SOLC, input('A'));
    await one.compile(SOLC, input('B'));
    void one.compile(SOLC, input('B'));
    expect(one.load).toBe(0);
    void one.compile(SOLC, input('A')).catch(() => undefined);
    expect(one.load).toBe(1);
  }, 60_000);

  it('do not keep a compilation that did not finish: the same input compiles again', async () => {
    const p = new CompilerPool({ size: 1, maxQueue: 8, timeoutMs: 1 });
    pools.push(p);
    await expect(p.compile(SOLC, input('A'))).rejects.toThrow(/took longer than/);
    const retry = p.compile(SOLC, input('A'));
    expect(p.load).toBe(1);
    await expect(retry).rejects.toThrow(/took longer than/);
  }, 60_000);
});
