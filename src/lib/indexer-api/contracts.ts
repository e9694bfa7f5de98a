import { ApiError, serverMessageOf } from './errors.ts';
import { normalizeAbi } from '../normalize/abi.ts';
import { normalizeCompilerList } from '../normalize/compilers.ts';
import { normalizeContractDetails, normalizeVerified } from '../normalize/contract.ts';
import { normalizeContractEvents } from '../normalize/contract-event.ts';
import { normalizeContractSource } from '../normalize/contract-source.ts';
import { normalizeInteractResult } from '../normalize/interact.ts';
import { normalizeProxyInfo } from '../normalize/proxy.ts';
import { normalizeBytecodeFunctions } from '../normalize/bytecode-functions.ts';
import { normalizeVerificationResult } from '../normalize/verification.ts';
import type { AbiEntry, ContractDetails, ContractEvent, ContractSource, ContractValue } from '../model/types.ts';
import type { BytecodeFunctions, ProxyInfo, TypedOutput, VerificationRequest, VerificationResult } from '../model/wire.ts';
import { CONTRACTS_TIMEOUT_MS, VERIFY_TIMEOUT_MS } from './timeouts.ts';
import { seg, type RawResponse, type RequestOptions, type Transport } from './transport.ts';

// Contracts: verification state, sources, ABI, events, verification and calls.

/** GET /contracts/{a}/verified → whether the contract is verified (5 s). */
export function getContractVerified(t: Transport, address: string, request?: RequestOptions): Promise<boolean> {
  return t.get(`/contracts/${seg(address)}/verified`, normalizeVerified, {}, request, CONTRACTS_TIMEOUT_MS);
}

/** GET /contracts/{a} → details, or null when the address is no contract (404). */
export function getContract(t: Transport, address: string, request?: RequestOptions): Promise<ContractDetails | null> {
  return t.find(`/contracts/${seg(address)}`, normalizeContractDetails, {}, request);
}

/** GET /contracts/{a}/abi → the ABI, or null when unverified (404). */
export function getContractAbi(t: Transport, address: string, request?: RequestOptions): Promise<AbiEntry[] | null> {
  return t.find(`/contracts/${seg(address)}/abi`, normalizeAbi, {}, request);
}

/** GET /contracts/{a}/source → source and metadata, or null when unverified (404). */
export function getContractSource(t: Transport, address: string, request?: RequestOptions): Promise<ContractSource | null> {
  return t.find(`/contracts/${seg(address)}/source`, normalizeContractSource, {}, request);
}

/** GET /contracts/{a}/verification → verification metadata and sources, or null when unverified (404). */
export function getContractVerification(t: Transport, address: string, request?: RequestOptions): Promise<ContractSource | null> {
  return t.find(`/contracts/${seg(address)}/verification`, normalizeContractSource, {}, request);
}

/** GET /contracts/{a}/events?fromBlock&toBlock&eventName. */
export function getContractEvents(
  t: Transport,
  address: string,
  query: { fromBlock?: number; toBlock?: number; eventName?: string } = {},
  request?: RequestOptions,
): Promise<ContractEvent[]> {
  return t.get(`/contracts/${seg(address)}/events`, normalizeContractEvents, { ...query }, request);
}

/** The compilers the indexer offers (GET /contracts/compilers); throws when the list cannot be read. */
export function getCompilers(t: Transport, request?: RequestOptions): Promise<{ version: string; offline: boolean }[]> {
  return t.need('/contracts/compilers', normalizeCompilerList, request, CONTRACTS_TIMEOUT_MS);
}

/**
 * POST /contracts/verify with the spec's defaults (runs 200, cancun, MIT, no optimisation, no constructor
 * arguments). A 2xx answer is returned even when success is false; an HTTP error throws an ApiError whose
 * `body` holds the server's logs (normalizeVerificationResult(error.body)).
 */
export async function verifyContract(t: Transport, input: VerificationRequest, request?: RequestOptions): Promise<VerificationResult> {
  return normalizeVerificationResult((await t.post('/contracts/verify', verificationBody(input), request)).body);
}

