import { Transaction, getCreateAddress, type AccessList, type Authorization, type KzgLibraryLike, type Wallet } from 'ethers';
import type { Rpc } from './rpc.ts';
import type { Rng } from './rng.ts';

/**
 * Transaction envelope and fee style: EIP-1559, legacy, EIP-2930 access list, legacy with a zero gas price, EIP-7702
 * set-code (type 4, with `authorizationList`) or EIP-4844 blob (type 3, with `blobs`); the last two pay EIP-1559 fees.
 */
export type FeeStyle = 'eip1559' | 'legacy' | 'accessList' | 'zero' | 'setCode' | 'blob';

/** Gas one blob uses (EIP-4844). */
const GAS_PER_BLOB = 131_072n;

export interface TxSpec {
  from: Wallet;
  to: string | null;
  data?: string;
  value?: bigint;
  gas: number;
  fee?: FeeStyle;
  /** Access list of a typed transaction (types 1 to 4); the 'accessList' style lists `to` when none is given. */
  accessList?: AccessList;
  /** Authorizations of a 'setCode' transaction (signed with authorize()). */
  authorizationList?: Authorization[];
  /** Blobs of a 'blob' transaction (131,072 bytes each) and the KZG library that commits to them. */
  blobs?: Uint8Array[];
  kzg?: KzgLibraryLike;
}

export interface SignedTx {
  hash: string;
  raw: string;
  from: string;
  to: string | null;
  gas: number;
  style: FeeStyle;
  /** Upper bound of what the sender pays: value + gas × fee cap. */
  maxCost: bigint;
  /** Address of the contract a creation transaction deploys. */
  created?: string;
}

const GWEI = 1_000_000_000n;

/** Signs transactions locally with deterministic nonces and varied, explicit fees (never asks the node to estimate). */
export class TxFactory {
  readonly chainId: number;
  private readonly rng: Rng;
  private readonly nonces = new Map<string, number>();

  constructor(chainId: number, rng: Rng) {
    this.chainId = chainId;
    this.rng = rng;
  }

  /** Reads the pending nonce of every given address in one batch. */
  async loadNonces(rpc: Rpc, addresses: string[]): Promise<void> {
    const results = await rpc.batchOrThrow(
      addresses.map((a) => ({ method: 'eth_getTransactionCount', params: [a, 'pending'] })),
    );
    addresses.forEach((a, i) => this.nonces.set(a.toLowerCase(), Number(BigInt(results[i] as string))));
  }

  /** The next nonce this factory will use for an address (0 when never loaded). */
  peekNonce(address: string): number {
    return this.nonces.get(address.toLowerCase()) ?? 0;
  }

  /** Address the next creation transaction from this sender will deploy to. */
  nextCreateAddress(address: string): string {
    return getCreateAddress({ from: address, nonce: this.peekNonce(address) });
  }

  /**
   * Signs an EIP-7702 authorization of `authority` for `delegate`, for another account to send (a sponsor). Without
   * `nonce`, it takes the authority's next nonce and counts it as used (the chain increments it when it applies the
   * authorization); a given nonce or another chain id (a wrong one, which the chain skips) leaves the nonces alone.
   */
  authorize(authority: Wallet, delegate: string, opts: { nonce?: number; chainId?: number } = {}): Authorization {
    const key = authority.address.toLowerCase();
    const nonce = opts.nonce ?? this.nonces.get(key) ?? 0;
    const chainId = opts.chainId ?? this.chainId;
    if (opts.nonce === undefined && (chainId === this.chainId || chainId === 0)) this.nonces.set(key, nonce + 1);
    return authority.authorizeSync({ address: delegate, nonce, chainId });
  }

  /** Picks a fee style with realistic frequencies (mostly EIP-1559). */
  randomStyle(zeroShare = 0): FeeStyle {
    const r = this.rng.next();
    if (r < zeroShare) return 'zero';
    if (r < zeroShare + 0.18) return 'legacy';
    if (r < zeroShare + 0.26) return 'accessList';
    return 'eip1559';
  }

  /** Builds and signs one transaction, consuming the sender's next nonce. */
  sign(spec: TxSpec): SignedTx {
    const key = spec.from.address.toLowerCase();
    const nonce = this.nonces.get(key) ?? 0;
    this.nonces.set(key, nonce + 1);
    const style = spec.fee ?? this.randomStyle();
    const value = spec.value ?? 0n;
    // An access list entry costs 2,400 intrinsic gas; without it a 21,000-gas transfer is invalid and silently dropped.
    const gas = style === 'accessList' && spec.to ? spec.gas + 2_400 : spec.gas;
    const tx = new Transaction();
    tx.chainId = BigInt(this.chainId);
    tx.nonce = nonce;
    tx.gasLimit = BigInt(gas);
    tx.to = spec.to;
    tx.value = value;
    tx.data = spec.data ?? '0x';
    let cap: bigint;
    let blobCost = 0n;
    if (style === 'eip1559' || style === 'setCode' || style === 'blob') {
      const tip = GWEI + BigInt(this.rng.int(0, 20)) * (GWEI / 10n);
      tx.type = style === 'setCode' ? 4 : style === 'blob' ? 3 : 2;
      tx.maxPriorityFeePerGas = tip;
      tx.maxFeePerGas = tip + 20n * GWEI;
      cap = tx.maxFeePerGas;
      if (style === 'setCode') tx.authorizationList = spec.authorizationList ?? [];
      if (style === 'blob') {
        if (!spec.blobs?.length || !spec.kzg) throw new Error('a blob transaction needs blobs and a KZG library');
        tx.maxFeePerBlobGas = GWEI;
        tx.kzg = spec.kzg;
        tx.blobs = spec.blobs;
        blobCost = BigInt(spec.blobs.length) * GAS_PER_BLOB * GWEI;
      }
    } else if (style === 'zero') {
      tx.type = 0;
      tx.gasPrice = 0n;
      cap = 0n;
    } else {
      tx.type = style === 'legacy' ? 0 : 1;
      tx.gasPrice = GWEI + BigInt(this.rng.int(0, 40)) * (GWEI / 10n);
      if (style === 'accessList' && spec.to) tx.accessList = [{ address: spec.to, storageKeys: [] }];
      cap = tx.gasPrice;
    }
    if (spec.accessList && tx.type !== 0) tx.accessList = spec.accessList;
    tx.signature = spec.from.signingKey.sign(tx.unsignedHash);
    const signed: SignedTx = {
      hash: tx.hash ?? '',
      raw: tx.serialized,
      from: spec.from.address,
      to: spec.to,
      gas,
      style,
      maxCost: value + BigInt(gas) * cap + blobCost,
    };
    if (spec.to === null) signed.created = getCreateAddress({ from: spec.from.address, nonce });
    return signed;
  }
}
