import { Interface, isHexString, type FunctionFragment, type JsonFragment, type ParamType, type Result } from 'ethers';

// Calling a verified contract's functions: the function chosen by name or signature, arguments
// encoded with its ABI, results made plain JSON (integers as decimal strings, tuples by name) and reverts decoded
// (Error(string), Panic(uint256), the contract's own custom errors).

/** A call that cannot be made as asked: answered 400 with this message. */
export class CallInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CallInputError';
  }
}

/** A plain JSON value. */
export type Plain = string | number | boolean | null | Plain[] | { [key: string]: Plain };

/** Meanings of the compiler's panic codes. */
const PANICS: Record<number, string> = {
  0x00: 'generic compiler panic',
  0x01: 'assertion failed',
  0x11: 'arithmetic overflow or underflow',
  0x12: 'division or modulo by zero',
  0x21: 'invalid enum value',
  0x22: 'invalid storage byte array',
  0x31: 'pop on an empty array',
  0x32: 'array index out of bounds',
  0x41: 'too much memory allocated',
  0x51: 'call to an uninitialised internal function',
};

/** The function a request names: 'name' (when it is not overloaded) or 'name(type,…)'. */
export function chooseFunction(abi: Interface, method: string): FunctionFragment {
  const wanted = method.trim();
  if (wanted === '') throw new CallInputError('Function name is missing');
  const matches: FunctionFragment[] = [];
  abi.forEachFunction((f) => {
    if (f.name === wanted || f.format('sighash') === wanted.replace(/\s+/g, '')) matches.push(f);
  });
  if (matches.length === 0) throw new CallInputError(`Function ${wanted.slice(0, 80)} is not in the contract's ABI`);
  if (matches.length > 1) {
    throw new CallInputError(`Function ${wanted} is overloaded: name one of ${matches.map((f) => f.format('sighash')).join(', ')}`);
  }
  return matches[0] as FunctionFragment;
}

