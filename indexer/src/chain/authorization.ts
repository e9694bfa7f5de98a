// EIP-7702 authorizations: the signer (authority) recovered from each tuple's signature, and whether the chain applied
// each one. The node's transaction object lists the tuples as signed; it does not say which took effect.
import { verifyAuthorization } from 'ethers';

/** An authorization tuple as the node serves it (quantities as 0x hex). */
export interface RawAuthorization {
  chainId: string;
  address: string;
  nonce: string;
  yParity?: string;
  /** Some nodes write the parity as v (0/1, or 27/28). */
  v?: string;
  r: string;
  s: string;
}

/** An authorization as stored and served: decimal chain id and nonce, and its recovered authority (null when the signature is invalid). */
export interface Authorization {
  chainId: string;
  address: string;
  nonce: string;
  yParity: number;
  r: string;
  s: string;
  authority: string | null;
}

/** Half the order of secp256k1: EIP-7702 (like EIP-2) rejects signatures with a larger s. */
const HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;
const MAX_NONCE = 2n ** 64n - 1n;

function quantity(raw: unknown): bigint | null {
  if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0) return BigInt(raw);
  if (typeof raw !== 'string' || !/^(0x[0-9a-f]+|[0-9]+)$/i.test(raw)) return null;
  return BigInt(raw);
}

function word(raw: unknown): string | null {
  const n = quantity(raw);
  return n === null || n >= 2n ** 256n ? null : `0x${n.toString(16).padStart(64, '0')}`;
}

/**
 * The signer of an authorization: ecrecover over keccak256(0x05 ‖ rlp([chainId, address, nonce])) with (yParity, r, s);
 * null when the signature cannot be valid under EIP-7702 (parity other than 0/1, r or s zero or out of range, high s).
 */
export function recoverAuthority(auth: { chainId: bigint; address: string; nonce: bigint; yParity: number; r: string; s: string }): string | null {
  const s = BigInt(auth.s);
  const r = BigInt(auth.r);
  if ((auth.yParity !== 0 && auth.yParity !== 1) || r === 0n || s === 0n || s > HALF_N) return null;
  try {
    return verifyAuthorization({ address: auth.address, nonce: auth.nonce, chainId: auth.chainId }, { r: auth.r, s: auth.s, yParity: auth.yParity === 0 ? 0 : 1 }).toLowerCase();
  } catch {
    return null;
  }
}

/** An authorization as the sync stores it: the authority is recovered on the first request (about 4 ms each), not while syncing. */
export type StoredAuthorization = Omit<Authorization, 'authority'> & { authority?: string | null };

/** A stored authorization with its authority, recovered now when the sync left it out. */
export function withAuthority(a: StoredAuthorization): Authorization {
  if (a.authority !== undefined) return { ...a, authority: a.authority };
  const nonce = BigInt(a.nonce);
  const authority = nonce >= MAX_NONCE ? null : recoverAuthority({ chainId: BigInt(a.chainId), address: a.address, nonce, yParity: a.yParity, r: a.r, s: a.s });
  return { ...a, authority };
}

/** The node's authorization list read into tuples to store, without their authorities (entries that are not tuples are dropped). */
export function readAuthorizationTuples(raw: unknown): StoredAuthorization[] {
  if (!Array.isArray(raw)) return [];
  const out: StoredAuthorization[] = [];
  for (const item of raw as Partial<RawAuthorization>[]) {
    if (typeof item !== 'object' || item === null) continue;
    const chainId = quantity(item.chainId);
    const nonce = quantity(item.nonce);
    const r = word(item.r);
    const s = word(item.s);
    const parity = quantity(item.yParity ?? item.v);
    const address = typeof item.address === 'string' && /^0x[0-9a-f]{40}$/i.test(item.address) ? item.address.toLowerCase() : null;
    if (chainId === null || nonce === null || r === null || s === null || parity === null || address === null) continue;
    const yParity = parity >= 27n ? Number(parity - 27n) : Number(parity);
    out.push({ chainId: chainId.toString(), address, nonce: nonce.toString(), yParity, r, s });
  }
  return out;
}

/** The node's authorization list with each entry's authority (entries that are not tuples are dropped). */
export function readAuthorizations(raw: unknown): Authorization[] {
  return readAuthorizationTuples(raw).map(withAuthority);
}

/** What the chain knew of an authority just before the transaction's authorizations were processed. */
export interface AuthorityState {
  /** Its nonce (after the transaction's own sender nonce increment, when it is the sender). */
  nonce: bigint;
  /** Its code is empty or a delegation designator (an account, not a contract). */
  delegatable: boolean;
}

/**
 * Which authorizations the chain applied, in list order (EIP-7702's rule): the chain id is 0 or the chain's, the
 * signature is valid (authority recovered), the authority has no code other than a delegation, and the tuple's nonce is
 * the authority's nonce at that point; an applied tuple increments that nonce for the tuples after it. null where the
 * authority's state is unknown (the node no longer has it).
 */
export function appliedAuthorizations(
  list: readonly Authorization[],
  chainId: bigint,
  states: ReadonlyMap<string, AuthorityState | null>,
): (boolean | null)[] {
  const nonces = new Map<string, bigint>();
  return list.map((a) => {
    if (a.authority === null) return false;
    if (BigInt(a.chainId) !== 0n && BigInt(a.chainId) !== chainId) return false;
    const state = states.get(a.authority);
    if (state === undefined || state === null) return null;
    if (!state.delegatable) return false;
    const current = nonces.get(a.authority) ?? state.nonce;
    if (BigInt(a.nonce) !== current) return false;
    nonces.set(a.authority, current + 1n);
    return true;
  });
}
