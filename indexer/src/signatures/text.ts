import { EventFragment, FunctionFragment, type Fragment } from 'ethers';

// Text signatures are strangers' text (4byte exports, ABIs of anyone's contracts): each is parsed by ethers, kept
// only in its canonical form, and never trusted to be anything but text.

/** What a signature names: a function (4-byte selector) or an event (32-byte topic). */
export type SignatureKind = 'function' | 'event';

/** Where a signature came from. */
export type SignatureSource = 'bundled' | 'verified' | 'imported';

/** A row of the signature database. */
export interface SignatureEntry {
  kind: SignatureKind;
  /** 0x + 8 hex digits for a function, 0x + 64 for an event. */
  hash: string;
  /** Canonical text: name and parameter types, no spaces ('transfer(address,uint256)'). */
  signature: string;
  /** The fragment with parameter names and indexed markers, when known; null for a bare text signature. */
  fragment: string | null;
}

/** Longest signature line accepted (4byte's longest are a few hundred characters). */
export const MAX_SIGNATURE_LENGTH = 1024;

/** A fragment's keyword, name and parameters with names and indexed markers (no mutability or outputs). */
export function compactFragment(fragment: FunctionFragment | EventFragment): string {
  const keyword = fragment instanceof FunctionFragment ? 'function' : 'event';
  return `${keyword} ${fragment.name}(${fragment.inputs.map((p) => p.format('full')).join(', ')})`;
}

function fromFragment(fragment: FunctionFragment | EventFragment): SignatureEntry {
  const signature = fragment.format('sighash');
  const named = fragment.inputs.some((p) => p.name !== '' || p.indexed === true);
  const text = named ? compactFragment(fragment) : null;
  if (fragment instanceof FunctionFragment) return { kind: 'function', hash: fragment.selector, signature, fragment: text };
  return { kind: 'event', hash: fragment.topicHash, signature, fragment: text };
}

/**
 * Parses one line of a signature file: 'transfer(address,uint256)' (a function, or an event when `kind` says so),
 * or with its keyword and parameter names ('event Transfer(address indexed from, address indexed to, uint256 value)').
 * Answers null for anything that is not exactly one valid signature.
 */
export function parseSignature(line: string, kind: SignatureKind = 'function'): SignatureEntry | null {
  const text = line.trim();
  if (text === '' || text.length > MAX_SIGNATURE_LENGTH) return null;
  const keyword = /^(function|event)\s/.exec(text)?.[1] as SignatureKind | undefined;
  const body = keyword ? text.slice(keyword.length).trim() : text;
  // A name, then the parameter list and at most the modifiers a full fragment carries.
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*\(/.test(body)) return null;
  const as = keyword ?? kind;
  try {
    const fragment = as === 'function' ? FunctionFragment.from(`function ${body}`) : EventFragment.from(`event ${body}`);
    return fromFragment(fragment);
  } catch {
    return null;
  }
}

/** The function and event signatures of an ABI (JSON array of fragments); what cannot be read is skipped. */
export function abiSignatures(abi: unknown): SignatureEntry[] {
  if (!Array.isArray(abi)) return [];
  const out: SignatureEntry[] = [];
  for (const item of abi as unknown[]) {
    let fragment: Fragment | null;
    try {
      fragment = item && typeof item === 'object' ? fromJson(item) : null;
    } catch {
      continue;
    }
    if (fragment instanceof FunctionFragment || (fragment instanceof EventFragment && !fragment.anonymous)) out.push(fromFragment(fragment));
  }
  return out;
}

function fromJson(item: object): Fragment | null {
  const type = (item as { type?: unknown }).type;
  if (type === 'function') return FunctionFragment.from(item);
  if (type === 'event') return EventFragment.from(item);
  return null;
}
