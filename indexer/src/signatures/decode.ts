import { guessFragment } from '@openchainxyz/abi-guesser';
import { AbiCoder, EventFragment, FunctionFragment, ParamType } from 'ethers';
import type { StoredSignature } from './store.ts';

// Decoding with a signature that may not be the one the contract was written with: a candidate counts only when the
// data decodes AND encodes back to exactly the same bytes (ethers' decoder alone accepts dirty padding, short or
// trailing data), so that of two signatures sharing a selector only those that fit the data are shown.

const coder = AbiCoder.defaultAbiCoder();

/** How a decoding was found: the contract's verified ABI, or a signature (database or built-in), not verified source. */
export type DecodeSource = 'verified' | 'signature';

/** A decoded parameter as the API serves it. */
export interface DecodedParamJson {
  name: string;
  type: string;
  value: unknown;
}

/** A decoded call as the API serves it. */
export interface CallCandidate {
  functionName: string;
  functionSignature: string;
  params: DecodedParamJson[];
  source: DecodeSource;
}

/** A decoded log parameter: indexed ones come from topics (a dynamic indexed value is only its keccak hash). */
export interface EventParamJson extends DecodedParamJson {
  indexed: boolean;
}

/** A decoded event as the API serves it. */
export interface EventCandidate {
  eventName: string;
  eventSignature: string;
  params: EventParamJson[];
  source: DecodeSource;
}

/** Plain JSON of a decoded value: bigints as decimal strings, tuples and arrays as arrays. */
export function plainValue(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return [...(value as unknown[])].map(plainValue);
  return value;
}

/** Decodes `data` (0x hex) as `types` only when it encodes back to the same bytes; null otherwise. */
export function strictDecode(types: readonly ParamType[], data: string): unknown[] | null {
  const hex = data.toLowerCase();
  if (!/^0x([0-9a-f]{2})*$/.test(hex)) return null;
  try {
    const values = coder.decode(types, hex);
    if (coder.encode(types, values).toLowerCase() !== hex) return null;
    return [...values].map(plainValue);
  } catch {
    return null;
  }
}

/** The fragment of a stored signature: its named form when known, else the bare text. */
export function functionFragmentOf(s: Pick<StoredSignature, 'signature' | 'fragment'>): FunctionFragment | null {
  try {
    return FunctionFragment.from(s.fragment ?? `function ${s.signature}`);
  } catch {
    return null;
  }
}

/** The event fragment of a stored signature; null when it cannot be read. */
export function eventFragmentOf(s: Pick<StoredSignature, 'signature' | 'fragment'>): EventFragment | null {
  try {
    return EventFragment.from(s.fragment ?? `event ${s.signature}`);
  } catch {
    return null;
  }
}

/** Decodes calldata with one function fragment (strictly); null when the selector differs or the data does not fit. */
export function decodeCall(fragment: FunctionFragment, input: string, source: DecodeSource): CallCandidate | null {
  if (input.slice(0, 10).toLowerCase() !== fragment.selector) return null;
  const values = strictDecode(fragment.inputs, `0x${input.slice(10)}`);
  if (values === null) return null;
  return {
    functionName: fragment.name,
    functionSignature: fragment.format('sighash'),
    params: fragment.inputs.map((p, i) => ({ name: p.name, type: p.format('sighash'), value: values[i] })),
    source,
  };
}

/** Every fragment that decodes `input` cleanly, once per canonical signature, in the order given. */
export function callCandidates(fragments: readonly { fragment: FunctionFragment; source: DecodeSource }[], input: string): CallCandidate[] {
  const out: CallCandidate[] = [];
  const seen = new Set<string>();
  for (const { fragment, source } of fragments) {
    const sig = fragment.format('sighash');
    if (seen.has(sig)) continue;
    const decoded = decodeCall(fragment, input, source);
    if (decoded) {
      seen.add(sig);
      out.push(decoded);
    }
  }
  return out;
}

function isDynamic(p: ParamType): boolean {
  return p.isArray() || p.isTuple() || p.baseType === 'string' || p.baseType === 'bytes';
}

/**
 * Decodes a log with an event fragment: topic 0 must be its topic, each indexed parameter one topic (a static one
 * must be a clean encoding; a dynamic one is its hash), the rest the data (strictly). A fragment without indexed
 * markers (a bare text signature) takes its first parameters as the indexed ones, as many as there are topics.
 */
