import { RpcError, type RpcClient } from '../chain/rpc.ts';
import type { TxRow } from '../store/rows.ts';
import type { ApiContext } from './context.ts';

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

/**
 * A transaction's internal calls: kept in internal_calls once traced, traced otherwise (and then kept, with the
 * contracts its frames created). Null when the node has no call tracer; throws when the node fails to trace.
 * Shared by GET /transactions/{hash}/internal-calls and the Etherscan API's txlistinternal.
 */
export async function transactionCalls(ctx: ApiContext, tx: Pick<TxRow, 'hash' | 'block_number' | 'timestamp'>): Promise<InternalCall[] | null> {
  const stored = await ctx.db.one<{ calls: string }>('SELECT calls FROM internal_calls WHERE tx_hash = ?', tx.hash);
  if (stored) return JSON.parse(stored.calls) as InternalCall[];
  const calls = await traceCalls(ctx.rpc, tx.hash);
  if (calls === null) return null;
  await ctx.db.run(
    `INSERT INTO internal_calls (tx_hash, block_number, calls) VALUES (?, ?, ?)
     ON CONFLICT (tx_hash) DO UPDATE SET block_number = excluded.block_number, calls = excluded.calls`,
    tx.hash,
    tx.block_number,
    JSON.stringify(calls),
  );
  // Contracts created by contracts have no creation transaction of their own: the trace names their creator.
  for (const c of calls) {
    if (c.depth > 0 && c.type.startsWith('CREATE') && c.to && !c.error) {
      await ctx.db.run(
        `INSERT INTO contracts (address, creator, creation_tx, block_number, timestamp, first_seen_block, contract_type)
         VALUES (?, ?, ?, ?, ?, ?, 'none') ON CONFLICT DO NOTHING`,
        c.to,
        c.from,
        tx.hash,
        tx.block_number,
        tx.timestamp,
        tx.block_number,
      );
      await ctx.db.run('UPDATE contracts SET creator = ?, creation_tx = ? WHERE address = ? AND creator IS NULL', c.from, tx.hash, c.to);
    }
  }
  return calls;
}
