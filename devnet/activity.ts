import { getAddress, keccak256, parseUnits, toUtf8Bytes, type Wallet } from 'ethers';
import type { Rng } from './rng.ts';
import type { SignedTx } from './txfactory.ts';
import type { NftRef, TokenRef } from './types.ts';
import { GAS, type World } from './world.ts';

/** Relative frequency of each kind of transaction in the scenario's everyday activity. */
export const ACTIVITY_WEIGHTS = {
  sto: 27, erc20: 28, approve: 3, nftMint: 5, nftTransfer: 4, itemSingle: 4, itemBatch: 3, itemMint: 1,
  playground: 9, toContract: 1.5, note: 1.5, zero: 4, reverted: 1.5, create: 0.6, tokenMint: 0.5,
} as const;
export type Action = keyof typeof ACTIVITY_WEIGHTS;

const MESSAGES = [
  'gm', 'Hello from the STO devnet', 'Testing the playground', 'Shipping it', 'wagmi', 'First!',
  'Indexers love events', 'Block explorers are neat', 'Deploying on a Friday', 'This message is stored on chain',
];
const NOTES = ['thanks for the help', 'rent for March', 'coffee', 'invoice #1042', 'gm from the STO devnet', 'refund'];

const lc = (a: string): string => a.toLowerCase();

/** Token amount from a human number ("1.5" with 18 decimals). */
export function units(amount: number | string, decimals: number): bigint {
  return parseUnits(String(amount), decimals);
}

/** Deterministic address nobody holds a key for (recipients that appear over time). */
function freshAddress(n: number): string {
  return getAddress(`0x${keccak256(toUtf8Bytes(`sto-devnet-recipient-${n}`)).slice(26)}`);
}

export interface ActivityContext {
  world: World;
  rng: Rng;
  /** Anvil's dev accounts; [0] is the deployer and owner of the main contracts. */
  dev: Wallet[];
  holders: Wallet[];
  /** The three main ERC-20s (18, 6, 0 decimals). */
  tokens: TokenRef[];
  nfts: NftRef[];
  items: string;
  itemIds: number[];
  playground: string;
  deployGas: { token: number; playground: number };
}

