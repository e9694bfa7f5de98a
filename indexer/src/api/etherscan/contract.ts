import { errorMessage } from '../../../../common/errors.ts';
import { randomBytes } from 'node:crypto';
import type { Store } from '../../store/types.ts';
import { contractCreations, type CreationRow } from '../../store/queries/contracts.ts';
import { failPendingJobs, finishVerificationJob, insertVerificationJob, verificationJob } from '../../store/queries/verification.ts';
import type { RpcClient } from '../../chain/rpc.ts';
import { parseVerificationRequest } from '../../verify/input.ts';
import type { Verification, VerificationService } from '../../verify/service.ts';
import { checkBody } from '../../http/body.ts';
import type { ApiContext } from '../context.ts';
import { EtherscanActionRequest } from './contract-request.ts';
import { MESSAGES, notOk, ok, Refusal, type EtherscanModule, type EtherscanParams } from './core.ts';

// module=contract of the Etherscan-compatible API: what forge and Hardhat's verify plugin speak, so developers verify on
// this chain with the tools they already use (`forge verify-contract --verifier custom --verifier-url <indexer>/api`),
// and the ABI and source reads wallets and scripts make. Failures say exactly what those clients look for.

const NOT_VERIFIED = 'Contract source code not verified';

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

/** getcontractcreation answers at most this many contracts a request, as Etherscan. */
const CREATION_MAX = 5;

/**
 * getcontractcreation's entry, Etherscan's field names with string values. A contract created inside a call names the
 * transaction's sender as its creator and the calling contract as its factory; its init code is not kept (the trace
 * keeps the frames' selectors only), so creationBytecode is empty there.
 */
function creationEntry(r: CreationRow): Record<string, string> {
  const direct = r.tx_created === r.address;
  return {
    contractAddress: r.address,
    contractCreator: direct ? r.creator : r.tx_from,
    txHash: r.creation_tx,
    blockNumber: String(r.block_number),
    timestamp: String(r.timestamp),
    contractFactory: direct ? '' : r.creator,
    creationBytecode: direct ? r.input : '',
  };
}

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
    message = errorMessage(err);
  }
  await finishVerificationJob(db, guid, status, message);
}

/** No verification runs longer (queue, compilation and the search for a mismatch's reason, with room to spare). */
const JOB_MAX_SECONDS = 15 * 60;
const ABANDONED = 'The indexer restarted during the verification';

/** Marks pending jobs created more than olderThan seconds ago as failed: no process will finish them. */
function failAbandoned(ctx: ApiContext, olderThan: number): Promise<number> {
  return failPendingJobs(ctx.db, ABANDONED, Math.floor(Date.now() / 1000) - olderThan);
}

/** Verification jobs left by a stopped process are marked failed before any contract action runs. */
function settle(ctx: ApiContext): Promise<unknown> {
  // Jobs that were running when the indexer stopped will never finish; requests wait until they are marked so. On
  // SQLite this process is the only one, so every pending job was its own. On PostgreSQL other processes may be
  // verifying right now: only jobs older than any verification can take are given up.
  return ctx.verifier ? failAbandoned(ctx, ctx.db.dialect === 'sqlite' ? 0 : JOB_MAX_SECONDS) : Promise.resolve();
}

/** The verifier, or the refusal of an indexer that has none. */
function verifierOf(ctx: ApiContext): VerificationService {
  if (!ctx.verifier) throw new Refusal('Contract verification is not available on this indexer');
  return ctx.verifier;
}

/** The action's checked parameters (the verification actions keep their schemas, shared with forge's and Hardhat's shapes). */
function checked(p: EtherscanParams): EtherscanActionRequest {
  const call = checkBody(EtherscanActionRequest, Object.fromEntries(p.entries()));
  if (!call.ok) throw new Refusal(call.message);
  return call.value;
}

