import { getAddress, keccak256, MaxUint256, toUtf8Bytes, type Wallet } from 'ethers';
import { units } from '../activity.ts';
import type { SignedTx } from '../txfactory.ts';
import type { ApprovalRef, NftRef, ScenarioInfo, TokenRef } from '../types.ts';
import { GAS } from '../world.ts';
import type { ScenarioContext } from './context.ts';
import type { SetupResult } from './setup.ts';

/** Gas of setApprovalForAll and of a transferFrom that may write a fresh balance slot. */
const GAS_SET_APPROVAL_FOR_ALL = 60_000;
const GAS_TRANSFER_FROM = 90_000;

/** Blocks runApprovals mines (the last blocks of the history's schedule). */
export const APPROVAL_BLOCKS = 4;

/** A spender nobody holds a key for. */
const STRANGER = getAddress(`0x${keccak256(toUtf8Bytes('sto-devnet-spender-0')).slice(26)}`);

/**
 * Token approvals after the everyday history, in its last APPROVAL_BLOCKS blocks, by dev account 5 (anvil signs for it, so the e2e revoke can
 * use it through the injected wallet): ERC-20 allowances to dev account 6, the Playground, the SGOV contract and a
 * stranger, some later spent through transferFrom (no Approval event: only the on-chain allowance tells), lowered
 * and revoked; ApprovalForAll on both collections and the ERC-1155, one later unset. Every allowance the history's
 * random approvals may have given the Playground is set again here, so the owner's final approvals are exactly
 * ScenarioInfo.approvals.inForce.
 */
export async function runApprovals(ctx: ScenarioContext, setup: SetupResult, mineBlock: (txs: SignedTx[]) => Promise<void>): Promise<ScenarioInfo['approvals']> {
  const { world, dev, deployer, chain } = ctx;
  const owner = dev[5] as Wallet;
  const spender = dev[6] as Wallet;
  const [sgov, susd, lpt] = setup.tokens as [TokenRef, TokenRef, TokenRef];
  const [shapes, badges] = setup.nfts as [NftRef, NftRef];
  const { playground, items } = setup;
  const approve = (t: TokenRef, to: string, amount: bigint): SignedTx => world.call(owner, 'Token', t.address, 'approve', [to, amount], GAS.erc20Approve);
  const forAll = (contract: string, at: string, operator: string, on: boolean): SignedTx =>
    world.call(owner, contract, at, 'setApprovalForAll', [operator, on], GAS_SET_APPROVAL_FOR_ALL);
  const mine = async (txs: SignedTx[]): Promise<number> => {
    await mineBlock(txs);
    return chain.lastBlock;
  };

  await mine([
    world.erc20Transfer(sgov.address, deployer, owner.address, units(5_000, sgov.decimals)),
    world.erc20Transfer(susd.address, deployer, owner.address, units(1_000, susd.decimals)),
  ]);

  const spent = approve(sgov, spender.address, units(1_000, sgov.decimals));
  const spentAll = approve(susd, spender.address, units(50, susd.decimals));
  const stranger = approve(sgov, STRANGER, units(777, sgov.decimals));
  const unlimited = approve(susd, playground, MaxUint256);
  const lowered = approve(lpt, sgov.address, 5_000n);
  const toPlayground = [approve(sgov, playground, units(1, sgov.decimals)), approve(lpt, playground, 10n)];
  const shapesOp = forAll('OnchainNFT', shapes.address, spender.address, true);
  const badgesOp = forAll('OnchainNFT', badges.address, playground, true);
  const itemsOp = forAll('GameItems', items, spender.address, true);
  const granted = await mine([spent, spentAll, stranger, unlimited, lowered, ...toPlayground, shapesOp, badgesOp, itemsOp]);

  // The spender takes 400 of its 1,000 SGOV and all of its 50 SUSD: OpenZeppelin 5 emits no Approval for that.
  const take = (t: TokenRef, amount: bigint): SignedTx => {
    world.creditToken(t.address, owner.address, -amount);
    world.creditToken(t.address, spender.address, amount);
    return world.call(spender, 'Token', t.address, 'transferFrom', [owner.address, spender.address, amount], GAS_TRANSFER_FROM);
  };
  await mine([take(sgov, units(400, sgov.decimals)), take(susd, units(50, susd.decimals))]);

  const lower = approve(lpt, sgov.address, 1_200n);
  const changed = await mine([
    lower,
    approve(sgov, STRANGER, 0n),
    approve(sgov, playground, 0n),
    approve(lpt, playground, 0n),
    forAll('OnchainNFT', badges.address, playground, false),
  ]);
  ctx.log(`scenario: approvals of ${owner.address} set, spent, lowered and revoked (${ctx.ms()} ms)`);

  const ref = (a: Omit<ApprovalRef, 'unlimited'>): ApprovalRef => ({ ...a, unlimited: a.value !== null && BigInt(a.value) >= 2n ** 255n });
  return {
    owner: owner.address,
    inForce: [
      ref({ token: lpt.address, tokenType: 'ERC20', kind: 'allowance', spender: sgov.address, spenderName: sgov.name, value: '1200', indexedValue: '1200', grantTx: lower.hash, grantBlock: changed }),
      ref({ token: items, tokenType: 'ERC1155', kind: 'operator', spender: spender.address, spenderName: null, value: null, indexedValue: null, grantTx: itemsOp.hash, grantBlock: granted }),
      ref({ token: shapes.address, tokenType: 'ERC721', kind: 'operator', spender: spender.address, spenderName: null, value: null, indexedValue: null, grantTx: shapesOp.hash, grantBlock: granted }),
      ref({ token: susd.address, tokenType: 'ERC20', kind: 'allowance', spender: playground, spenderName: null, value: MaxUint256.toString(), indexedValue: MaxUint256.toString(), grantTx: unlimited.hash, grantBlock: granted }),
      ref({ token: sgov.address, tokenType: 'ERC20', kind: 'allowance', spender: spender.address, spenderName: null, value: units(600, 18).toString(), indexedValue: units(1_000, 18).toString(), grantTx: spent.hash, grantBlock: granted }),
    ],
    gone: [
      { token: susd.address, kind: 'allowance', spender: spender.address, how: 'spent' },
      { token: sgov.address, kind: 'allowance', spender: STRANGER, how: 'revoked' },
      { token: sgov.address, kind: 'allowance', spender: playground, how: 'revoked' },
      { token: lpt.address, kind: 'allowance', spender: playground, how: 'revoked' },
      { token: badges.address, kind: 'operator', spender: playground, how: 'unset' },
    ],
    revocable: { token: susd.address, spender: playground },
  };
}