export function decodeEvent(fragment: EventFragment, topics: readonly string[], data: string, source: DecodeSource, knownIndexed = true): EventCandidate | null {
  if (fragment.anonymous || (topics[0] ?? '').toLowerCase() !== fragment.topicHash) return null;
  const indexedCount = topics.length - 1;
  const indexed = knownIndexed ? fragment.inputs.map((p) => p.indexed === true) : fragment.inputs.map((_p, i) => i < indexedCount);
  if (indexed.filter(Boolean).length !== indexedCount) return null;
  const params: EventParamJson[] = [];
  const plain = fragment.inputs.filter((_p, i) => !indexed[i]);
  const dataValues = strictDecode(plain, data);
  if (dataValues === null) return null;
  let t = 1;
  let d = 0;
  for (const [i, p] of fragment.inputs.entries()) {
    const type = p.format('sighash');
    if (indexed[i]) {
      const topic = (topics[t++] ?? '').toLowerCase();
      if (isDynamic(p)) {
        if (!/^0x[0-9a-f]{64}$/.test(topic)) return null;
        params.push({ name: p.name, type, value: topic, indexed: true });
        continue;
      }
      const value = strictDecode([p], topic);
      if (value === null) return null;
      params.push({ name: p.name, type, value: value[0], indexed: true });
    } else params.push({ name: p.name, type, value: dataValues[d++], indexed: false });
  }
  return { eventName: fragment.name, eventSignature: fragment.format('sighash'), params, source };
}

/** Every stored event signature that decodes the log cleanly, once per canonical signature. */
export function eventCandidates(signatures: readonly StoredSignature[], topics: readonly string[], data: string): EventCandidate[] {
  const out: EventCandidate[] = [];
  const seen = new Set<string>();
  for (const s of signatures) {
    if (seen.has(s.signature)) continue;
    const fragment = eventFragmentOf(s);
    const decoded = fragment ? decodeEvent(fragment, topics, data, 'signature', s.fragment !== null) : null;
    if (decoded) {
      seen.add(s.signature);
      out.push(decoded);
    }
  }
  return out;
}

/** Calldata nobody has a signature for: its selector, the arguments as 32-byte words, and guessed types. */
export interface CallGuess {
  selector: string;
  /** The arguments' bytes in 32-byte words (the last may be shorter; at most MAX_GUESS_WORDS), 0x hex. */
  words: string[];
  /** Types proposed by abi-guesser, labelled as a guess; null when it proposes none or the arguments exceed MAX_GUESS_BYTES. */
  types: string[] | null;
  /** The arguments decoded with the guessed types, when they decode cleanly. */
  params: DecodedParamJson[] | null;
}

/**
 * Most argument bytes the guesser looks at: its time grows faster than the input (measured: 32 words ~20-35 ms,
 * 128 words ~0.6 s, 256 words ~3 s on the request thread) and the input is anyone's.
 */
export const MAX_GUESS_BYTES = 1_024;

/** Most 32-byte words answered (the whole input is in the transaction anyway). */
export const MAX_GUESS_WORDS = 256;

/** Splits calldata after the selector into words and lets abi-guesser propose types; null without a selector. */
export function guessCall(input: string): CallGuess | null {
  if (!/^0x[0-9a-fA-F]{8}/.test(input)) return null;
  const args = input.slice(10).toLowerCase();
  const words: string[] = [];
  for (let i = 0; i < args.length && words.length < MAX_GUESS_WORDS; i += 64) words.push(`0x${args.slice(i, i + 64)}`);
  let types: string[] | null = null;
  let params: DecodedParamJson[] | null = null;
  if (args.length / 2 <= MAX_GUESS_BYTES && args.length % 2 === 0) {
    let guessed: FunctionFragment | null;
    try {
      guessed = guessFragment(input);
    } catch {
      // The guesser throws on data it cannot read: no guess.
      guessed = null;
    }
    if (guessed) {
      types = guessed.inputs.map((p) => p.format('sighash'));
      const values = strictDecode(guessed.inputs, `0x${args}`);
      if (values) params = guessed.inputs.map((p, i) => ({ name: '', type: p.format('sighash'), value: values[i] }));
    }
  }
  return { selector: input.slice(0, 10).toLowerCase(), words, types, params };
}
