import type { Wallet } from 'ethers';
import { units } from '../activity.ts';
import { HOSTILE_ERC20, HOSTILE_NFT_URIS } from '../payloads.ts';
import type { SignedTx } from '../txfactory.ts';
import type { TokenRef } from '../types.ts';
import type { ScenarioContext } from './context.ts';

/** The spammer's contracts and the NFT token id of each hostile URI. */
export interface HostileContracts {
  erc20: TokenRef[];
  badUtf8: string;
  nft: string;
  tokenIds: Record<string, number>;
}

/** Empty until the spammer shows up (it never does when the history is too short). */
export function noHostileContracts(): HostileContracts {
  return { erc20: [], badUtf8: '', nft: '', tokenIds: {} };
}

function signHostileDeploys(ctx: ScenarioContext, spammer: Wallet): { txs: SignedTx[]; hostile: HostileContracts } {
  const { world, deployments } = ctx;
  const hostile = noHostileContracts();
  const txs: SignedTx[] = [];
  for (const t of HOSTILE_ERC20) {
    const tx = deployments.tx(spammer, `hostile:${t.role}`, `hostile:erc20:${t.role}`);
    world.creditToken(tx.created ?? '', spammer.address, units(1_000_000, t.decimals));
    hostile.erc20.push({ role: t.role, address: tx.created ?? '', name: t.name, symbol: t.symbol, decimals: t.decimals });
    txs.push(tx);
  }
  const badTx = deployments.tx(spammer, 'hostile:bad-utf8', 'hostile:erc20:bad-utf8');
  hostile.badUtf8 = badTx.created ?? '';
  world.creditToken(hostile.badUtf8, spammer.address, units(1_000_000, 18));
  const nftTx = deployments.tx(spammer, 'hostile:nft', 'hostile:erc721');
  hostile.nft = nftTx.created ?? '';
  txs.push(badTx, nftTx);
  return { txs, hostile };
}

/** Mints one hostile NFT per URI and airdrops hostile tokens to a dozen victims; fills in `hostile.tokenIds`. */
function signHostileSpam(ctx: ScenarioContext, spammer: Wallet, hostile: HostileContracts): SignedTx[] {
  const { world, rng, dev } = ctx;
  const spam: SignedTx[] = [];
  const victims = [(dev[1] as Wallet).address, (dev[2] as Wallet).address, ...ctx.holders.slice(0, 10).map((h) => h.address)];
  for (const [key, uri] of Object.entries(HOSTILE_NFT_URIS)) {
    const { tx, tokenId } = world.nftMint(hostile.nft, spammer, victims[Object.keys(hostile.tokenIds).length % victims.length] ?? spammer.address, uri);
    hostile.tokenIds[key] = tokenId;
    spam.push(tx);
  }
  for (const [j, to] of victims.entries()) {
    const t = hostile.erc20[j % hostile.erc20.length] as TokenRef;
    spam.push(world.erc20Transfer(t.address, spammer, to, units(rng.pick([100, 1_000, 31_337]), t.decimals)));
    if (j % 2 === 0) spam.push(world.erc20Transfer(hostile.badUtf8, spammer, to, units(777, 18)));
  }
  return spam;
}

/** A spammer shows up: one block deploys hostile tokens and NFTs, the next airdrops them around. */
export async function deployHostile(ctx: ScenarioContext, mine: (txs: SignedTx[]) => Promise<void>): Promise<HostileContracts> {
  const spammer = ctx.dev[9] as Wallet;
  const { txs, hostile } = signHostileDeploys(ctx, spammer);
  await mine(txs);
  await mine(signHostileSpam(ctx, spammer, hostile));
  ctx.log(`scenario: hostile contracts deployed (${ctx.ms()} ms)`);
  return hostile;
}
