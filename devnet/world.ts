import { AbiCoder, Interface, hexlify, toUtf8Bytes, type InterfaceAbi, type Wallet } from 'ethers';
import type { Artifact } from './compile.ts';
import type { Rng } from './rng.ts';
import type { ContractRef, ScenarioSamples } from './types.ts';
import type { FeeStyle, SignedTx, TxFactory, TxSpec } from './txfactory.ts';

/** Fixed gas limits per action: generous enough for first-time storage writes, small enough to pack blocks. */
export const GAS = {
  transfer: 21_000,
  dataTransfer: 45_000,
  toContract: 70_000,
  erc20Transfer: 75_000,
  erc20Approve: 60_000,
  erc20Mint: 90_000,
  nftMint: 170_000,
  nftTransfer: 100_000,
  erc1155Mint: 100_000,
  erc1155MintBatch: 300_000,
  erc1155Transfer: 100_000,
  erc1155Batch: 220_000,
  playground: 90_000,
  playgroundMessage: 200_000,
  /** StoProxy creation with the Playground's setValue(7) as init. */
  proxyDeploy: 200_000,
  factoryDeploy: 320_000,
  /** Factory.make: creates a Child and calls the target's getValue(). */
  factoryMake: 200_000,
} as const;

export type Ledger = Map<string, bigint>;

const lc = (a: string): string => a.toLowerCase();

function add(ledger: Ledger, who: string, delta: bigint): void {
  ledger.set(lc(who), (ledger.get(lc(who)) ?? 0n) + delta);
}

/** Chain state as the scenario believes it to be after its own transactions, plus signing helpers that keep it current. */
export class World {
  readonly factory: TxFactory;
  readonly rng: Rng;
  readonly ifaces: Record<string, Interface>;
  readonly artifacts: Record<string, Artifact>;
  readonly sto: Ledger = new Map();
  readonly erc20 = new Map<string, Ledger>();
  readonly nftOwners = new Map<string, Map<number, string>>();
  readonly nftMinted = new Map<string, number>();
  readonly erc1155 = new Map<number, Ledger>();
  readonly deposits: Ledger = new Map();
  readonly contracts: ContractRef[] = [];
  readonly samples: Partial<ScenarioSamples> = {};
  /** Hashes of transactions meant to revert. */
  readonly expectedReverts = new Set<string>();
  /** Hashes of contract creations, mapped to their index in `contracts` (block numbers are filled in once mined). */
  readonly pendingCreations = new Map<string, number>();
  /**
   * Credits wait until their block is mined: the node orders a block's transactions by fee, so a receiver
   * must not spend what it receives in the same block. Debits apply at once.
   */
  private deferred: (() => void)[] = [];
  /** Minter of each collection in the block being built: token ids follow execution order, which is only fixed within one sender's nonces. */
  private readonly blockMinters = new Map<string, string>();

  constructor(factory: TxFactory, rng: Rng, artifacts: Record<string, Artifact>) {
    this.factory = factory;
    this.rng = rng;
    this.artifacts = artifacts;
    this.ifaces = Object.fromEntries(
      Object.entries(artifacts).map(([name, a]) => [name, new Interface(a.abi as InterfaceAbi)]),
    );
  }

  /** Applies the credits of the block just mined. */
  commit(): void {
    for (const apply of this.deferred) apply();
    this.deferred = [];
    this.blockMinters.clear();
  }

  private credit(ledger: Ledger, who: string, amount: bigint): void {
    this.deferred.push(() => add(ledger, who, amount));
  }

  private iface(contract: string): Interface {
    const i = this.ifaces[contract];
    if (!i) throw new Error(`no artifact for ${contract}`);
    return i;
  }

  /** Records the first hash of each sample kind. */
  sample(kind: keyof ScenarioSamples, tx: SignedTx): SignedTx {
    this.samples[kind] ??= tx.hash;
    return tx;
  }

  private send(from: Wallet, to: string | null, data: string, value: bigint, gas: number, fee?: FeeStyle): SignedTx {
    const tx = this.factory.sign({ from, to, data, value, gas, ...(fee ? { fee } : {}) });
    add(this.sto, from.address, -tx.maxCost);
    if (to) this.credit(this.sto, to, value);
    if (tx.style === 'legacy') this.sample('legacyTx', tx);
    if (tx.style === 'accessList') this.sample('accessListTx', tx);
    if (tx.style === 'zero') this.sample('zeroGasPrice', tx);
    return tx;
  }

