import { id, type Wallet } from 'ethers';
import type { SignedTx } from '../txfactory.ts';
import type { ScenarioInfo } from '../types.ts';
import type { ScenarioContext } from './context.ts';

// Decoding without verified source: in the history's last blocks, two contracts that are never verified. One uses
// signatures of the bundled set (OpenZeppelin's AccessControl and Ownable), the other signatures nobody knows.

const DEPLOY_GAS = 1_500_000;
const CALL_GAS = 200_000;

/** The role the registry grants: keccak256("MINTER_ROLE"), as OpenZeppelin contracts name it. */
export const MINTER_ROLE = id('MINTER_ROLE');

/** Blocks runDecoding mines. */
export const DECODING_BLOCKS = 2;

/**
 * Deploys and calls the registry and the mystery ledger, one block each step, through `mine` (a block of the history's
 * schedule: history.ts's HistoryTail); answers what ScenarioInfo records.
 */
export async function runDecoding(ctx: ScenarioContext, mine: (txs: SignedTx[]) => Promise<void>): Promise<ScenarioInfo['decoding']> {
  const { world, chain } = ctx;
  const from = ctx.dev[7] as Wallet;
  const member = (ctx.dev[6] as Wallet).address;
  const registryDeploy = world.deploy(from, 'RoleRegistry', [], DEPLOY_GAS, 'decoding:registry', 'eip1559');
  const mysteryDeploy = world.deploy(from, 'MysteryLedger', [], DEPLOY_GAS, 'decoding:mystery', 'eip1559');
  const firstBlock = chain.lastBlock + 1;
  const registry = registryDeploy.created ?? '';
  const mystery = mysteryDeploy.created ?? '';
  await mine([registryDeploy, mysteryDeploy]);
  const grant = world.call(from, 'RoleRegistry', registry, 'grantRole', [MINTER_ROLE, member], CALL_GAS, 0n, 'eip1559');
  const settle = world.call(from, 'MysteryLedger', mystery, 'qx7Settle', [1_234_567n, member, '0xc0ffee'], CALL_GAS, 0n, 'eip1559');
  await mine([grant, settle]);
  ctx.log(`scenario: decoding contracts deployed and called (${ctx.ms()} ms)`);
  return {
    firstBlock,
    registry: { address: registry, grantTx: grant.hash, role: MINTER_ROLE, member },
    mystery: { address: mystery, settleTx: settle.hash, amount: '1234567', who: member, memo: '0xc0ffee' },
  };
}
