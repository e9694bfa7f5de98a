import { HttpError, RawJson, type LimitClass, type Router } from '../../http/router.ts';
import type { ApiContext } from '../context.ts';
import { accountModule } from './account.ts';
import { blockModule } from './block.ts';
import { contractModule } from './contract.ts';
import { etherscanParameters } from './contract-request.ts';
import { EtherscanParams, MESSAGES, notOk, Refusal, type Envelope, type EtherscanModule, type RpcEnvelope } from './core.ts';
import { gastrackerModule } from './gastracker.ts';
import { logsModule } from './logs.ts';
import { proxyModule } from './proxy.ts';
import { statsModule } from './stats.ts';
import { tokenModule } from './token.ts';
import { transactionModule } from './transaction.ts';

// The Etherscan-compatible API, GET and POST /api?module=…&action=…: a tool written for Etherscan works against this
// indexer by changing its base URL. Every answer is HTTP 200 with Etherscan's envelope ({status, message, result}, or
// JSON-RPC's for module=proxy), errors included; parameters come from the query and the form or JSON body together,
// their names matched whatever their case; an `apikey` is accepted and ignored.

/** Every module, by its name in `module=`. */
export const ETHERSCAN_MODULES: Readonly<Record<string, EtherscanModule>> = {
  account: accountModule,
  contract: contractModule,
  transaction: transactionModule,
  block: blockModule,
  logs: logsModule,
  proxy: proxyModule,
  stats: statsModule,
  token: tokenModule,
  gastracker: gastrackerModule,
};

/** The action a request names, or null (unknown module or action). */
function actionOf(p: EtherscanParams) {
  const module = ETHERSCAN_MODULES[p.text('module').toLowerCase()];
  if (module === undefined || !Object.hasOwn(ETHERSCAN_MODULES, p.text('module').toLowerCase())) return null;
  // Etherscan's own spellings (getLogs, eth_blockNumber) and any other case.
  const name = p.text('action').toLowerCase();
  const action = Object.entries(module.actions).find(([n]) => n.toLowerCase() === name)?.[1];
  return { module, action };
}

/** GET and POST /api. */
export function etherscanRoutes(router: Router, ctx: ApiContext): void {
  const ready = new Map<EtherscanModule, Promise<unknown>>();
  for (const module of Object.values(ETHERSCAN_MODULES)) if (module.setup) ready.set(module, module.setup(ctx));

  const answer = async ({ query, body }: { query: URLSearchParams; body: unknown }): Promise<Envelope | RpcEnvelope> => {
    const p = new EtherscanParams(etherscanParameters(query, body));
    try {
      const found = actionOf(p);
      if (found === null) return notOk(MESSAGES.module);
      await ready.get(found.module);
      if (found.action === undefined) return notOk(MESSAGES.action);
      return await found.action.run(p, ctx);
    } catch (err) {
      // Etherscan clients treat any non-200 as a crash: refusals and HTTP errors travel inside the envelope.
      if (err instanceof Refusal || err instanceof HttpError) return notOk(err.message);
      throw err;
    }
  };
  // Serialised here, as given: Etherscan writes addresses lowercase (and module=proxy as the node does), where the
  // indexer's own routes write them checksummed.
  const handle = async (req: { query: URLSearchParams; body: unknown }): Promise<RawJson> => new RawJson(JSON.stringify(await answer(req)));
  // Every action spends from the API's own class (Etherscan's free tier); verification submissions, which compile,
  // from the verification class instead.
  const limit = ({ query, body }: { query: URLSearchParams; body: unknown }): LimitClass => {
    const found = actionOf(new EtherscanParams(etherscanParameters(query, body)));
    return found?.action?.limit ?? 'api';
  };
  // A refused request is answered as Etherscan answers it: HTTP 200, its wording in the envelope (Retry-After beside).
  const refused = { status: 200, body: notOk(MESSAGES.rateLimit) };
  router.get('/api', handle, { limit, refused });
  router.post('/api', handle, { limit, refused });
}

/** One action in the API's catalogue (/openapi.json, the API page). */
export interface EtherscanCatalogEntry {
  module: string;
  action: string;
  summary: string;
  params: Readonly<Record<string, string>>;
}

/** Every module/action pair with its summary and parameters, in the modules' order. */
export function etherscanCatalog(): EtherscanCatalogEntry[] {
  return Object.entries(ETHERSCAN_MODULES).flatMap(([module, m]) =>
    Object.entries(m.actions).map(([action, a]) => ({ module, action, summary: a.summary, params: a.params })),
  );
}
