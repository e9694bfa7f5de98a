import { INVALID_JSON } from '../http/server.ts';
import { checkBody } from '../http/body.ts';
import { Reply, type Router } from '../http/router.ts';
import type { ApiContext } from './context.ts';
import { rpcProxyRoute } from './contract/meta.ts';
import type { AnswerOf } from './contract/route.ts';
import { RpcBatch, RpcCall, rpcErrorCode } from './rpc-request.ts';

type Id = string | number | null;

/** One JSON-RPC reply (the contract's answer is one, or a list for a batch). */
type RpcReply = Exclude<AnswerOf<typeof rpcProxyRoute>, unknown[]>;

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
  const call = checkBody(RpcCall, item);
  if (!call.ok) return failure(id, rpcErrorCode(call.message), call.message);
  return { method: call.value.method, params: call.value.params, id };
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
  // The body is one call or a batch (rpcProxyRoute.body): each call is read on its own, so that a batch's bad call is
  // answered in its place.
  router.post(rpcProxyRoute.path, async ({ body }): Promise<AnswerOf<typeof rpcProxyRoute> | Reply> => {
    if (body === INVALID_JSON) return new Reply(400, failure(null, -32700, 'Parse error'));
    const batch = Array.isArray(body);
    const list = batch ? checkBody(RpcBatch, body) : { ok: true as const, value: [body] };
    if (!list.ok) return new Reply(400, failure(null, rpcErrorCode(list.message), list.message));
    const items = list.value;
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