/** Everyday activity: returns a function that signs one random, plausible transaction (or null when the pick does not fit the state). */
export function activityActions(ctx: ActivityContext): () => SignedTx | null {
  const { world, rng, dev, holders, tokens, nfts, items, itemIds, playground, deployGas } = ctx;
  const deployer = dev[0] as Wallet;
  const everyone = [...dev, ...holders];
  const senders = [...dev.slice(1), ...holders];
  const byAddress = new Map(everyone.map((w) => [lc(w.address), w]));
  let freshCount = 0;
  const recipient = (not: string): string => {
    if (rng.next() < 0.15) return freshAddress(freshCount++);
    for (;;) {
      const w = rng.pick(everyone);
      if (lc(w.address) !== lc(not)) return w.address;
    }
  };
  const stoBalance = (w: Wallet): bigint => world.sto.get(lc(w.address)) ?? 0n;
  const communityCount = { n: 0 };

  const act = (action: Action): SignedTx | null => {
    const from = rng.pick(senders);
    switch (action) {
      case 'sto':
      case 'zero':
      case 'note': {
        const isDev = dev.includes(from);
        const amount = units(rng.pick(isDev ? [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 25, 50, 100] : [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2]), 18);
        if (stoBalance(from) < amount + units(1, 18)) return null;
        const to = recipient(from.address);
        if (action === 'zero') return world.stoTransfer(from, to, amount, 'zero');
        return world.stoTransfer(from, to, amount, undefined, action === 'note' ? rng.pick(NOTES) : undefined);
      }
      case 'erc20': {
        const token = rng.weighted({ 0: 50, 1: 35, 2: 15 });
        const t = tokens[Number(token)] as TokenRef;
        const bal = world.tokenBalance(t.address, from.address);
        const step = t.decimals > 2 ? 10n ** BigInt(t.decimals - 2) : 1n;
        const amount = ((bal * BigInt(rng.int(1, 40))) / 100n / step) * step;
        if (amount <= 0n) return null;
        return world.erc20Transfer(t.address, from, recipient(from.address), amount, rng.next() < 0.03 ? 'zero' : undefined);
      }
      case 'approve': {
        const t = rng.pick(tokens);
        return world.call(from, 'Token', t.address, 'approve', [playground, units(rng.pick([100, 1_000, 1_000_000]), t.decimals)], GAS.erc20Approve);
      }
      case 'nftMint': {
        const c = rng.pick(nfts);
        if (!world.canMint(c.address, from.address)) return null;
        return world.nftMint(c.address, from, rng.next() < 0.85 ? from.address : recipient(from.address)).tx;
      }
      case 'nftTransfer': {
        const c = rng.pick(nfts);
        const owners = world.nftOwners.get(lc(c.address));
        const minted = world.nftMinted.get(lc(c.address)) ?? 0;
        for (let tries = 0; tries < 6 && owners && minted > 0; tries++) {
          const id = rng.int(1, minted);
          const owner = byAddress.get(owners.get(id) ?? '');
          if (owner) return world.nftTransfer(c.address, owner, recipient(owner.address), id);
        }
        return null;
      }
      case 'itemSingle':
      case 'itemBatch': {
        for (let tries = 0; tries < 8; tries++) {
          const w = rng.pick(senders);
          const held = itemIds.filter((id) => world.itemBalance(id, w.address) > 0n);
          if (held.length === 0 || (action === 'itemBatch' && held.length < 2)) continue;
          const ids = action === 'itemSingle' ? [rng.pick(held)] : held.slice(0, rng.int(2, held.length));
          const amounts = ids.map((id) => {
            const b = world.itemBalance(id, w.address);
            return BigInt(1 + Math.floor(rng.next() * Number(b > 1n ? b / 2n : 1n)));
          });
          return world.erc1155Transfer(items, w, recipient(w.address), ids, amounts);
        }
        return null;
      }
      case 'itemMint': {
        const to = recipient(deployer.address);
        const ids = rng.next() < 0.5 ? [rng.pick(itemIds)] : [1, 2, rng.int(3, 5)];
        return world.erc1155Mint(items, deployer, to, ids, ids.map(() => BigInt(rng.int(1, 50))));
      }
      case 'playground': {
        const fn = rng.weighted({ setValue: 3, increment: 3, postMessage: 2, deposit: 2, tip: 1, withdraw: 1 });
        if (fn === 'setValue') return world.sample('playgroundCall', world.call(from, 'Playground', playground, 'setValue', [BigInt(rng.int(0, 1_000_000))], GAS.playground));
        if (fn === 'increment') return world.call(from, 'Playground', playground, 'increment', [], GAS.playground);
        if (fn === 'postMessage') return world.call(from, 'Playground', playground, 'postMessage', [rng.pick(MESSAGES)], GAS.playgroundMessage);
        const deposited = world.deposits.get(lc(from.address)) ?? 0n;
        if (fn === 'withdraw' && deposited > 0n) return world.playgroundWithdraw(from, playground, deposited / 2n);
        const value = units(rng.pick([0.01, 0.1, 0.5, 1, 2]), 18);
        if (stoBalance(from) < value + units(1, 18)) return null;
        if (fn === 'tip') return world.playgroundPay(from, playground, 'tip', [rng.pick(NOTES)], value);
        return world.sample('payableCall', world.playgroundPay(from, playground, 'deposit', [], value));
      }
      case 'toContract': {
        const value = units(rng.pick([0.01, 0.05, 0.2]), 18);
        if (stoBalance(from) < value + units(1, 18)) return null;
        return world.stoToContract(from, playground, value);
      }
      case 'reverted': {
        const kind = rng.weighted({ fail: 2, withdraw: 2, erc20: 2, pause: 1 });
        if (kind === 'fail') return world.expectReverted(world.call(from, 'Playground', playground, 'fail', [], GAS.playground));
        if (kind === 'pause') return world.expectReverted(world.call(from, 'Playground', playground, 'setPaused', [true], GAS.playground), true);
        if (kind === 'withdraw') {
          const deposited = world.deposits.get(lc(from.address)) ?? 0n;
          return world.expectReverted(world.call(from, 'Playground', playground, 'withdraw', [deposited + units(1_000, 18)], GAS.playground), true);
        }
        const t = rng.pick(tokens);
        return world.erc20Transfer(t.address, from, recipient(from.address), world.tokenBalance(t.address, from.address) + units(1_000_000, t.decimals));
      }
      case 'create': {
        const creator = dev[1 + rng.int(0, 8)] as Wallet;
        const n = ++communityCount.n;
        if (n % 2 === 1) {
          const supply = units(rng.pick([1_000_000, 21_000_000, 100_000_000]), 18);
          const tx = world.deploy(creator, 'Token', [`Community Token ${n}`, `CT${n}`, 18, supply], deployGas.token, 'community-token');
          world.creditToken(tx.created ?? '', creator.address, supply);
          return tx;
        }
        return world.deploy(creator, 'Playground', [BigInt(n), `Playground instance ${n}`], deployGas.playground, 'playground-instance');
      }
      case 'tokenMint': {
        const to = recipient(deployer.address);
        return world.erc20Mint((tokens[1] as TokenRef).address, deployer, to, units(rng.pick([1_000, 10_000, 250_000]), 6));
      }
    }
  };

  return () => act(rng.weighted(ACTIVITY_WEIGHTS));
}