/**
 * POST /contracts/verify, answering the raw response too (the form's network box shows status, headers and data):
 * never throws for an HTTP error status, only when no answer arrives.
 */
export async function submitVerification(t: Transport, input: VerificationRequest, request: RequestOptions = {}): Promise<{ response: RawResponse; result: VerificationResult }> {
  const response = await t.send('POST', '/contracts/verify', {}, verificationBody(input), { timeoutMs: VERIFY_TIMEOUT_MS, ...request });
  const result = normalizeVerificationResult(response.body);
  // A failed status is a failure whatever the body says.
  return { response, result: response.ok ? result : { ...result, success: false, message: null, matchType: null } };
}

/** The request body with the spec's defaults; only library rows with both name and address. */
function verificationBody(input: VerificationRequest): Record<string, unknown> {
  const libraries = Object.fromEntries(Object.entries(input.libraries ?? {}).filter(([name, address]) => name.trim() && address.trim()));
  return {
    address: input.address,
    sourceCode: input.sourceCode,
    compilerVersion: input.compilerVersion,
    contractName: input.contractName,
    optimizationUsed: input.optimizationUsed ?? false,
    runs: input.runs ?? 200,
    constructorArguments: input.constructorArguments ?? '',
    libraries,
    evmVersion: input.evmVersion ?? 'cancun',
    license: input.license ?? 'MIT',
  };
}

/** GET /contracts/{a}/proxy (bundled indexer) → the proxy's kind and implementation; null when the indexer has no such route. */
export function getContractProxy(t: Transport, address: string, request?: RequestOptions): Promise<ProxyInfo | null> {
  return t.find(`/contracts/${seg(address)}/proxy`, normalizeProxyInfo, {}, request, CONTRACTS_TIMEOUT_MS);
}

/**
 * GET /contracts/{a}/functions-from-bytecode (bundled indexer) → an unverified contract's selectors and event topics
 * read from its code, named from the signature database; null when the indexer has no such route.
 */
export function getBytecodeFunctions(t: Transport, address: string, request?: RequestOptions): Promise<BytecodeFunctions | null> {
  return t.find(`/contracts/${seg(address)}/functions-from-bytecode`, normalizeBytecodeFunctions, {}, request, CONTRACTS_TIMEOUT_MS);
}

/** One call of a contract function through the indexer. */
export interface FunctionCall {
  /** The function's name, or its signature when the name is overloaded. */
  method: string;
  /** The arguments in order, integers as decimal text. */
  params: readonly unknown[];
  /** Wei sent with the call (default '0'). */
  value?: string;
  /** Call a proxy with its implementation's verified ABI (bundled indexer; never sent when false). */
  asProxy?: boolean;
}

/**
 * POST /contracts/{a}/interact → the result and, from the bundled indexer, its typed outputs. Throws an ApiError
 * on failure, a revert included; its serverMessage holds the server's error ('Execution reverted: …').
 */
export async function callContractFunction(t: Transport, address: string, call: FunctionCall, request?: RequestOptions): Promise<{ result: ContractValue; outputs: TypedOutput[] }> {
  const body = { method: call.method, params: call.params, value: call.value ?? '0', ...(call.asProxy ? { asProxy: true } : {}) };
  const response = await t.post(`/contracts/${seg(address)}/interact`, body, request);
  const result = normalizeInteractResult(response.body);
  if (result.success) return { result: result.result, outputs: result.outputs ?? [] };
  throw new ApiError({
    kind: 'http',
    message: result.error,
    url: response.url,
    status: response.status,
    statusText: response.statusText,
    serverMessage: serverMessageOf(response.body) ?? result.error,
    body: response.body,
  });
}

/**
 * POST /contracts/{a}/interact {method, params, value} → the returned value (BigNumbers as decimal text).
 * Throws an ApiError on failure; its serverMessage holds the server's error ('Contract is not verified').
 */
export async function interactWithContract(
  t: Transport,
  address: string,
  method: string,
  params: readonly unknown[] = [],
  value = '0',
  request?: RequestOptions,
): Promise<ContractValue> {
  return (await callContractFunction(t, address, { method, params, value }, request)).result;
}
