// Verification benchmark: the time of a verification with a cold compiler (a new compiler thread loading solc-js)
// and a warm one, for a single file (Playground) and a standard JSON input with imports (Token + OpenZeppelin), and
// whether the indexer stays responsive meanwhile: p99 of /blocks/{n} at 16 connections, idle and during a verification.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAnvil } from '../devnet/anvil.ts';
import { runScenario } from '../devnet/scenario.ts';
import { deployedContracts, devnetStandardJsonInput } from '../devnet/verification.ts';
import { startIndexer } from '../indexer/src/main.ts';
import { runLoad, type LoadFigures } from '../tests/indexer-testing/load.ts';

const COMPILER = 'v0.8.30+commit.73712a01';

async function post(url: string, body: unknown): Promise<{ status: number; ms: number; matchType: string | null }> {
  const started = performance.now();
  const res = await fetch(`${url}/contracts/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as { matchType?: string };
  return { status: res.status, ms: performance.now() - started, matchType: json.matchType ?? null };
}

const fmt = (f: LoadFigures) => `${f.rps.toFixed(0).padStart(6)} req/s · p50 ${f.p50.toFixed(1)} ms · p99 ${f.p99.toFixed(1)} ms · errors ${f.errors + f.non2xx}`;

/** Runs the verification benchmark and prints its table. */
export async function runVerifyBench(log: (line: string) => void = (line) => console.log(line)): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'sto-bench-verify-'));
  const anvil = await startAnvil();
  try {
    const info = await runScenario(anvil.url, { scale: 1 });
    const indexer = await startIndexer({ rpcUrl: anvil.url, dataDir: dir, port: 0, log: () => {}, metadata: false, verify: { download: false }, rateLimit: false });
    try {
      await indexer.caughtUp();
      const contracts = deployedContracts(info);
      const playgrounds = contracts.filter((c) => c.contractName === 'Playground');
      const tokens = contracts.filter((c) => c.contractName === 'Token');
      const source = readFileSync(info.playground.sourcePath, 'utf8');
      const single = (address: string) => ({ address, sourceCode: source, compilerVersion: COMPILER, contractName: 'Playground', optimizationUsed: true, runs: 200, evmVersion: 'prague' });
      const standard = (address: string) => ({ address, standardJsonInput: devnetStandardJsonInput(), compilerVersion: COMPILER, contractName: 'Token.sol:Token' });

      log('\nContract verification (solc-js 0.8.30 in a worker thread, this machine)');
      const cold = await post(indexer.url, single(playgrounds[0]?.address ?? ''));
      log(`  single file, cold compiler:        ${cold.ms.toFixed(0).padStart(6)} ms  (${cold.status}, ${cold.matchType} match)`);
      const warm = await post(indexer.url, single(playgrounds[1]?.address ?? ''));
      log(`  single file, warm compiler:        ${warm.ms.toFixed(0).padStart(6)} ms  (${warm.status}, ${warm.matchType} match)`);
      const json = await post(indexer.url, standard(tokens[0]?.address ?? ''));
      log(`  standard JSON (35 files), warm:    ${json.ms.toFixed(0).padStart(6)} ms  (${json.status}, ${json.matchType} match)`);
      const wrong = await post(indexer.url, { ...single(playgrounds[2]?.address ?? ''), optimizationUsed: false });
      log(`  rejected, reason found (variants): ${wrong.ms.toFixed(0).padStart(6)} ms  (${wrong.status})`);

      const paths = Array.from({ length: 50 }, (_, i) => `/blocks/${i + 1}`);
      await runLoad(indexer.url, paths, 16, 500);
      const idle = await runLoad(indexer.url, paths, 16, 3000);
      // A verification that keeps the compiler busy: a rejection tries several variants.
      const busy = post(indexer.url, { ...standard(tokens[1]?.address ?? ''), standardJsonInput: { ...devnetStandardJsonInput(), settings: { optimizer: { enabled: false, runs: 200 }, evmVersion: 'prague' } } });
      const during = await runLoad(indexer.url, paths, 16, 3000);
      const busyResult = await busy;
      log(`\n/blocks/{n} at 16 connections, 3 s each`);
      log(`  idle:                 ${fmt(idle)}`);
      log(`  during verification:  ${fmt(during)}  (the verification took ${busyResult.ms.toFixed(0)} ms, ${busyResult.status})`);
    } finally {
      await indexer.stop();
    }
  } finally {
    await anvil.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
