import { RpcError } from './rpc.ts';

// Call traces as the node's call tracer answers them (callTracer, as geth, anvil and reth serve it), made a flat list
// in call order: shared by the API (a transaction traced on demand) and the trailing tracer (whole blocks).

/** One frame of the call tree. */
export interface InternalCall {
  /** 0 is the transaction itself; its calls are 1, theirs 2, … */
  depth: number;
  /** CALL, DELEGATECALL, STATICCALL, CALLCODE, CREATE, CREATE2, SELFDESTRUCT. */
  type: string;
  from: string;
  to: string | null;
  /** Wei, decimal. */
  value: string;
  gas: string | null;
  gasUsed: string | null;
  /** The first four bytes of the input (the function selector), when there is one. */
  selector: string | null;
  error: string | null;
}

/** A frame as callTracer answers it. */
export interface CallFrame {
  type?: string;
  from?: string;
  to?: string;
  value?: string;
  gas?: string;
  gasUsed?: string;
  input?: string;
  error?: string;
  calls?: CallFrame[];
}

const decimal = (hex: string | undefined): string | null => (typeof hex === 'string' && /^0x[0-9a-f]*$/i.test(hex) ? BigInt(hex === '0x' ? 0 : hex).toString() : null);

/** The call tree as a flat list, parents before their children. */
export function flattenCalls(root: CallFrame, depth = 0, out: InternalCall[] = []): InternalCall[] {
  const input = typeof root.input === 'string' ? root.input : '0x';
  out.push({
    depth,
    type: (root.type ?? 'CALL').toUpperCase(),
    from: (root.from ?? '').toLowerCase(),
    to: root.to ? root.to.toLowerCase() : null,
    value: decimal(root.value) ?? '0',
    gas: decimal(root.gas),
    gasUsed: decimal(root.gasUsed),
    selector: input.length >= 10 && !(root.type ?? '').toUpperCase().startsWith('CREATE') ? input.slice(0, 10).toLowerCase() : null,
    error: typeof root.error === 'string' ? root.error : null,
  });
  for (const child of root.calls ?? []) flattenCalls(child, depth + 1, out);
  return out;
}

/** Whether a node error means "no tracing here" rather than a failure. */
export function tracingUnavailable(err: unknown): boolean {
  if (!(err instanceof RpcError)) return false;
  return err.code === -32601 || err.code === -32600 || /not (found|supported|available)|does not exist|unsupported|disabled|debug/i.test(err.message);
}

/** Whether a frame is an internal transaction as Etherscan lists them (value-moving calls, creations, self-destructs, depth ≥ 1). */
export function isInternalTransaction(c: InternalCall): boolean {
  if (c.depth < 1) return false;
  if (c.type.startsWith('CREATE') || c.type === 'SELFDESTRUCT') return true;
  return (c.type === 'CALL' || c.type === 'CALLCODE') && c.value !== '0';
}

/** The addresses an internal transaction involves: its sender, its recipient or the contract it created. */
export function involvedAddresses(c: InternalCall): string[] {
  return [...new Set([c.from, c.to].filter((a): a is string => typeof a === 'string' && a !== ''))];
}

/** What decides whether a transaction can have internal calls. */
export interface CallCandidate {
  to_addr: string | null;
  input: string;
  /** 0 when the recipient is indexed as an account (no code): a plain transfer to it runs nothing. */
  to_is_contract: number | null;
}

/** A transaction as the tracer and per-request tracing read it: what identifies it, and whether it can call. */
export interface TracedTx extends CallCandidate {
  id: number;
  hash: string;
  block_number: number;
  timestamp: number;
}

/** Whether a transaction can have internal calls: a creation, a call with data, or a transfer to a contract. */
export const mayCall = (t: CallCandidate): boolean => t.to_addr === null || t.input !== '0x' || t.to_is_contract !== 0;
