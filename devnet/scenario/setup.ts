import { getCreateAddress, type Interface, type Wallet } from 'ethers';
import { units } from '../activity.ts';
import type { SignedTx } from '../txfactory.ts';
import type { NftRef, ScenarioInfo, TokenRef } from '../types.ts';
import { GAS } from '../world.ts';
import type { ScenarioContext } from './context.ts';
import { COLLECTIONS, MAIN_TOKENS } from './deployments.ts';

/** The contracts the setup deployed, which the everyday activity then uses. */
export interface SetupResult {
  /** The main ERC-20s in MAIN_TOKENS order: SGOV, SUSD, LPT. */
  tokens: TokenRef[];
  /** The ERC-1155 GameItems contract and the ids it mints. */
  items: string;
  itemIds: number[];
  nfts: NftRef[];
  playground: string;
  /** The EIP-1967 proxy in front of the Playground. */
  proxy: ScenarioInfo['proxy'];
  /** The Factory and its make() transaction (creates a Child, calls the Playground). */
  factory: ScenarioInfo['factory'];
}

async function deployMainTokens(ctx: ScenarioContext): Promise<TokenRef[]> {
  const { world, deployer, dev } = ctx;
  const tokens: TokenRef[] = [];
  const block: SignedTx[] = [];
  for (const t of MAIN_TOKENS) {
    const tx = ctx.deployments.tx(deployer, t.symbol, `token:${t.symbol}`);
    const address = tx.created ?? '';
    world.creditToken(address, deployer.address, units(t.supply.toString(), t.decimals));
    tokens.push({ role: t.role, address, name: t.name, symbol: t.symbol, decimals: t.decimals });
    block.push(tx);
  }
  block.push(world.stoTransfer(dev[1] as Wallet, (dev[2] as Wallet).address, units('1.5', 18), 'eip1559'));
  await ctx.chain.setupBlock(block);
  return tokens;
}

async function deployItemsAndCollections(ctx: ScenarioContext): Promise<{ items: string; nfts: NftRef[] }> {
  const itemsTx = ctx.deployments.tx(ctx.deployer, 'items', 'erc1155:items');
  const nfts: NftRef[] = [];
  const collectionTxs = COLLECTIONS.map((c) => {
    const tx = ctx.deployments.tx(ctx.deployer, c.role, `nft:${c.role}`);
    nfts.push({ role: c.role, address: tx.created ?? '', name: c.name, symbol: c.symbol, minted: 0 });
    return tx;
  });
  await ctx.chain.setupBlock([itemsTx, ...collectionTxs]);
  return { items: itemsTx.created ?? '', nfts };
}

async function deployPlayground(ctx: ScenarioContext): Promise<string> {
  const tx = ctx.deployments.tx(ctx.deployer, 'playground', 'playground');
  await ctx.chain.setupBlock([tx]);
  return tx.created ?? '';
}

/** Every holder gets STO for gas, from the nine other dev accounts. */
async function fundHolders(ctx: ScenarioContext): Promise<void> {
  const { world, dev } = ctx;
  const funding = ctx.holders.map((h, i) => world.stoTransfer(dev[1 + (i % 9)] as Wallet, h.address, units(50, 18), i % 7 === 0 ? 'legacy' : 'eip1559'));
  await ctx.chain.setupBlocks(funding);
}

/** SGOV goes to everyone (the 50+ holder token), SUSD and LPT to subsets. */
async function airdropTokens(ctx: ScenarioContext, tokens: TokenRef[]): Promise<void> {
  const { world, rng, deployer } = ctx;
  const [sgov, susd, lpt] = tokens as [TokenRef, TokenRef, TokenRef];
  const airdrop: SignedTx[] = [];
  const recipients = [...ctx.dev.slice(1), ...ctx.holders].map((w) => w.address);
  recipients.forEach((to, i) => {
    airdrop.push(world.erc20Transfer(sgov.address, deployer, to, units(rng.pick([1_000, 2_500, 5_000, 12_000, 20_000, 50_000]), 18)));
    if (i % 2 === 0) airdrop.push(world.erc20Transfer(susd.address, deployer, to, units(rng.pick([100, 250, 1_000, 5_000, 10_000]) + rng.int(0, 99) / 100, 6)));
    if (i % 3 !== 0) airdrop.push(world.erc20Transfer(lpt.address, deployer, to, BigInt(rng.int(10, 5_000))));
  });
  await ctx.chain.setupBlocks(airdrop);
}

/** Batch mints (TransferBatch from zero) to the first holders, single mints to the next ten. */
async function mintGameItems(ctx: ScenarioContext, items: string, itemIds: number[]): Promise<void> {
  const { world, rng, deployer, dev, holders } = ctx;
  const itemMints: SignedTx[] = [];
  [dev[1], dev[2], ...holders.slice(0, 10)].forEach((w) => {
    if (w) itemMints.push(world.erc1155Mint(items, deployer, w.address, itemIds, itemIds.map((id) => BigInt(id <= 2 ? rng.int(100, 1_000) : rng.int(1, 10)))));
  });
  holders.slice(10, 20).forEach((w) => itemMints.push(world.erc1155Mint(items, deployer, w.address, [1], [BigInt(rng.int(10, 200))])));
  await ctx.chain.setupBlocks(itemMints);
}

