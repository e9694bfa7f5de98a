// `npm test`: the type check and lint, the Vitest projects, the build and the Playwright projects, in that order, each
// step stopping the run when it fails. The run ends with where its time went: one line per step, then one per test
// project (written by the runners' timing reporters in tests/timing/), each with its seconds.
//
// The type check and the lint each keep one core busy for half a minute and read the same generated types, so the
// types are generated once (`astro sync`) and both then run side by side. The build runs beside Vitest: Vitest's
// workers spend much of their time waiting on anvil, the indexers and PostgreSQL (about 1.5 of the 2 cores busy on
// average), and no Vitest test reads the build. The Playwright projects need the build and run last; their runner
// spreads its work over both cores.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const started = Date.now();
const timingDir = mkdtempSync(join(tmpdir(), 'sto-test-timing-'));
const timingFile = join(timingDir, 'projects.txt');
const stepLines: string[] = [];

/** One command of a step: the npm script (or npx tool) it runs and its arguments. */
type Command = readonly [string, ...string[]];

/**
 * Runs a command with the run's environment. A command that runs beside another has its output held back and printed
 * whole when it ends, so the two never interleave line by line.
 */
function run(command: Command, alone: boolean): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('npm', [...command], {
      env: { ...process.env, TEST_TIMING_FILE: timingFile },
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const held: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => held.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => held.push(chunk));
    child.once('error', (err) => {
      process.stderr.write(`test: ${command.join(' ')}: ${err.message}\n`);
      resolve(false);
    });
    child.once('close', (code) => {
      if (!alone) process.stdout.write(`\n> ${command.join(' ')}\n${Buffer.concat(held).toString()}`);
      resolve(code === 0);
    });
  });
}

/** Runs a step's commands side by side and records its wall time; false when any of them failed. */
async function step(name: string, commands: readonly Command[]): Promise<boolean> {
  const t0 = Date.now();
  const results = await Promise.all(commands.map((c) => run(c, commands.length === 1)));
  stepLines.push(`timing: ${name} ${seconds(Date.now() - t0)} s`);
  return results.every(Boolean);
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(0);
}

// `npm run check` and `npm run lint`, with the types generated once for both (each of them would otherwise run
// `astro sync` itself, and one could read a generated file while the other rewrites it).
const ok =
  (await step('astro sync', [['exec', '--', 'astro', 'sync']])) &&
  (await step('check and lint', [
    ['run', 'check', '--', '--noSync'],
    ['exec', '--', 'eslint', '--max-warnings', '0', '.'],
  ])) &&
  (await step('vitest and build', [['run', 'test:vitest'], ['run', 'build']])) &&
  (await step('playwright', [['run', 'test:e2e']]));

const projectLines = existsSync(timingFile) ? readFileSync(timingFile, 'utf8').trim().split('\n').filter(Boolean) : [];
rmSync(timingDir, { recursive: true, force: true });
process.stdout.write(`\n${[...stepLines, ...projectLines, `timing: npm test ${seconds(Date.now() - started)} s`].join('\n')}\n`);
process.exit(ok ? 0 : 1);
