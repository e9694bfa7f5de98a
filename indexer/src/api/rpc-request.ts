import * as z from 'zod';

// The body of POST /proxy/rpc: one JSON-RPC call or a batch, each call checked on its own and answered with the
// JSON-RPC error of its first problem (the message names the error; rpcErrorCode gives its code).

/** Read-only JSON-RPC methods the proxy forwards; anything else is answered with -32601. */
const PROXY_METHODS: ReadonlySet<string> = new Set([
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

/** Most calls in one batch. */
const MAX_BATCH = 100;

const INVALID_REQUEST = 'Invalid Request';
const INVALID_PARAMS = 'Invalid params';

/** A batch: 1 to MAX_BATCH calls (each then read by RpcCall). */
export const RpcBatch = z
  .array(z.unknown())
  .min(1, `${INVALID_REQUEST}: empty batch`)
  .max(MAX_BATCH, `${INVALID_REQUEST}: more than ${MAX_BATCH} calls`);

/** One call the proxy forwards: JSON-RPC 2.0 (the version may be left out), a read-only method, params as a list. */
export const RpcCall = z
  .object(
    {
      jsonrpc: z.literal('2.0', { error: INVALID_REQUEST }).optional(),
      method: z.string({ error: INVALID_REQUEST }),
      params: z
        .array(z.unknown(), { error: INVALID_PARAMS })
        .optional()
        .transform((p) => p ?? []),
    },
    { error: INVALID_REQUEST },
  )
  .refine((call) => PROXY_METHODS.has(call.method), { error: (issue) => `Method not found: ${String((issue.input as { method: string }).method).slice(0, 64)} is not allowed` });

/** A checked call. */
export type RpcCall = z.output<typeof RpcCall>;

/** The JSON-RPC error code of a message of RpcBatch or RpcCall. */
export function rpcErrorCode(message: string): number {
  if (message.startsWith(INVALID_REQUEST)) return -32600;
  return message === INVALID_PARAMS ? -32602 : -32601;
}
