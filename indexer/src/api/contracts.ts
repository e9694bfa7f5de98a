import { HttpError, Reply, type Router } from '../http/router.ts';
import { INVALID_JSON } from '../http/server.ts';
import { EVM_VERSIONS } from '../verify/input.ts';
import type { Verification, VerificationService } from '../verify/service.ts';
import { CallInputError, chooseFunction, decodeResult, decodeRevert, encodeCall, interfaceOf } from '../verify/call.ts';
import { RpcError } from '../chain/rpc.ts';
import { detectProxy } from '../verify/proxy.ts';
import { formatUnits } from '../../../common/units.ts';
import { checkBody } from '../http/body.ts';
import { ROW_ID_BLOCK } from '../store/row-ids.ts';
import { nativeBalance } from './accounts.ts';
import type { ApiContext } from './context.ts';
import {
  compilersRoute,
  contractAbiRoute,
  contractCreationRoute,
  contractEventsRoute,
  contractProxyRoute,
  contractRoute,
  contractSourceRoute,
  contractVerificationRoute,
  contractVerifiedRoute,
  interactRoute,
  verifyRoute,
} from './contract/contracts.ts';
import { readParams, readQuery, type AnswerOf } from './contract/route.ts';
import { decodeEvent, eventTopic } from './events.ts';
import { contractByAddress, contractCreatorOwner } from '../store/queries/contracts.ts';
import { contractLogsPage } from '../store/queries/logs.ts';
import type { ContractRow } from '../store/rows.ts';
import { logJson } from './shapes.ts';

const NOT_VERIFIED = { success: false, error: 'Contract is not verified' };

/** The file map of a verification. */
function sourceFiles(v: Verification): Record<string, string> {
  return JSON.parse(v.row.sources) as Record<string, string>;
}

/** The source as the upstream indexer gives it: the text of a single file, or the JSON of a file map. */
function sourceCodeText(v: Verification): string {
  const files = sourceFiles(v);
  const paths = Object.keys(files);
  return paths.length === 1 ? (files[paths[0] as string] as string) : JSON.stringify(files, null, 2);
}

/** GET /contracts/{a}/verification: the upstream indexer's fields, and the match type and similar-match source. */
function verificationJson(address: string, v: Verification, creator: string | null, owner: string | null): AnswerOf<typeof contractVerificationRoute> {
  const files = sourceFiles(v);
  const multi = Object.keys(files).length > 1;
  return {
    address,
    verified: true,
    matchType: v.matchType,
    similarTo: v.similarTo,
    contractName: v.row.contract_name,
    contractPath: v.row.contract_path,
    compilerVersion: v.row.compiler_version,
    optimizationUsed: v.row.optimization_used === 1,
    runs: v.row.runs,
    evmVersion: v.row.evm_version,
    license: v.row.license,
    constructorArguments: v.row.constructor_arguments,
    libraries: JSON.parse(v.row.libraries) as Record<string, unknown>,
    verifiedAt: new Date(v.row.verified_at * 1000).toISOString(),
    metadataHash: v.row.metadata_hash,
    isMultiFile: multi,
    mainFile: v.row.contract_path,
    sourceFiles: files,
    sourceCode: sourceCodeText(v),
    inputFormat: v.row.input_format,
    abi: JSON.parse(v.row.abi) as Record<string, unknown>[],
    creatorAddress: creator,
    ownerAddress: owner,
  };
}