  /** Signs a transaction with its envelope's extras (access list, authorizations, blobs), kept in the STO ledger like any other. */
  typed(spec: TxSpec): SignedTx {
    const tx = this.factory.sign(spec);
    add(this.sto, spec.from.address, -tx.maxCost);
    if (spec.to) this.credit(this.sto, spec.to, spec.value ?? 0n);
    return tx;
  }

  /** ABI-encoded constructor arguments of an artifact. */
  encodeArgs(contract: string, args: unknown[]): string {
    const ctor = this.iface(contract).deploy;
    return AbiCoder.defaultAbiCoder().encode(ctor.inputs, args);
  }

  /** Signs a contract creation and records the contract under a role (fee style random unless given). */
  deploy(from: Wallet, contract: string, args: unknown[], gas: number, role: string, fee?: FeeStyle): SignedTx {
    const artifact = this.artifacts[contract];
    if (!artifact) throw new Error(`no artifact for ${contract}`);
    const data = artifact.bytecode + this.encodeArgs(contract, args).slice(2);
    const tx = this.send(from, null, data, 0n, gas, fee);
    const address = tx.created ?? '';
    this.pendingCreations.set(tx.hash, this.contracts.length);
    this.contracts.push({ address, contract, role, creator: from.address, txHash: tx.hash, blockNumber: -1 });
    this.sample('contractCreation', tx);
    return tx;
  }

  /** Plain native transfer (optionally carrying a UTF-8 note as input data). */
  stoTransfer(from: Wallet, to: string, value: bigint, fee?: FeeStyle, note?: string): SignedTx {
    if (note) return this.sample('dataTransfer', this.send(from, to, hexlify(toUtf8Bytes(note)), value, GAS.dataTransfer, fee));
    const tx = this.send(from, to, '0x', value, GAS.transfer, fee);
    return fee === 'zero' ? tx : this.sample('plainTransfer', tx);
  }

  /** Native transfer to a contract's receive() (the Playground records it as a deposit). */
  stoToContract(from: Wallet, to: string, value: bigint): SignedTx {
    this.credit(this.deposits, from.address, value);
    return this.send(from, to, '0x', value, GAS.toContract);
  }

  /** Payable Playground call (deposit or tip) whose value becomes the sender's withdrawable deposit. */
  playgroundPay(from: Wallet, playground: string, fn: 'deposit' | 'tip', args: unknown[], value: bigint): SignedTx {
    this.credit(this.deposits, from.address, value);
    return this.call(from, 'Playground', playground, fn, args, GAS.playground, value);
  }

  /** Playground withdraw of part of the sender's deposit (the sender gets it back once mined). */
  playgroundWithdraw(from: Wallet, playground: string, amount: bigint): SignedTx {
    add(this.deposits, from.address, -amount);
    this.credit(this.sto, from.address, amount);
    return this.call(from, 'Playground', playground, 'withdraw', [amount], GAS.playground);
  }

  /** Calls a deployed contract by artifact name and function name. */
  call(from: Wallet, contract: string, at: string, fn: string, args: unknown[], gas: number, value = 0n, fee?: FeeStyle): SignedTx {
    return this.send(from, at, this.iface(contract).encodeFunctionData(fn, args), value, gas, fee);
  }

  /** Token balance the ledger holds for an account. */
  tokenBalance(token: string, who: string): bigint {
    return this.erc20.get(lc(token))?.get(lc(who)) ?? 0n;
  }

  private tokenLedger(token: string): Ledger {
    let ledger = this.erc20.get(lc(token));
    if (!ledger) {
      ledger = new Map();
      this.erc20.set(lc(token), ledger);
    }
    return ledger;
  }

  /** Credits a token balance once the current block is mined (also for supply minted by a constructor). */
  creditToken(token: string, who: string, amount: bigint): void {
    this.credit(this.tokenLedger(token), who, amount);
  }

  /** ERC-20 transfer; the ledger moves only when the sender can afford it (otherwise the transaction is an expected revert). */
  erc20Transfer(token: string, from: Wallet, to: string, amount: bigint, fee?: FeeStyle): SignedTx {
    const tx = this.call(from, 'Token', token, 'transfer', [to, amount], GAS.erc20Transfer, 0n, fee);
    if (this.tokenBalance(token, from.address) >= amount) {
      add(this.tokenLedger(token), from.address, -amount);
      this.creditToken(token, to, amount);
      this.sample('erc20Transfer', tx);
    } else {
      this.expectReverted(tx, true);
    }
    return tx;
  }

