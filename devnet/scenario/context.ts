import type { Wallet } from 'ethers';
import { devWallets, holderCount, holderWallets, validatorAddresses } from '../accounts.ts';
import type { Artifact } from '../compile.ts';
import type { RawBlock } from '../mine.ts';
import { Rng } from '../rng.ts';
import type { Rpc } from '../rpc.ts';
import { TxFactory } from '../txfactory.ts';
import { World } from '../world.ts';
import { Chain, DAY, SPAN } from './chain.ts';
import { planDeployments, type Deployments } from './deployments.ts';

const SEED = 0x570_d37;

/** What every step of the scenario works with: the ledger, the accounts, the deployments and the block miner. */
export interface ScenarioContext {
  rpc: Rpc;
  world: World;
  /** Drives every transaction choice; the factory and the ledger share it. */
  rng: Rng;
  chain: Chain;
  deployments: Deployments;
  /** Anvil's ten dev accounts; [0] is the deployer. */
  dev: Wallet[];
  deployer: Wallet;
  holders: Wallet[];
  validators: string[];
  log: (line: string) => void;
  /** Milliseconds since the scenario started, for progress lines. */
  ms: () => number;
}

/** The chain facts and run settings createContext starts from. */
export interface ContextOptions {
  chainId: number;
  head: RawBlock;
  now: number;
  scale: number;
  log: (line: string) => void;
  ms: () => number;
}

async function loadStoBalances(rpc: Rpc, world: World, wallets: Wallet[]): Promise<void> {
  const balances = await rpc.batchOrThrow(wallets.map((w) => ({ method: 'eth_getBalance', params: [w.address, 'latest'] })));
  wallets.forEach((w, i) => world.sto.set(w.address.toLowerCase(), BigInt(balances[i] as string)));
}

/** Seeds the randomness, loads nonces and balances of every account, and estimates the deployments. */
export async function createContext(rpc: Rpc, artifacts: Record<string, Artifact>, opts: ContextOptions): Promise<ScenarioContext> {
  const rng = new Rng(SEED);
  const timeRng = new Rng(SEED + 1);
  const dev = devWallets();
  const deployer = dev[0] as Wallet;
  const holders = holderWallets(holderCount(opts.scale));
  const validators = validatorAddresses();
  const everyone = [...dev, ...holders];
  const factory = new TxFactory(opts.chainId, rng);
  await factory.loadNonces(rpc, everyone.map((w) => w.address));
  const world = new World(factory, rng, artifacts);
  await loadStoBalances(rpc, world, everyone);
  const deployments = await planDeployments(rpc, world, deployer);
  const chain = new Chain({ rpc, world, validators, timeRng, head: opts.head, now: opts.now });
  if (opts.now - chain.startTs < SPAN - DAY) {
    opts.log(`scenario: chain starts late (${new Date(chain.startTs * 1000).toISOString()}); history spans less than 30 days`);
  }
  return { rpc, world, rng, chain, deployments, dev, deployer, holders, validators, log: opts.log, ms: opts.ms };
}
