import { decodeErc20Call, inputSelector } from './erc20-decode.ts';
import type { CallGuess, DecodedCall } from '../model/types.ts';

/** How the Input Data tab shows the input. */
export type InputView = 'hex' | 'utf8';

/** The ?view= parameter: 'utf8' shows UTF-8 text, anything else the hex. */
export function parseInputView(value: string | null | undefined): InputView {
  return value === 'utf8' ? 'utf8' : 'hex';
}

/** Whether a transaction carries input data ('0x' or empty means none). */
export function hasInputData(input: string | null | undefined): boolean {
  return !!input && input.length > 2;
}

/** Number of bytes in 0x hex data (an odd trailing nibble is not a byte). */
export function inputByteCount(input: string): number {
  return Math.floor(Math.max(0, input.length - 2) / 2);
}

/** Whether the byte count is shown: only when the hex is longer than 10 characters (more than a selector). */
export function showsByteCount(input: string): boolean {
  return input.length > 10;
}

/** The bytes of 0x hex data; characters that are not hex end the data. */
function hexBytes(input: string): Uint8Array {
  const hex = input.replace(/^0x/i, '');
  const valid = /^[0-9a-fA-F]*/.exec(hex)?.[0] ?? '';
  const bytes = new Uint8Array(Math.floor(valid.length / 2));
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(valid.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/**
 * Input data read as UTF-8 for display as text: invalid byte sequences become U+FFFD, and control characters
 * other than tab and newlines become their visible Control Pictures (NUL → ␀), so ABI padding stays readable.
 */
export function inputAsUtf8(input: string): string {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(hexBytes(input));
  // Control characters are what this regex is for: each becomes its visible picture.
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, (c) => {
    const code = c.charCodeAt(0);
    return code === 0x7f ? '\u2421' : String.fromCharCode(0x2400 + code);
  });
}

/** What the Decoded Function Call panel shows. */
export type CallPanel =
  | { kind: 'empty' }
  | {
      kind: 'decoded';
      call: DecodedCall;
      source: 'indexer' | 'local';
      /** Further signatures sharing the selector that decode the input too (the indexer's candidates). */
      others: DecodedCall[];
    }
  | { kind: 'creation'; selector: string | null }
  | { kind: 'undecoded'; selector: string | null; contract: string; guess: CallGuess | null };

/** What the bundled indexer adds to its decoding: every candidate that fits, or guessed types. */
export interface CallExtras {
  candidates?: readonly DecodedCall[];
  guess?: CallGuess | null;
}

/**
 * The decoded call of a transaction: the indexer's decoding (with the other candidates sharing its selector), else
 * the local decoding of the eight ERC-20 selectors, else the 4-byte selector with 'could not be
 * decoded' and the indexer's guess (calls) or the contract creation notice (deployments).
 */
export function callPanel(tx: { to: string | null; input: string }, indexerCall: DecodedCall | null, extras: CallExtras = {}): CallPanel {
  if (!hasInputData(tx.input)) return { kind: 'empty' };
  const selector = inputSelector(tx.input);
  if (tx.to === null) return { kind: 'creation', selector };
  if (indexerCall) {
    const others = (extras.candidates ?? []).filter((c) => c.functionSignature !== indexerCall.functionSignature);
    return { kind: 'decoded', call: indexerCall, source: 'indexer', others };
  }
  const local = decodeErc20Call(tx.input);
  if (local) return { kind: 'decoded', call: { ...local, params: [...local.params] }, source: 'local', others: [] };
  return { kind: 'undecoded', selector, contract: tx.to, guess: extras.guess ?? null };
}

/** Whether a decoded parameter's value is one address that can be linked (address-typed values only). */
export function isAddressParam(param: { type: string; value: string }): boolean {
  return param.type === 'address' && /^0x[0-9a-fA-F]{40}$/.test(param.value);
}
