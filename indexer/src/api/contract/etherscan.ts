// The Etherscan-compatible API's contract: one route, GET or POST /api, whose module and action pick what is done.
// Every answer is HTTP 200 in Etherscan's envelope (module=proxy: JSON-RPC's), refusals included; each action's
// parameters and summary are the catalogue's (etherscan/index.ts), and its result's schema is etherscan-results.ts's,
// listed in the document as x-etherscan-actions.
import * as z from 'zod';
import { etherscanCatalog } from '../etherscan/index.ts';
import { ETHERSCAN_RESULTS } from './etherscan-results.ts';
import { defineRoute } from './route.ts';

/** Etherscan's envelope: status "1" with message OK, or "0" with the reason (NOTOK, No transactions found, …). */
export const etherscanEnvelope = z
  .object({
    status: z.enum(['0', '1']),
    message: z.string(),
    result: z.unknown().meta({ description: "the action's result (its schema is the action's `result` in x-etherscan-actions); on a refusal, Etherscan's wording of it" }),
    reason: z.string().optional(),
  })
  .meta({ id: 'EtherscanEnvelope' });

/** module=proxy's envelope: JSON-RPC 2.0's, as the node answers (or -32603 when it cannot be reached). */
export const rpcEnvelope = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.number(), z.string(), z.null()]),
    result: z.unknown().optional(),
    error: z.object({ code: z.number(), message: z.string(), data: z.unknown().optional() }).optional(),
  })
  .meta({ id: 'JsonRpcEnvelope' });

const answer = z.union([etherscanEnvelope, rpcEnvelope]);

/** The parameters every action reads; the others are the action's own (x-etherscan-actions). */
const common = {
  module: z.string().optional().meta({ description: 'account, contract, transaction, block, logs, proxy, stats, token or gastracker (any case)' }),
  action: z.string().optional().meta({ description: 'the action of the module (any case), as listed in x-etherscan-actions' }),
  address: z.string().optional(),
  apikey: z.string().optional().meta({ description: 'accepted and ignored' }),
};

/** The Etherscan-compatible actions as Markdown: one line per module/action with its parameters. */
function actionList(): string {
  return etherscanCatalog()
    .map((e) => `- \`module=${e.module}&action=${e.action}\`: ${e.summary}${Object.keys(e.params).length ? ` (${Object.keys(e.params).join(', ')})` : ''}`)
    .join('\n');
}

/**
 * The catalogue as the document lists it: each action with its result's JSON Schema (made once, when the document
 * is built; the Etherscan routes themselves never read it).
 */
function actionsWithResults() {
  return etherscanCatalog().map((e) => {
    const result = ETHERSCAN_RESULTS[e.module]?.[e.action];
    const json = result ? (z.toJSONSchema(result, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Record<string, unknown>) : {};
    delete json['$schema'];
    return { ...e, result: json };
  });
}

/** GET /api. */
export const etherscanGetRoute = defineRoute({
  method: 'GET',
  path: '/api',
  summary:
    "Etherscan-compatible API (module=…&action=…, GET or POST form; parameter names in any case; apikey accepted and ignored): always 200 with {status, message, result} (module=proxy: JSON-RPC's envelope); the module/action pairs are listed in x-etherscan-actions",
  description: actionList(),
  extensions: { 'x-etherscan-actions': actionsWithResults() },
  query: z.object(common),
  badInput: false,
  answer,
});

/** POST /api. */
export const etherscanPostRoute = defineRoute({
  method: 'POST',
  path: '/api',
  summary:
    'Etherscan-compatible API, parameters in a form or JSON body (the actions of GET /api; verifysourcecode: module, action, contractaddress, sourceCode, codeformat, contractname, compilerversion, …)',
  body: z
    .looseObject({
      ...common,
      contractaddress: z.string().optional(),
      sourceCode: z.string().optional(),
      codeformat: z.string().optional(),
      contractname: z.string().optional(),
      compilerversion: z.string().optional(),
    })
    .meta({ description: 'also as application/x-www-form-urlencoded; the query parameters count too' }),
  badInput: false,
  answer,
});

/** The Etherscan-compatible route, both methods. */
export const etherscanContracts = [etherscanGetRoute, etherscanPostRoute];
