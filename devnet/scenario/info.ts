import { COMPILER_SETTINGS, compilerVersion } from '../compile.ts';
import { latestBlock } from '../mine.ts';
import { BAD_UTF8_NAME, BAD_UTF8_SYMBOL, HOSTILE_NFT_NAME, HOSTILE_NFT_SYMBOL } from '../payloads.ts';
import type { Rpc } from '../rpc.ts';
import type { ScenarioInfo, ScenarioSamples, TokenRef } from '../types.ts';
import type { World } from '../world.ts';
import type { ScenarioContext } from './context.ts';
import type { HostileContracts } from './hostile.ts';
import type { SetupResult } from './setup.ts';

const lc = (a: string): string => a.toLowerCase();

const SAMPLE_KINDS = [
  'plainTransfer', 'erc20Transfer', 'contractCreation', 'reverted', 'revertedCustomError', 'zeroGasPrice', 'erc1155Single',
  'erc1155Batch', 'nftMint', 'nftTransfer', 'playgroundCall', 'payableCall', 'legacyTx', 'accessListTx', 'dataTransfer',
] as const satisfies readonly (keyof ScenarioSamples)[];

interface RawReceipt {
  transactionHash: string;
  status: string;
}

/** Verifies that exactly the intended transactions reverted (a wrong gas limit or stale ledger would show up here). */
export async function checkReceipts(rpc: Rpc, blocks: number[], expectedReverts: Set<string>): Promise<void> {
  const unexpected: string[] = [];
  let reverted = 0;
  for (let i = 0; i < blocks.length; i += 100) {
    const results = await rpc.batchOrThrow(
      blocks.slice(i, i + 100).map((n) => ({ method: 'eth_getBlockReceipts', params: [`0x${n.toString(16)}`] })),
    );
    for (const receipts of results as RawReceipt[][]) {
      for (const r of receipts) {
        const failed = r.status === '0x0';
        if (failed) reverted++;
        if (failed !== expectedReverts.has(r.transactionHash)) unexpected.push(`${r.transactionHash} status ${r.status}`);
      }
    }
  }
  if (unexpected.length > 0) throw new Error(`unexpected receipt status: ${unexpected.slice(0, 5).join('; ')} (${unexpected.length} in all)`);
  if (reverted !== expectedReverts.size) throw new Error(`expected ${expectedReverts.size} reverted transactions, found ${reverted}`);
}

function assertAllSamples(world: World): ScenarioSamples {
  const missing = SAMPLE_KINDS.filter((k) => !world.samples[k]);
  if (missing.length > 0) throw new Error(`scenario produced no sample for: ${missing.join(', ')}`);
  return world.samples as ScenarioSamples;
}

function playgroundInfo(address: string, constructorArgs: string): ScenarioInfo['playground'] {
  return {
    address,
    contractName: 'Playground',
    sourcePath: 'devnet/contracts/Playground.sol',
    sourceUnitName: 'Playground.sol',
    compilerVersion: compilerVersion(),
    optimizer: { ...COMPILER_SETTINGS.optimizer },
    evmVersion: COMPILER_SETTINGS.evmVersion,
    constructorArgs,
  };
}

function hostileInfo(hostile: HostileContracts): ScenarioInfo['hostile'] {
  return {
    erc20: hostile.erc20,
    badUtf8: { address: hostile.badUtf8, rawName: BAD_UTF8_NAME, rawSymbol: BAD_UTF8_SYMBOL, decimals: 18 },
    erc721: { address: hostile.nft, name: HOSTILE_NFT_NAME, symbol: HOSTILE_NFT_SYMBOL, tokenIds: hostile.tokenIds },
  };
}

/** Checks that every sample kind occurred and gathers what the scenario did into its ScenarioInfo. */
export async function buildInfo(
  ctx: ScenarioContext,
  setup: SetupResult,
  hostile: HostileContracts,
  meta: { chainId: number; scale: number },
): Promise<Omit<ScenarioInfo, 'decoding' | 'approvals' | 'txTypes'>> {
  const { world, chain } = ctx;
  const sgov = setup.tokens[0] as TokenRef;
  const sgovHolders = [...(world.erc20.get(lc(sgov.address)) ?? new Map<string, bigint>()).values()].filter((b) => b > 0n).length;
  const samples = assertAllSamples(world);
  const endBlock = await latestBlock(ctx.rpc);
  return {
    chainId: meta.chainId,
    scale: meta.scale,
    firstBlock: chain.firstBlock,
    lastBlock: chain.lastBlock,
    startTimestamp: chain.firstTs,
    endTimestamp: Number(endBlock.timestamp),
    blockCount: chain.blockCount,
    txCount: chain.txCount,
    accounts: ctx.dev.map((w) => w.address),
    deployer: ctx.deployer.address,
    holders: ctx.holders.map((w) => w.address),
    validators: ctx.validators,
    tokens: setup.tokens,
    holderToken: { address: sgov.address, symbol: sgov.symbol, holders: sgovHolders },
    nfts: setup.nfts.map((n) => ({ ...n, minted: world.nftMinted.get(lc(n.address)) ?? 0 })),
    erc1155: { address: setup.items, name: 'Sto Game Items', symbol: 'ITEM', tokenIds: setup.itemIds },
    playground: playgroundInfo(setup.playground, world.encodeArgs('Playground', ctx.deployments.args('playground'))),
    proxy: setup.proxy,
    factory: setup.factory,
    hostile: hostileInfo(hostile),
    contracts: world.contracts,
    samples,
    busyBlock: chain.busyBlock,
    emptyBlock: chain.emptyBlock,
  };
}