/** Contract routes: details, creation, verification (submit, status, source, ABI, compilers), events. */
export function contractRoutes(router: Router, ctx: ApiContext): void {
  /** The contract at an address read through its route's contract; 404 when none is indexed there. */
  const find = async (address: string): Promise<ContractRow> => {
    const row = await contractByAddress(ctx.db, address);
    if (!row) throw new HttpError(404, 'Contract not found');
    return row;
  };

  router.get(contractRoute.path, async ({ params }): Promise<AnswerOf<typeof contractRoute>> => {
    const c = await find(readParams(contractRoute, params).address);
    const balance = await nativeBalance(ctx, c.address);
    const isToken = c.contract_type !== 'none';
    const verification = (await ctx.verifier?.lookup(c.address)) ?? null;
    return {
      address: c.address,
      creatorAddress: c.creator,
      ownerAddress: c.owner,
      blockNumber: c.block_number,
      timestamp: c.timestamp,
      transactionHash: c.creation_tx,
      firstSeenBlock: c.first_seen_block,
      contractType: c.contract_type,
      type: c.contract_type,
      contractName: c.name,
      name: c.name,
      symbol: c.symbol,
      decimals: c.contract_type === 'ERC20' ? c.decimals : isToken ? 0 : null,
      totalSupply: c.total_supply,
      balance: balance.toString(),
      balanceFormatted: formatUnits(balance, 18),
      codeSize: c.code_size,
      holderCount: isToken ? c.holder_count : null,
      transferCount: isToken ? c.transfer_count : null,
      verified: verification !== null,
      /** The verified source's contract name (the transaction page names the contract a call went to). */
      verifiedName: verification?.row.contract_name ?? null,
    };
  });

  router.get(contractCreationRoute.path, async ({ params }): Promise<AnswerOf<typeof contractCreationRoute>> => {
    const c = await find(readParams(contractCreationRoute, params).address);
    return { creator: c.creator, transactionHash: c.creation_tx, blockNumber: c.block_number, timestamp: c.timestamp };
  });

  const verifier = (): VerificationService => {
    if (!ctx.verifier) throw new HttpError(503, 'Contract verification is not available on this indexer');
    return ctx.verifier;
  };
  const lookup = async (address: string): Promise<{ address: string; v: Verification | null }> => {
    return { address, v: ctx.verifier ? await ctx.verifier.lookup(address) : null };
  };

  router.get(contractVerifiedRoute.path, async ({ params }): Promise<AnswerOf<typeof contractVerifiedRoute>> => {
    const { v } = await lookup(readParams(contractVerifiedRoute, params).address);
    return v ? { verified: true, matchType: v.matchType, similarTo: v.similarTo } : { verified: false };
  });

  router.get(contractAbiRoute.path, async ({ params }): Promise<AnswerOf<typeof contractAbiRoute> | Reply> => {
    const { address, v } = await lookup(readParams(contractAbiRoute, params).address);
    if (!v) return new Reply(404, NOT_VERIFIED);
    return { address, abi: JSON.parse(v.row.abi) as Record<string, unknown>[] };
  });

  router.get(contractSourceRoute.path, async ({ params }): Promise<AnswerOf<typeof contractSourceRoute> | Reply> => {
    const { address, v } = await lookup(readParams(contractSourceRoute, params).address);
    if (!v) return new Reply(404, NOT_VERIFIED);
    return { address, sourceCode: sourceCodeText(v), sourceFiles: sourceFiles(v), contractName: v.row.contract_name, mainFile: v.row.contract_path };
  });

  router.get(contractVerificationRoute.path, async ({ params }): Promise<AnswerOf<typeof contractVerificationRoute> | Reply> => {
    const { address, v } = await lookup(readParams(contractVerificationRoute, params).address);
    if (!v) return new Reply(404, NOT_VERIFIED);
    const row = await contractCreatorOwner(ctx.db, address);
    return verificationJson(address, v, row?.creator ?? null, row?.owner ?? null);
  });

  router.get(compilersRoute.path, async (): Promise<AnswerOf<typeof compilersRoute>> => {
    const list = await verifier().compilers.listAll();
    return { ...list, evmVersions: [...EVM_VERSIONS] };
  });

  // The body is read by the verifier (verify/input.ts), which also serves the Etherscan-style submission.
  router.post(verifyRoute.path, async ({ body }): Promise<AnswerOf<typeof verifyRoute> | Reply> => {
    if (body === INVALID_JSON) throw new HttpError(400, 'Request body must be JSON');
    const result = await verifier().verify(body);
    if (!result.ok) return new Reply(result.status, { success: false, error: `Verification failed: ${result.reason}`, reason: result.reason, logs: result.logs });
    return {
      success: true,
      message: result.alreadyVerified
        ? `Contract is already verified (${result.matchType} match)`
        : `Contract verified successfully (${result.matchType} match)`,
      matchType: result.matchType,
      alreadyVerified: result.alreadyVerified,
      address: result.address,
      contractName: result.contractName,
      contractPath: result.contractPath,
      compilerVersion: `v${result.compiler.longVersion}`,
      constructorArguments: result.constructorArguments,
      abi: result.abi as Record<string, unknown>[],
      logs: result.logs,
    };
  }, { limit: 'verify' });

  router.get(contractProxyRoute.path, async ({ params }): Promise<AnswerOf<typeof contractProxyRoute>> => {
    const { address } = readParams(contractProxyRoute, params);
    let proxy;
    try {
      proxy = await detectProxy(ctx.rpc, address);
    } catch {
      throw new HttpError(502, 'The node could not be read');
    }
    if (!proxy) return { address, isProxy: false, kind: null, implementation: null, beacon: null, implementationVerified: false };
    const verified = ctx.verifier ? await ctx.verifier.lookup(proxy.implementation) : null;
    return { address, isProxy: true, ...proxy, implementationVerified: verified !== null, implementationName: verified?.row.contract_name ?? null };
  });

  router.post(interactRoute.path, async ({ params, body }): Promise<AnswerOf<typeof interactRoute> | Reply> => {
    const raw = params['address'];
    if (raw === undefined || raw.trim() === '') return new Reply(400, { success: false, error: 'Contract address is missing' });
    const { address } = readParams(interactRoute, params);
    const checked = checkBody(interactRoute.body, body === INVALID_JSON ? null : body);
    if (!checked.ok) return new Reply(400, { success: false, error: checked.message });
    const { method, params: args, value, blockTag, asProxy } = checked.value;

    let implementation: string | null = null;
    if (asProxy) {
      const proxy = await detectProxy(ctx.rpc, address).catch(() => null);
      if (!proxy) return new Reply(400, { success: false, error: 'This contract is not a proxy' });
      implementation = proxy.implementation;
    }
    const verification = ctx.verifier ? await ctx.verifier.lookup(implementation ?? address) : null;
    if (!verification) return new Reply(400, { success: false, error: implementation ? 'The proxy\'s implementation is not verified' : 'Contract is not verified' });
    const abi = interfaceOf(JSON.parse(verification.row.abi));
    if (!abi) return new Reply(502, { success: false, error: 'The verified ABI cannot be read' });
    let fn;
    let data: string;
    try {
      fn = chooseFunction(abi, method);
      data = encodeCall(abi, fn, args);
    } catch (err) {
      if (err instanceof CallInputError) return new Reply(400, { success: false, error: err.message });
      throw err;
    }
    let answer: string;
    try {
      answer = await ctx.rpc.call<string>('eth_call', [{ to: address, data, ...(value > 0n ? { value: `0x${value.toString(16)}` } : {}) }, blockTag]);
    } catch (err) {
      if (err instanceof RpcError) {
        const revert = decodeRevert(abi, err.data);
        if (revert.kind !== 'unknown' || err.data !== undefined) {
          return { success: false, address, method: fn.name, signature: fn.format('sighash'), params: args, error: `Execution reverted: ${revert.reason}`, revert };
        }
        return new Reply(400, { success: false, error: `The node refused the call: ${err.message.slice(0, 200)}` });
      }
      throw new HttpError(502, 'The node could not be reached');
    }
    try {
      const { result, outputs } = decodeResult(abi, fn, answer);
      return { success: true, address, ...(implementation ? { implementation } : {}), method: fn.name, signature: fn.format('sighash'), params: args, blockTag, result, outputs };
    } catch {
      return new Reply(502, { success: false, error: `The contract's answer does not decode as the outputs of ${fn.format('sighash')}` });
    }
  }, { limit: 'rpc' });

  router.get(contractEventsRoute.path, async ({ params, query }): Promise<AnswerOf<typeof contractEventsRoute>> => {
    const { address } = readParams(contractEventsRoute, params);
    const { limit, offset, fromBlock, toBlock, eventName: name } = readQuery(contractEventsRoute, query);
    if (fromBlock > toBlock) throw new HttpError(400, 'Invalid range: fromBlock is after toBlock');
    const c = await find(address);
    // A verified contract's own events are decoded (and found by name) with its ABI.
    const verification = ctx.verifier ? await ctx.verifier.lookup(c.address) : null;
    const abi = verification ? interfaceOf(JSON.parse(verification.row.abi)) : null;
    let topic: string | null = null;
    if (name !== undefined && name.trim() !== '') {
      topic = eventTopic(name, abi);
      if (topic === null) return [];
    }
    const rows = await contractLogsPage(ctx.db, c.address, fromBlock * ROW_ID_BLOCK, (toBlock + 1) * ROW_ID_BLOCK, topic, limit, offset);
    return rows.map((l) => {
      const json = logJson(l);
      return { ...json, ...decodeEvent(json.topics, json.data, abi) };
    });
  });
}