/** module=contract: getabi, getsourcecode, getcontractcreation, verifysourcecode, checkverifystatus. */
export const contractModule: EtherscanModule = {
  setup: settle,
  actions: {
    getabi: {
      summary: 'The ABI of a verified contract, as a JSON string',
      params: { address: 'the contract' },
      async run(p, ctx) {
        const c = checked(p);
        const v = await verifierOf(ctx).lookup(c.action === 'getabi' ? c.address : '');
        return v ? ok(v.row.abi) : notOk(NOT_VERIFIED);
      },
    },
    getsourcecode: {
      summary: "A contract's source, settings and ABI in Etherscan's fields (an unverified contract gets the empty entry)",
      params: { address: 'the contract' },
      async run(p, ctx) {
        const c = checked(p);
        const v = await verifierOf(ctx).lookup(c.action === 'getsourcecode' ? c.address : '');
        return ok([v ? sourceEntry(v) : UNVERIFIED_ENTRY]);
      },
    },
    verifysourcecode: {
      summary: 'Submits a verification (form body, as forge and Hardhat send it); answers the GUID to poll',
      params: {
        contractaddress: 'the contract',
        sourceCode: 'the source, or standard JSON input with codeformat=solidity-standard-json-input',
        codeformat: 'solidity-single-file or solidity-standard-json-input',
        contractname: 'the contract name (path:Name for standard JSON input)',
        compilerversion: "the compiler, such as v0.8.30+commit.73712a01",
        optimizationUsed: '1 or 0',
        runs: 'optimizer runs',
        constructorArguements: 'ABI-encoded constructor arguments, hex without 0x',
        evmversion: 'EVM version, or default',
        licenseType: "Etherscan's license number",
      },
      limit: 'verify',
      async run(p, ctx) {
        const verifier = verifierOf(ctx);
        const c = checked(p);
        if (c.action !== 'verifysourcecode') throw new Refusal(MESSAGES.action);
        const { address, request } = c;
        const existing = await verifier.lookup(address);
        if (existing && existing.matchType === 'full') return notOk('Contract source code already verified');
        if (!(await hasCode(ctx.rpc, address))) return notOk(`Unable to locate ContractCode at ${address}`);
        // A request that cannot be read is refused now, with its reason as the result: forge prints a refused
        // submission's result, while a failed job only shows 'Fail - Unable to verify' (and sends Hardhat 2 on a retry).
        // The HttpError travels to the dispatcher, which answers it inside the envelope.
        parseVerificationRequest(request);
        const guid = `${address.slice(2)}${randomBytes(5).toString('hex')}`;
        await insertVerificationJob(ctx.db, guid, address, Math.floor(Date.now() / 1000));
        void runJob(ctx.db, verifier, guid, request);
        return ok(guid);
      },
    },
    getcontractcreation: {
      summary:
        "Who created up to 5 contracts and in which transaction: contractAddress, contractCreator (the creation transaction's sender), txHash, " +
        'blockNumber, timestamp, contractFactory (the contract that created it inside a call, found by the internal-call tracer once it has ' +
        "traced that block; empty for a contract created by a transaction of its own) and creationBytecode (the creation transaction's input; " +
        'empty for a contract created inside a call). Contracts whose creation the indexer does not know (created inside a call not traced ' +
        'yet, or not contracts) are left out; none known: status 0, "No data found"',
      params: { contractaddresses: 'up to 5 contract addresses, comma-separated' },
      async run(p, ctx) {
        const addresses = [...new Set(p.addresses('contractaddresses', CREATION_MAX))];
        const rows = await contractCreations(ctx.db, addresses);
        const byAddress = new Map(rows.map((r) => [r.address, r]));
        const found = addresses.flatMap((a) => {
          const r = byAddress.get(a);
          return r ? [creationEntry(r)] : [];
        });
        // Etherscan's answer when it knows none of them (foundry looks for this message).
        return found.length > 0 ? ok(found) : { status: '0', message: 'No data found', result: null };
      },
    },
    checkverifystatus: {
      summary: 'The state of a submitted verification: Pending in queue, Pass - Verified, or Fail - Unable to verify with its reason',
      params: { guid: 'the GUID verifysourcecode answered' },
      async run(p, ctx) {
        verifierOf(ctx);
        const c = checked(p);
        const job = await verificationJob(ctx.db, c.action === 'checkverifystatus' ? c.guid : '');
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
      },
    },
  },
};

async function hasCode(rpc: RpcClient, address: string): Promise<boolean> {
  try {
    const code = await rpc.call<string>('eth_getCode', [address, 'latest']);
    return typeof code === 'string' && code !== '0x' && code !== '0x0';
  } catch {
    // The verification itself will say what the node answered.
    return true;
  }
}