  /** Owner-only mint on a Token. */
  erc20Mint(token: string, owner: Wallet, to: string, amount: bigint): SignedTx {
    this.creditToken(token, to, amount);
    return this.call(owner, 'Token', token, 'mint', [to, amount], GAS.erc20Mint);
  }

  /** Whether `from` may mint on `collection` in the block being built (one minting sender per collection and block). */
  canMint(collection: string, from: string): boolean {
    const minter = this.blockMinters.get(lc(collection));
    return minter === undefined || minter === lc(from);
  }

  /** Public mint on an OnchainNFT (or HostileNFT with a token URI); returns the transaction and the new token id. */
  nftMint(collection: string, from: Wallet, to: string, hostileUri?: string): { tx: SignedTx; tokenId: number } {
    if (!this.canMint(collection, from.address)) throw new Error(`a second sender mints on ${collection} in one block`);
    this.blockMinters.set(lc(collection), lc(from.address));
    const tokenId = (this.nftMinted.get(lc(collection)) ?? 0) + 1;
    this.nftMinted.set(lc(collection), tokenId);
    let owners = this.nftOwners.get(lc(collection));
    if (!owners) {
      owners = new Map();
      this.nftOwners.set(lc(collection), owners);
    }
    const minted = owners;
    this.deferred.push(() => minted.set(tokenId, lc(to)));
    const tx =
      hostileUri === undefined
        ? this.call(from, 'OnchainNFT', collection, 'mint', [to], GAS.nftMint)
        : this.call(from, 'HostileNFT', collection, 'mint', [to, hostileUri], 150_000 + 25_000 * Math.ceil(hostileUri.length / 32) + 40 * hostileUri.length);
    if (hostileUri === undefined) this.sample('nftMint', tx);
    return { tx, tokenId };
  }

  /** ERC-721 transferFrom by the current owner. */
  nftTransfer(collection: string, from: Wallet, to: string, tokenId: number): SignedTx {
    const owners = this.nftOwners.get(lc(collection));
    // In flight: nobody may move it again until the block is mined.
    owners?.set(tokenId, '');
    this.deferred.push(() => owners?.set(tokenId, lc(to)));
    return this.sample('nftTransfer', this.call(from, 'OnchainNFT', collection, 'transferFrom', [from.address, to, tokenId], GAS.nftTransfer));
  }

  /** ERC-1155 balance the ledger holds. */
  itemBalance(id: number, who: string): bigint {
    return this.erc1155.get(id)?.get(lc(who)) ?? 0n;
  }

  private itemLedger(id: number): Ledger {
    let ledger = this.erc1155.get(id);
    if (!ledger) {
      ledger = new Map();
      this.erc1155.set(id, ledger);
    }
    return ledger;
  }

  /** Owner mints one id (TransferSingle from zero) or several (TransferBatch from zero). */
  erc1155Mint(items: string, owner: Wallet, to: string, ids: number[], amounts: bigint[]): SignedTx {
    ids.forEach((id, i) => this.credit(this.itemLedger(id), to, amounts[i] ?? 0n));
    if (ids.length === 1) return this.call(owner, 'GameItems', items, 'mint', [to, ids[0], amounts[0]], GAS.erc1155Mint);
    return this.call(owner, 'GameItems', items, 'mintBatch', [to, ids, amounts], GAS.erc1155MintBatch);
  }

  /** Holder-initiated safeTransferFrom (one id) or safeBatchTransferFrom (several). */
  erc1155Transfer(items: string, from: Wallet, to: string, ids: number[], amounts: bigint[]): SignedTx {
    ids.forEach((id, i) => {
      add(this.itemLedger(id), from.address, -(amounts[i] ?? 0n));
      this.credit(this.itemLedger(id), to, amounts[i] ?? 0n);
    });
    if (ids.length === 1) {
      return this.sample('erc1155Single', this.call(from, 'GameItems', items, 'safeTransferFrom', [from.address, to, ids[0], amounts[0], '0x'], GAS.erc1155Transfer));
    }
    return this.sample('erc1155Batch', this.call(from, 'GameItems', items, 'safeBatchTransferFrom', [from.address, to, ids, amounts, '0x'], GAS.erc1155Batch));
  }

  /** Marks a transaction as meant to revert (status 0). */
  expectReverted(tx: SignedTx, customError = false): SignedTx {
    this.expectedReverts.add(tx.hash);
    this.sample(customError ? 'revertedCustomError' : 'reverted', tx);
    return tx;
  }
}
