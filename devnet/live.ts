import { Interface, parseUnits, type InterfaceAbi, type Wallet } from 'ethers';
import { holderWallets, validatorAddresses } from './accounts.ts';
import { compileContracts } from './compile.ts';
import { latestBlock, sendAll } from './mine.ts';
import { Rng } from './rng.ts';
import { Rpc } from './rpc.ts';
import { TxFactory, type SignedTx } from './txfactory.ts';
import type { ScenarioInfo } from './types.ts';
import { GAS } from './world.ts';

export interface LiveOptions {
  /** Milliseconds between blocks (default 4,000). */
  intervalMs?: number;
  /** Receives a line when a tick fails (the devnet keeps going). */
  log?: (line: string) => void;
}

const MESSAGES = ['gm', 'still here', 'new block, who dis', 'live from the devnet', 'hello explorer'];

/**
 * Keeps the chain alive after the scenario: every interval, one block with a few varied transactions
 * (STO and token transfers, a Playground call, now and then an NFT mint) from the scenario's holder
 * accounts (never anvil's dev accounts, which stay free for tests), produced by the next validator in turn.
 */
export function startLiveActivity(rpcUrl: string, info: ScenarioInfo, opts: LiveOptions = {}): { stop(): Promise<void> } {
  const intervalMs = opts.intervalMs ?? 4_000;
  const rpc = new Rpc(rpcUrl);
  const artifacts = compileContracts();
  const iface = (name: string): Interface => new Interface((artifacts[name]?.abi ?? []) as InterfaceAbi);
  const token = iface('Token');
  const nft = iface('OnchainNFT');
  const playground = iface('Playground');
  const holders = holderWallets(info.holders.length);
  const validators = info.validators.length > 0 ? info.validators : validatorAddresses();
  const rng = new Rng(info.lastBlock * 7_919 + 17);
  let tick = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let lastError = '';

  const buildTxs = async (factory: TxFactory): Promise<SignedTx[]> => {
    // One transaction per sender per block: a rejected send then cannot leave a nonce gap behind.
    const pool = [...holders];
    const take = (): Wallet => pool.splice(rng.int(0, pool.length - 1), 1)[0] as Wallet;
    const senders = Array.from({ length: Math.min(pool.length, rng.int(2, 5)) }, take);
    await factory.loadNonces(rpc, senders.map((w) => w.address));
    const balances = await rpc.batch(
      senders.flatMap((w) => [
        { method: 'eth_getBalance', params: [w.address, 'latest'] },
        ...info.tokens.map((t) => ({ method: 'eth_call', params: [{ to: t.address, data: token.encodeFunctionData('balanceOf', [w.address]) }, 'latest'] })),
      ]),
    );
    const per = 1 + info.tokens.length;
    const big = (v: unknown): bigint => (typeof v === 'string' && v.startsWith('0x') && v.length > 2 ? BigInt(v) : 0n);
    const txs: SignedTx[] = [];
    senders.forEach((from, i) => {
      const sto = big(balances[i * per]);
      if (sto < parseUnits('0.1', 18)) return;
      const to = rng.pick(info.holders.filter((h) => h !== from.address));
      const kind = i === 0 ? 'playground' : i === 1 && tick % 5 === 0 ? 'nft' : rng.next() < 0.5 ? 'token' : 'sto';
      const send = (target: string, data: string, gas: number, value = 0n): void => {
        txs.push(factory.sign({ from, to: target, data, gas, value, fee: factory.randomStyle(0.05) }));
      };
      if (kind === 'playground' && info.playground.address) {
        const fn = rng.weighted({ setValue: 2, increment: 2, postMessage: 1, tip: 1 });
        if (fn === 'setValue') send(info.playground.address, playground.encodeFunctionData('setValue', [BigInt(rng.int(0, 1_000_000))]), GAS.playground);
        else if (fn === 'increment') send(info.playground.address, playground.encodeFunctionData('increment', []), GAS.playground);
        else if (fn === 'postMessage') send(info.playground.address, playground.encodeFunctionData('postMessage', [rng.pick(MESSAGES)]), GAS.playgroundMessage);
        else send(info.playground.address, playground.encodeFunctionData('tip', ['live tip']), GAS.playground, parseUnits('0.01', 18));
      } else if (kind === 'nft' && info.nfts.length > 0) {
        send(rng.pick(info.nfts).address, nft.encodeFunctionData('mint', [from.address]), GAS.nftMint);
      } else if (kind === 'token') {
        const ti = rng.int(0, info.tokens.length - 1);
        const t = info.tokens[ti];
        const balance = big(balances[i * per + 1 + ti]);
        const amount = balance / BigInt(rng.int(20, 200));
        if (t && amount > 0n) send(t.address, token.encodeFunctionData('transfer', [to, amount]), GAS.erc20Transfer);
        else send(to, '0x', GAS.transfer, sto / 1_000n);
      } else {
        send(to, '0x', GAS.transfer, parseUnits(String(rng.pick([0.001, 0.01, 0.05, 0.1])), 18));
      }
    });
    return txs;
  };

  const once = async (): Promise<void> => {
    const chainId = info.chainId;
    const factory = new TxFactory(chainId, rng);
    const txs = await buildTxs(factory);
    const head = await latestBlock(rpc);
    const number = Number(head.number) + 1;
    const automine = await rpc.call<boolean>('anvil_getAutomine');
    // Automine off for the moment it takes to fill one block; transactions others send meanwhile join it.
    if (automine) await rpc.call('evm_setAutomine', [false]);
    try {
      await rpc.call('anvil_setCoinbase', [validators[number % validators.length]]);
      await sendAll(rpc, txs).catch((err: unknown) => opts.log?.(`live: ${String(err)}`));
      const timestamp = Math.max(Number(head.timestamp) + 1, Math.floor(Date.now() / 1000));
      await rpc.call('evm_mine', [{ timestamp }]);
    } finally {
      if (automine) await rpc.call('evm_setAutomine', [true]);
    }
  };

  const loop = (): void => {
    if (stopped) return;
    running = once()
      .then(() => {
        lastError = '';
      })
      .catch((err: unknown) => {
        const message = String(err);
        if (!stopped && message !== lastError) opts.log?.(`live: ${message}`);
        lastError = message;
      })
      .finally(() => {
        tick++;
        if (!stopped) timer = setTimeout(loop, intervalMs).unref();
      });
  };
  // Unref'd: the anvil child keeps a devnet process alive, and a forgotten stop() never holds a test run open.
  timer = setTimeout(loop, intervalMs).unref();

  return {
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
