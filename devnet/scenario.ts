import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileContracts } from './compile.ts';
import { latestBlock, type RawBlock } from './mine.ts';
import { Rpc } from './rpc.ts';
import type { ScenarioInfo } from './types.ts';
import { createContext } from './scenario/context.ts';
import { APPROVAL_BLOCKS, runApprovals } from './scenario/approvals.ts';
import { DECODING_BLOCKS, runDecoding } from './scenario/decoding.ts';
import { runHistory } from './scenario/history.ts';
import { DELEGATION_BLOCKS, runDelegations } from './scenario/delegations.ts';
import { buildInfo, checkReceipts } from './scenario/info.ts';
import { runSetup } from './scenario/setup.ts';

export type { ScenarioInfo } from './types.ts';

export interface ScenarioOptions {
  /** Multiplies the amount of history (default 1: about 340 blocks and 1,000 transactions; scale 20 gives about 20,000). */
  scale?: number;
  /** Unix seconds the history ends at (default: the wall clock). */
  now?: number;
  log?: (line: string) => void;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Where runScenario writes its ScenarioInfo. */
export const SCENARIO_FILE = join(ROOT, 'data', 'scenario.json');

function writeInfo(info: ScenarioInfo): void {
  mkdirSync(dirname(SCENARIO_FILE), { recursive: true });
  const tmp = `${SCENARIO_FILE}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(info, null, 2)}\n`);
  renameSync(tmp, SCENARIO_FILE);
}

async function chainHead(rpc: Rpc): Promise<{ chainId: number; head: RawBlock }> {
  const chainId = Number(BigInt(await rpc.call<string>('eth_chainId')));
  const head = await latestBlock(rpc);
  if (BigInt(head.baseFeePerGas ?? '0x0') !== 0n) {
    throw new Error('runScenario needs a chain whose base fee is 0 (zero-gas-price transactions): start anvil with --base-fee 0, as startAnvil does');
  }
  return { chainId, head };
}

/** Writes a deterministic, realistic 30-day history onto a fresh devnet (contracts, tokens, NFTs, holders, reverts, empty and busy blocks) and returns what it did. */
export async function runScenario(rpcUrl: string, opts: ScenarioOptions = {}): Promise<ScenarioInfo> {
  const scale = opts.scale ?? 1;
  if (!(scale > 0)) throw new Error(`scale must be positive, got ${scale}`);
  const log = opts.log ?? ((): void => undefined);
  const t0 = performance.now();
  const ms = (): number => Math.round(performance.now() - t0);
  const rpc = new Rpc(rpcUrl);
  const artifacts = compileContracts();
  log(`scenario: contracts compiled (${ms()} ms)`);

  const { chainId, head } = await chainHead(rpc);
  const wallClock = opts.now === undefined;
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  const ctx = await createContext(rpc, artifacts, { chainId, head, now, scale, log, ms });
  const { chain } = ctx;

  const prevAutomine = await rpc.call<boolean>('anvil_getAutomine');
  await rpc.call('evm_setAutomine', [false]);
  try {
    const setup = await runSetup(ctx);
    log(`scenario: setup done (${chain.blockCount} blocks, ${chain.txCount} txs, ${ms()} ms)`);
    // The decoding, approval and transaction-type steps run in the history's last blocks (its schedule), so the chain still ends at `now`.
    const after: Partial<Pick<ScenarioInfo, 'decoding' | 'approvals' | 'txTypes'>> = {};
    const hostile = await runHistory(ctx, setup, { scale, now, wallClock }, {
      blocks: DECODING_BLOCKS + APPROVAL_BLOCKS + DELEGATION_BLOCKS,
      run: async (mine) => {
        after.decoding = await runDecoding(ctx, mine);
        after.approvals = await runApprovals(ctx, setup, mine);
        after.txTypes = await runDelegations(ctx, mine);
      },
    });
    const { decoding, approvals, txTypes } = after;
    if (decoding === undefined || approvals === undefined || txTypes === undefined) throw new Error('the history ended before its last steps');
    await checkReceipts(rpc, chain.txBlocks, ctx.world.expectedReverts);
    log(`scenario: ${chain.blockCount} blocks, ${chain.txCount} transactions, last block ${chain.lastBlock} (${ms()} ms)`);
    const info = { ...(await buildInfo(ctx, setup, hostile, { chainId, scale })), decoding, approvals, txTypes };
    writeInfo(info);
    return info;
  } finally {
    await rpc.call('evm_setAutomine', [prevAutomine]).catch(() => undefined);
  }
}
