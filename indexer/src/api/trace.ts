import { RpcError, type RpcClient } from '../chain/rpc.ts';

// Internal calls from the node's call tracer (debug_traceTransaction with callTracer, as geth, anvil and reth serve
// it), made a flat list in call order; nodes without tracing say so instead of failing.

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

interface Frame {
  type?: string;
  from?: string;
  to?: string;
  value?: string;
  gas?: string;
  gasUsed?: string;
  input?: string;
  error?: string;
  calls?: Frame[];
}

const decimal = (hex: string | undefined): string | null => (typeof hex === 'string' && /^0x[0-9a-f]*$/i.test(hex) ? BigInt(hex === '0x' ? 0 : hex).toString() : null);

/** The call tree as a flat list, parents before their children. */
export function flattenCalls(root: Frame, depth = 0, out: InternalCall[] = []): InternalCall[] {
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

/** Traces a transaction's calls; null when the node has no call tracer. */
export async function traceCalls(rpc: RpcClient, hash: string): Promise<InternalCall[] | null> {
  try {
    const root = await rpc.call<Frame>('debug_traceTransaction', [hash, { tracer: 'callTracer' }]);
    return flattenCalls(root);
  } catch (err) {
    if (tracingUnavailable(err)) return null;
    throw err;
  }
}
