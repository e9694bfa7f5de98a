import { randomBytes } from 'node:crypto';
import type { Store } from '../store/types.ts';
import { HttpError, type Router } from '../http/router.ts';
import type { RpcClient } from '../chain/rpc.ts';
import { parseVerificationRequest } from '../verify/input.ts';
import type { Verification, VerificationService } from '../verify/service.ts';
import { checkBody } from '../http/body.ts';
import type { ApiContext } from './context.ts';
import { EtherscanAction, EtherscanModule, etherscanParameters } from './etherscan-request.ts';

// The Etherscan-compatible API (module=contract) that forge and Hardhat's verify plugin speak, so developers verify on
// this chain with the tools they already use: `forge verify-contract --verifier custom --verifier-url <indexer>/api`.
// Parameters come from the query and the form body together; every answer is HTTP 200 with {status, message, result},
// status being the strings "1" or "0", and failures say exactly what those clients look for.

/** The Etherscan envelope. */
interface Envelope {
  status: '1' | '0';
  message: string;
  result: unknown;
  /** Why a verification failed (clients ignore extra keys; people read it). */
  reason?: string;
}

const ok = (result: unknown): Envelope => ({ status: '1', message: 'OK', result });
const notOk = (result: string, reason?: string): Envelope => ({ status: '0', message: 'NOTOK', result, ...(reason ? { reason } : {}) });

const NOT_VERIFIED = 'Contract source code not verified';

interface JobRow {
  guid: string;
  address: string;
  status: string;
  message: string;
  /** Seconds since the epoch. */
  created_at: number;
}

/** getsourcecode's entry for a verified contract, Etherscan's field names with string values. */
function sourceEntry(v: Verification): Record<string, string> {
  const files = JSON.parse(v.row.sources) as Record<string, string>;
  const paths = Object.keys(files);
  const settings = JSON.parse(v.row.settings) as Record<string, unknown>;
  const single = v.row.input_format === 'single' && paths.length === 1;
  const standard = { language: 'Solidity', sources: Object.fromEntries(paths.map((p) => [p, { content: files[p] }])), settings };
  const libraries = JSON.parse(v.row.libraries) as Record<string, string>;
  return {
    SourceCode: single ? (files[paths[0] as string] as string) : `{${JSON.stringify(standard)}}`,
    ABI: v.row.abi,
    ContractName: v.row.contract_name,
    CompilerVersion: v.row.compiler_version,
    OptimizationUsed: v.row.optimization_used ? '1' : '0',
    Runs: String(v.row.runs),
    ConstructorArguments: v.row.constructor_arguments,
    EVMVersion: v.row.evm_version === 'default' ? 'Default' : v.row.evm_version,
    Library: Object.entries(libraries).map(([name, address]) => `${name}:${address.replace(/^0x/i, '')}`).join(';'),
    LicenseType: v.row.license,
    Proxy: '0',
    Implementation: '',
    SwarmSource: '',
    SimilarMatch: v.similarTo ?? '',
    ContractFileName: v.row.contract_path,
  };
}

const UNVERIFIED_ENTRY = {
  SourceCode: '',
  ABI: NOT_VERIFIED,
  ContractName: '',
  CompilerVersion: '',
  OptimizationUsed: '',
  Runs: '',
  ConstructorArguments: '',
  EVMVersion: 'Default',
  Library: '',
  LicenseType: 'Unknown',
  Proxy: '0',
  Implementation: '',
  SwarmSource: '',
};

/** Runs a verification in the background and records its outcome under the job's GUID. */
async function runJob(db: Store, verifier: VerificationService, guid: string, request: Record<string, unknown>): Promise<void> {
  let status = 'fail';
  let message: string;
  try {
    const result = await verifier.verify(request);
    if (result.ok) {
      status = 'pass';
      message = `Pass - Verified (${result.matchType} match)`;
    } else message = result.reason;
  } catch (err) {
    message = err instanceof Error ? err.message : String(err);
  }
  await db.run('UPDATE verification_jobs SET status = ?, message = ? WHERE guid = ?', status, message, guid);
}

/** No verification runs longer (queue, compilation and the search for a mismatch's reason, with room to spare). */
const JOB_MAX_SECONDS = 15 * 60;
const ABANDONED = 'The indexer restarted during the verification';

/** Marks pending jobs created more than olderThan seconds ago as failed: no process will finish them. */
function failAbandoned(ctx: ApiContext, olderThan: number): Promise<number> {
  return ctx.db.run(
    "UPDATE verification_jobs SET status = 'fail', message = ? WHERE status = 'pending' AND created_at <= ?",
    ABANDONED,
    Math.floor(Date.now() / 1000) - olderThan,
  );
}

