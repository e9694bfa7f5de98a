import { INVALID_JSON } from '../http/server.ts';
import { Reply, type Router } from '../http/router.ts';
import type { ApiContext } from './context.ts';

/** Read-only JSON-RPC methods the proxy forwards; anything else is answered with -32601. */
export const PROXY_METHODS: ReadonlySet<string> = new Set([
  'eth_call',
  'eth_gasPrice',
  'eth_chainId',
  'eth_blockNumber',
  'eth_getBalance',
  'eth_getCode',
  'eth_getTransactionCount',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_getLogs',
  'eth_estimateGas',
  'net_version',
  'web3_clientVersion',
]);

const MAX_BATCH = 100;

type Id = string | number | null;

interface RpcReply {
  jsonrpc: '2.0';
  id: Id;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

function failure(id: Id, code: number, message: string): RpcReply {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

function idOf(item: unknown): Id {
  if (item === null || typeof item !== 'object') return null;
  const id = (item as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/** Checks one request; returns the forwardable call or the error reply. */
function check(item: unknown): { method: string; params: unknown[]; id: Id } | RpcReply {
  const id = idOf(item);
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return failure(id, -32600, 'Invalid Request');
  const { jsonrpc, method, params } = item as { jsonrpc?: unknown; method?: unknown; params?: unknown };
  if ((jsonrpc !== undefined && jsonrpc !== '2.0') || typeof method !== 'string') return failure(id, -32600, 'Invalid Request');
  if (params !== undefined && !Array.isArray(params)) return failure(id, -32602, 'Invalid params');
  if (!PROXY_METHODS.has(method)) return failure(id, -32601, `Method not found: ${method.slice(0, 64)} is not allowed`);
  return { method, params: (params as unknown[] | undefined) ?? [], id };
}

async function forward(ctx: ApiContext, calls: { method: string; params: unknown[]; id: Id }[]): Promise<RpcReply[]> {
  const body = calls.map((c, i) => ({ jsonrpc: '2.0', id: i, method: c.method, params: c.params }));
  let answer: unknown;
  try {
    answer = await ctx.rpc.raw(body, 15_000);
  } catch {
    return calls.map((c) => failure(c.id, -32603, 'Internal error'));
  }
  const byId = new Map<number, RpcReply>();
  if (Array.isArray(answer)) {
    for (const a of answer as { id?: unknown; result?: unknown; error?: RpcReply['error'] }[]) {
      if (typeof a?.id !== 'number') continue;
      byId.set(a.id, a.error ? { jsonrpc: '2.0', id: null, error: a.error } : { jsonrpc: '2.0', id: null, result: a.result ?? null });
    }
  }
  return calls.map((c, i) => {
    const r = byId.get(i);
    return r ? { ...r, id: c.id } : failure(c.id, -32603, 'Internal error');
  });
}

/** POST /proxy/rpc: single or batch JSON-RPC, limited to read-only methods. */
export function proxyRoutes(router: Router, ctx: ApiContext): void {
  router.post('/proxy/rpc', async ({ body }) => {
    if (body === INVALID_JSON) return new Reply(400, failure(null, -32700, 'Parse error'));
    if (body === undefined) return new Reply(400, failure(null, -32600, 'Invalid Request'));
    const batch = Array.isArray(body);
    const items: unknown[] = batch ? (body as unknown[]) : [body];
    if (batch && (items.length === 0 || items.length > MAX_BATCH)) {
      return new Reply(400, failure(null, -32600, items.length === 0 ? 'Invalid Request: empty batch' : `Invalid Request: more than ${MAX_BATCH} calls`));
    }
    const checked = items.map(check);
    const calls = checked.filter((c): c is { method: string; params: unknown[]; id: Id } => !('jsonrpc' in c));
    const forwarded = calls.length > 0 ? await forward(ctx, calls) : [];
    let k = 0;
    const replies = checked.map((c) => ('jsonrpc' in c ? c : (forwarded[k++] as RpcReply)));
    if (batch) return replies;
    const single = replies[0] as RpcReply;
    return single.error?.code === -32600 ? new Reply(400, single) : single;
  }, { limit: 'rpc' });
}