/** A value as the caller sent it, shaped for ethers: JSON text of arrays and tuples is parsed, numbers become text. */
function prepare(param: ParamType, value: unknown): unknown {
  if (param.isArray() || param.isTuple()) {
    const parsed = typeof value === 'string' && /^\s*[[{]/.test(value) ? (JSON.parse(value) as unknown) : value;
    if (param.isArray()) {
      if (!Array.isArray(parsed)) throw new CallInputError(`Parameter ${param.name || param.type} (${param.type}) must be an array`);
      return parsed.map((item) => prepare(param.arrayChildren, item));
    }
    const components = param.components ?? [];
    if (Array.isArray(parsed)) return (parsed as unknown[]).map((item, i) => (components[i] ? prepare(components[i], item) : item));
    if (typeof parsed === 'object' && parsed !== null) {
      return components.map((c) => prepare(c, (parsed as Record<string, unknown>)[c.name]));
    }
    throw new CallInputError(`Parameter ${param.name || param.type} (${param.type}) must be a tuple`);
  }
  if (typeof value === 'number') return String(value);
  if (param.type === 'bool' && typeof value === 'string') {
    if (/^(true|1)$/i.test(value.trim())) return true;
    if (/^(false|0)$/i.test(value.trim())) return false;
  }
  return value;
}

/** Encodes a call; malformed arguments become a CallInputError naming the parameter. */
export function encodeCall(abi: Interface, fn: FunctionFragment, params: readonly unknown[]): string {
  if (params.length !== fn.inputs.length) {
    throw new CallInputError(`${fn.name} takes ${fn.inputs.length} argument(s), ${params.length} given`);
  }
  const values = fn.inputs.map((input, i) => {
    try {
      return prepare(input, params[i]);
    } catch (err) {
      if (err instanceof CallInputError) throw err;
      throw new CallInputError(`Parameter ${input.name || i + 1} (${input.type}) is not valid JSON`);
    }
  });
  try {
    return abi.encodeFunctionData(fn, values);
  } catch (err) {
    const reason = err instanceof Error ? (err as { shortMessage?: string }).shortMessage ?? err.message : String(err);
    throw new CallInputError(`Invalid arguments for ${fn.format('sighash')}: ${reason.slice(0, 200)}`);
  }
}

/** A decoded value made plain: bigints as decimal text, tuples with names as objects, arrays as arrays. */
export function plain(value: unknown, type?: ParamType): Plain {
  if (typeof value === 'bigint') return value.toString();
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) {
    const items = value as unknown[];
    if (type?.isTuple()) {
      const components = type.components ?? [];
      if (components.length > 0 && components.every((c) => c.name !== '')) {
        return Object.fromEntries(components.map((c, i) => [c.name, plain(items[i], c)]));
      }
      return items.map((item, i) => plain(item, components[i]));
    }
    const child = type?.isArray() ? type.arrayChildren : undefined;
    return items.map((item) => plain(item, child));
  }
  // Typed values of ethers (Typed, Indexed) and anything else: their JSON text.
  return JSON.stringify(value) ?? null;
}

/** One returned value with its name and type. */
export interface Output {
  name: string;
  type: string;
  value: Plain;
}

/** The returned values: the single value itself, or every output (named outputs as an object by name). */
export function decodeResult(abi: Interface, fn: FunctionFragment, data: string): { result: Plain; outputs: Output[] } {
  const decoded: Result = abi.decodeFunctionResult(fn, data);
  const outputs = fn.outputs.map((o, i) => ({ name: o.name, type: o.format('sighash'), value: plain(decoded[i], o) }));
  if (outputs.length === 1) return { result: (outputs[0] as Output).value, outputs };
  const named = outputs.length > 0 && outputs.every((o) => o.name !== '');
  return { result: named ? Object.fromEntries(outputs.map((o) => [o.name, o.value])) : outputs.map((o) => o.value), outputs };
}

/** A decoded revert. */
export interface Revert {
  kind: 'error' | 'panic' | 'custom' | 'empty' | 'unknown';
  /** What to show: the message, the panic's meaning, or the custom error with its arguments. */
  reason: string;
  data: string;
}

/** Decodes revert data with the standard errors and the ABI's own. */
export function decodeRevert(abi: Interface | null, data: unknown): Revert {
  const hex = typeof data === 'string' && isHexString(data) ? data.toLowerCase() : '0x';
  if (hex === '0x') return { kind: 'empty', reason: 'reverted without a reason', data: hex };
  const standard = new Interface(['error Error(string)', 'error Panic(uint256)']);
  try {
    const parsed = standard.parseError(hex);
    if (parsed?.name === 'Error') return { kind: 'error', reason: String(parsed.args[0]), data: hex };
    if (parsed?.name === 'Panic') {
      const code = Number(parsed.args[0] as bigint);
      return { kind: 'panic', reason: `Panic(0x${code.toString(16).padStart(2, '0')}): ${PANICS[code] ?? 'unknown panic code'}`, data: hex };
    }
  } catch {
    // Not a standard error: try the contract's own.
  }
  if (abi) {
    try {
      const parsed = abi.parseError(hex);
      if (parsed) {
        const args = parsed.fragment.inputs.map((input, i) => `${input.name ? `${input.name}: ` : ''}${JSON.stringify(plain(parsed.args[i], input))}`);
        return { kind: 'custom', reason: `${parsed.name}(${args.join(', ')})`, data: hex };
      }
    } catch {
      // Unknown selector.
    }
  }
  return { kind: 'unknown', reason: `reverted with unknown data ${hex.slice(0, 10)}…`, data: hex };
}

/** An ethers Interface of a stored ABI; null when it cannot be read. */
export function interfaceOf(abi: unknown): Interface | null {
  try {
    return new Interface(abi as JsonFragment[]);
  } catch {
    return null;
  }
}
