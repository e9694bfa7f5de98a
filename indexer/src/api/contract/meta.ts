// The contract of the routes around the data: the JSON-RPC proxy, the live event stream, this OpenAPI document and
// the Prometheus metrics. The stream and the metrics are not JSON: their contracts give the media type, and their
// answer schemas say in words what the body holds.
import * as z from 'zod';
import {
  BLOCK_EVENTS,
  MAX_REPLAY_BLOCKS,
  MAX_STREAM_TOPICS,
  STREAM_HEARTBEAT_MS,
  STREAM_LIMIT_MESSAGES,
  STREAM_RETRY_MS,
} from '../../../../common/live-events.ts';
import { RpcBatch, RpcCall } from '../rpc-request.ts';
import { int } from './fields.ts';
import { defineRoute } from './route.ts';

/** A JSON-RPC 2.0 reply: the node's result or error, or the proxy's own error (-32600, -32601, -32602, -32700, -32603). */
const rpcReply = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]),
  result: z.unknown().optional(),
  error: z.object({ code: int, message: z.string(), data: z.unknown().optional() }).optional(),
});

/** POST /proxy/rpc. */
export const rpcProxyRoute = defineRoute({
  method: 'POST',
  path: '/proxy/rpc',
  summary:
    'Forwards read-only JSON-RPC methods (single or batch of at most 100); others get error -32601. A malformed single request is answered 400 with its JSON-RPC error (-32700 unreadable JSON, -32600 invalid request)',
  body: z.union([RpcCall, RpcBatch.meta({ description: 'a batch: each call is checked and answered on its own' })]).meta({ description: 'JSON-RPC 2.0 request or batch' }),
  answer: z.union([rpcReply, z.array(rpcReply)]).meta({ id: 'JsonRpcReply' }),
  otherAnswers: { 400: rpcReply },
});

/** GET /events. */
export const eventsRoute = defineRoute({
  method: 'GET',
  path: '/events',
  summary: `Live updates (server-sent events, common/live-events.ts): for every new block ${BLOCK_EVENTS.join(', ')} (the JSON of GET /blocks, GET /transactions, the stats routes and eth_gasPrice), address:{a} and token:{a} for the topics asked for, reorg {depth, fork, head, reorgs} after a rollback; ids {block}-{index}-{reorgs}; Last-Event-ID (or lastEventId) replays what was missed, up to ${MAX_REPLAY_BLOCKS} blocks, else reload`,
  description: `retry: ${STREAM_RETRY_MS}; a comment every ${STREAM_HEARTBEAT_MS / 1000} s; never compressed. 429 "${STREAM_LIMIT_MESSAGES.perClient}" past INDEXER_MAX_STREAMS_PER_CLIENT, 503 "${STREAM_LIMIT_MESSAGES.total}" past INDEXER_MAX_STREAMS. A reader that does not keep up is disconnected.`,
  // address and token are repeatable: the handler reads every value (stream/topics.ts parseTopics), not the first.
  query: z.object({
    address: z
      .string()
      .optional()
      .meta({ description: `addresses to follow (address:{a} events), repeatable or comma-separated; with token, at most ${MAX_STREAM_TOPICS} in all` }),
    token: z.string().optional().meta({ description: 'tokens to follow (token:{a} events), repeatable or comma-separated' }),
    lastEventId: z
      .string()
      .optional()
      .meta({ pattern: '^\\d+-\\d+-\\d+$', description: 'the last event id seen, when the Last-Event-ID header cannot be set (a new EventSource); the header wins' }),
  }),
  answer: z.string().meta({
    description: 'A text/event-stream that stays open: no static schema. Each event is `id:`, `event:` and one `data:` line of JSON (the payloads of common/live-events.ts)',
  }),
  mediaType: 'text/event-stream',
  errors: [429, 503],
});

/** GET /openapi.json. */
export const openApiRoute = defineRoute({
  method: 'GET',
  path: '/openapi.json',
  summary: 'This document (OpenAPI 3.1), generated from the routes’ contracts',
  answer: z.looseObject({ openapi: z.literal('3.1.0'), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()), components: z.looseObject({}) }),
});

/** GET /metrics. */
export const metricsRoute = defineRoute({
  method: 'GET',
  path: '/metrics',
  summary:
    'Prometheus metrics (text exposition format): chain and indexed heads, lag, blocks and transactions indexed, reorgs, RPC calls by method, database statements by kind, HTTP requests by route template, rate-limit refusals, verification queue, metadata fetches, open event streams, Node process metrics; all named explorer_indexer_*. ' +
    'Needs Authorization: Bearer METRICS_TOKEN (else INDEXER_ADMIN_TOKEN) when either is set (401 without it). Not rate-limited. 404 on this port when INDEXER_METRICS_PORT serves it on a port of its own',
  answer: z.string().meta({ description: 'Prometheus text exposition format 0.0.4 (# HELP, # TYPE and sample lines): no JSON schema' }),
  mediaType: 'text/plain; version=0.0.4',
  otherAnswers: {
    401: { mediaType: 'text/plain; charset=utf-8', answer: z.string().meta({ description: "'Unauthorized: /metrics needs the bearer token configured on this server', with WWW-Authenticate: Bearer" }) },
  },
  notFound: true,
});

/** The proxy, the stream, the document and the metrics. */
export const metaContracts = [rpcProxyRoute, eventsRoute, openApiRoute, metricsRoute];