function firstNftMints(ctx: ScenarioContext, nfts: NftRef[]): SignedTx[] {
  const { world, dev } = ctx;
  const [shapes, badges] = nfts as [NftRef, NftRef];
  const txs: SignedTx[] = [];
  ctx.holders.slice(0, 8).forEach((h) => txs.push(world.nftMint(shapes.address, dev[3] as Wallet, h.address).tx));
  dev.slice(3, 8).forEach((d) => txs.push(world.nftMint(badges.address, dev[4] as Wallet, d.address).tx));
  return txs;
}

/** One of each special kind every page needs early on: playground calls, a zero-price and a data transfer, reverts, fee styles, ERC-1155 transfers. */
function specialTransactions(ctx: ScenarioContext, playground: string, items: string): SignedTx[] {
  const { world, holders } = ctx;
  const d = (i: number): Wallet => ctx.dev[i] as Wallet;
  return [
    world.sample('playgroundCall', world.call(d(1), 'Playground', playground, 'setValue', [1_337n], GAS.playground)),
    world.sample('payableCall', world.playgroundPay(d(2), playground, 'deposit', [], units(2, 18))),
    world.playgroundPay(holders[3] as Wallet, playground, 'tip', ['for the docs'], units('0.1', 18)),
    world.call(d(4), 'Playground', playground, 'postMessage', ['Hello from the STO devnet'], GAS.playgroundMessage),
    world.stoTransfer(holders[1] as Wallet, (holders[2] as Wallet).address, units('0.25', 18), 'zero'),
    world.expectReverted(world.call(d(3), 'Playground', playground, 'fail', [], GAS.playground)),
    world.expectReverted(world.call(d(5), 'Playground', playground, 'withdraw', [units(1, 18)], GAS.playground), true),
    world.stoTransfer(d(6), d(7).address, units('0.5', 18), 'eip1559', 'gm from the STO devnet'),
    world.stoTransfer(d(8), d(9).address, units(3, 18), 'accessList'),
    world.erc1155Transfer(items, d(1), (holders[20] ?? d(9)).address, [1], [5n]),
    // Two of id 5 when dev[2] has them: its mint of ids 3 to 5 draws 1 to 10 each, and 1 came up at DEVNET_SCALE=2.
    world.erc1155Transfer(items, d(2), (holders[21] ?? d(9)).address, [1, 3, 5], [10n, 1n, min(2n, world.itemBalance(5, d(2).address))]),
  ];
}

const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);

/** What the proxy's constructor stores through the Playground's setValue: in the proxy's storage, not the Playground's. */
const PROXY_VALUE = 7;

/**
 * An EIP-1967 proxy in front of the Playground (initialised with setValue(7)), a Factory, and one make() call that
 * creates a Child (with 1 of the 2 wei sent) and calls the Playground. All from dev[9] at zero gas price: no random
 * draws and no other account's nonce, so the rest of the history stays as it was.
 */
function proxyAndFactory(ctx: ScenarioContext, playground: string): { txs: SignedTx[]; proxy: SetupResult['proxy']; factory: SetupResult['factory'] } {
  const { world } = ctx;
  const from = ctx.dev[9] as Wallet;
  const init = (world.ifaces['Playground'] as Interface).encodeFunctionData('setValue', [BigInt(PROXY_VALUE)]);
  const proxyTx = world.deploy(from, 'StoProxy', [playground, init], GAS.proxyDeploy, 'proxy', 'zero');
  const factoryTx = world.deploy(from, 'Factory', [], GAS.factoryDeploy, 'factory', 'zero');
  const factory = factoryTx.created ?? '';
  const makeTx = world.call(from, 'Factory', factory, 'make', [playground, 7n], GAS.factoryMake, 2n, 'zero');
  return {
    txs: [proxyTx, factoryTx, makeTx],
    proxy: { address: proxyTx.created ?? '', implementation: playground, kind: 'eip1967', value: PROXY_VALUE },
    // A contract's first creation uses nonce 1 (EIP-161).
    factory: { address: factory, makeTx: makeTx.hash, child: getCreateAddress({ from: factory, nonce: 1 }), target: playground },
  };
}

/** The first day or two: deploys the main contracts, funds the holders, airdrops tokens and mints the first items and NFTs. */
export async function runSetup(ctx: ScenarioContext): Promise<SetupResult> {
  const tokens = await deployMainTokens(ctx);
  const { items, nfts } = await deployItemsAndCollections(ctx);
  const playground = await deployPlayground(ctx);
  await fundHolders(ctx);
  await airdropTokens(ctx, tokens);
  const itemIds = [1, 2, 3, 4, 5];
  await mintGameItems(ctx, items, itemIds);
  // Signed in this order, NFT mints first: signing order fixes nonces and the random fee draws.
  const mints = firstNftMints(ctx, nfts);
  const specials = specialTransactions(ctx, playground, items);
  const { txs: proxyAndFactoryTxs, proxy, factory } = proxyAndFactory(ctx, playground);
  await ctx.chain.setupBlock([...mints, ...specials, ...proxyAndFactoryTxs]);
  return { tokens, items, itemIds, nfts, playground, proxy, factory };
}