/** GET and POST /api?module=contract&action=getabi|getsourcecode|verifysourcecode|checkverifystatus. */
export function etherscanRoutes(router: Router, ctx: ApiContext): void {
  // Jobs that were running when the indexer stopped will never finish; requests wait until they are marked so. On
  // SQLite this process is the only one, so every pending job was its own. On PostgreSQL other processes may be
  // verifying right now: only jobs older than any verification can take are given up.
  const settled: Promise<unknown> = ctx.verifier ? failAbandoned(ctx, ctx.db.dialect === 'sqlite' ? 0 : JOB_MAX_SECONDS) : Promise.resolve();
  const handle = async ({ query, body }: { query: URLSearchParams; body: unknown }): Promise<Envelope> => {
    await settled;
    const params = etherscanParameters(query, body);
    const module = checkBody(EtherscanModule, params);
    if (!module.ok) return notOk(module.message);
    const verifier = ctx.verifier;
    if (!verifier) return notOk('Contract verification is not available on this indexer');
    const call = checkBody(EtherscanAction, params);
    if (!call.ok) return notOk(call.message);
    const c = call.value;
    switch (c.action) {
      case 'getabi':
      case 'getsourcecode': {
        const v = await verifier.lookup(c.address);
        if (c.action === 'getabi') return v ? ok(v.row.abi) : notOk(NOT_VERIFIED);
        return ok([v ? sourceEntry(v) : UNVERIFIED_ENTRY]);
      }
      case 'verifysourcecode': {
        const { address, request } = c;
        const existing = await verifier.lookup(address);
        if (existing && existing.matchType === 'full') return notOk('Contract source code already verified');
        if (!(await hasCode(ctx.rpc, address))) return notOk(`Unable to locate ContractCode at ${address}`);
        // A request that cannot be read is refused now, with its reason as the result: forge prints a refused
        // submission's result, while a failed job only shows 'Fail - Unable to verify' (and sends Hardhat 2 on a retry).
        // The HttpError travels to `safely`, which answers it inside the envelope.
        parseVerificationRequest(request);
        const guid = `${address.slice(2)}${randomBytes(5).toString('hex')}`;
        await ctx.db.run(
          "INSERT INTO verification_jobs (guid, address, status, message, created_at) VALUES (?, ?, 'pending', 'Pending in queue', ?)",
          guid,
          address,
          Math.floor(Date.now() / 1000),
        );
        void runJob(ctx.db, verifier, guid, request);
        return ok(guid);
      }
      case 'checkverifystatus': {
        const job = await ctx.db.one<JobRow>('SELECT * FROM verification_jobs WHERE guid = ?', c.guid);
        if (!job) return notOk('Unknown UID');
        if (job.status === 'pending' && Date.now() / 1000 - job.created_at > JOB_MAX_SECONDS) {
          // Its process died before it finished (another process serves the poll).
          await failAbandoned(ctx, JOB_MAX_SECONDS);
          return notOk('Fail - Unable to verify', ABANDONED);
        }
        if (job.status === 'pending') return notOk('Pending in queue');
        if (job.status === 'pass') return ok('Pass - Verified');
        // Exactly this text: Hardhat retries with the full build input only on it; the reason travels beside it.
        return notOk('Fail - Unable to verify', job.message);
      }
    }
  };
  const safely = async (req: { query: URLSearchParams; body: unknown }): Promise<Envelope> => {
    try {
      return await handle(req);
    } catch (err) {
      // Etherscan clients treat any non-200 as a crash: errors travel inside the envelope.
      if (err instanceof HttpError) return notOk(err.message);
      throw err;
    }
  };
  // Submissions compile, so they spend from the verification class; reads and status polls only from the general one.
  const limit = ({ query, body }: { query: URLSearchParams; body: unknown }): 'verify' | null =>
    etherscanParameters(query, body)['action'] === 'verifysourcecode' ? 'verify' : null;
  router.get('/api', safely, { limit });
  router.post('/api', safely, { limit });
}

async function hasCode(rpc: RpcClient, address: string): Promise<boolean> {
  try {
    const code = await rpc.call<string>('eth_getCode', [address, 'latest']);
    return typeof code === 'string' && code !== '0x' && code !== '0x0';
  } catch {
    // The verification itself will say what the node answered.
    return true;
  }
}
