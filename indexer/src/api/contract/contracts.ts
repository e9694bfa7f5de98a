// The smart-contract routes' contract: a contract's details and creation, its verification (submit, flag, ABI, source,
// metadata, the compilers), proxy detection, functions read from bytecode, calls through its ABI, and its events.
import * as z from 'zod';
import { ROW_ID_BLOCK } from '../../store/row-ids.ts';
import { InteractRequest } from '../interact-request.ts';
import { address, addressParam, dec, hash, hex, int, intQuery } from './fields.ts';
import { pagedListRoute } from './lists.ts';
import { defineRoute } from './route.ts';
import { log } from './transactions.ts';

/** The {error} body of an ordinary refusal (components.schemas.Error). */
const error = z.object({ error: z.string() });

/** What the routes of a contract's verified source answer until it is verified (404), and a call's refusals. */
export const failure = z.object({ success: z.literal(false), error: z.string() });

const byAddress = z.object({ address: addressParam });
const VERIFIER = 'Contract verification is not available on this indexer (503)';
const matchType = z.enum(['full', 'partial', 'similar']).meta({ description: "'similar': identical deployed code verified at similarTo" });

/** GET /contracts/{address}. */
export const contractRoute = defineRoute({
  method: 'GET',
  path: '/contracts/{address}',
  summary: 'Contract details: creation, kind, token facts, native balance, code size and whether it is verified',
  params: byAddress,
  answer: z.object({
    address,
    creatorAddress: address.nullable(),
    ownerAddress: address.nullable(),
    blockNumber: int.nullable(),
    timestamp: int.nullable(),
    transactionHash: hash.nullable(),
    firstSeenBlock: int,
    contractType: z.string().meta({ description: "ERC20, ERC721, ERC1155, or 'none' for another contract" }),
    type: z.string().meta({ description: 'the same as contractType' }),
    contractName: z.string().nullable(),
    name: z.string().nullable(),
    symbol: z.string().nullable(),
    decimals: int.nullable().meta({ description: "an ERC-20's; 0 for an NFT; null for another contract" }),
    totalSupply: dec.nullable(),
    balance: dec,
    balanceFormatted: z.string(),
    codeSize: int.nullable(),
    holderCount: int.nullable().meta({ description: 'tokens only' }),
    transferCount: int.nullable().meta({ description: 'tokens only' }),
    verified: z.boolean(),
    verifiedName: z.string().nullable().meta({ description: "the verified source's contract name" }),
  }),
});

/** GET /contracts/{address}/creation. */
export const contractCreationRoute = defineRoute({
  method: 'GET',
  path: '/contracts/{address}/creation',
  summary: 'Creator, creation transaction, block and time',
  params: byAddress,
  answer: z.object({ creator: address.nullable(), transactionHash: hash.nullable(), blockNumber: int.nullable(), timestamp: int.nullable() }),
});

/** GET /contracts/{address}/verified. */
export const contractVerifiedRoute = defineRoute({
  method: 'GET',
  path: '/contracts/{address}/verified',
  summary: "Verification flag; matchType 'full', 'partial' or 'similar' (identical code verified at similarTo)",
  params: byAddress,
  answer: z.union([z.object({ verified: z.literal(true), matchType, similarTo: address.nullable() }), z.object({ verified: z.literal(false) })]),
});

const abi = z.array(z.record(z.string(), z.unknown())).meta({ description: 'the ABI as compiled (JSON)' });
const sourceFiles = z.record(z.string(), z.string()).meta({ description: 'every source file by path' });
const sourceCode = z.string().meta({ description: 'the one file, or the JSON text of the file map when there are several' });
const notVerified = { 404: failure.meta({ description: "'Contract is not verified'" }) };

/** GET /contracts/{address}/abi. */
export const contractAbiRoute = defineRoute({
  method: 'GET',
  path: '/contracts/{address}/abi',
  summary: "ABI of a verified contract (404 {success: false, error: 'Contract is not verified'} until verification exists)",
  params: byAddress,
  answer: z.object({ address, abi }),
  otherAnswers: notVerified,
});

/** GET /contracts/{address}/source. */
export const contractSourceRoute = defineRoute({
  method: 'GET',
  path: '/contracts/{address}/source',
  summary: "Source of a verified contract (404 {success: false, error: 'Contract is not verified'})",
  params: byAddress,
  answer: z.object({ address, sourceCode, sourceFiles, contractName: z.string(), mainFile: z.string() }),
  otherAnswers: notVerified,
});

/** GET /contracts/{address}/verification. */
export const contractVerificationRoute = defineRoute({
  method: 'GET',
  path: '/contracts/{address}/verification',
  summary: "Verification metadata, sources and ABI (404 {success: false, error: 'Contract is not verified'})",
  params: byAddress,
  answer: z.object({
    address,
    verified: z.literal(true),
    matchType,
    similarTo: address.nullable(),
    contractName: z.string(),
    contractPath: z.string(),
    compilerVersion: z.string(),
    optimizationUsed: z.boolean(),
    runs: int,
    evmVersion: z.string(),
    license: z.string(),
    constructorArguments: z.string().meta({ description: 'ABI-encoded hex without 0x' }),
    libraries: z.record(z.string(), z.unknown()),
    verifiedAt: z.iso.datetime(),
    metadataHash: z.string().nullable(),
    isMultiFile: z.boolean(),
    mainFile: z.string(),
    sourceFiles,
    sourceCode,
    inputFormat: z.string().meta({ description: 'single, multi or standard-json' }),
    abi,
    creatorAddress: address.nullable(),
    ownerAddress: address.nullable(),
  }),
  otherAnswers: notVerified,
});

/** GET /contracts/compilers. */
export const compilersRoute = defineRoute({
  method: 'GET',
  path: '/contracts/compilers',
  summary: `Compiler versions: offline ones first (bundled, cached), then the official releases when reachable; EVM versions. ${VERIFIER}`,
  answer: z.object({
    compilers: z.array(z.object({ version: z.string(), offline: z.boolean(), origin: z.enum(['bundled', 'cached', 'remote']) })),
    releaseList: z.enum(['available', 'unavailable']),
    reason: z.string().nullable().meta({ description: 'why the release list is unavailable' }),
    evmVersions: z.array(z.string()),
  }),
  errors: [503],
});

/** POST /contracts/verify. */
export const verifyRoute = defineRoute({
  method: 'POST',
  path: '/contracts/verify',
  summary:
    "Verifies a contract: Solidity source, a file map or standard JSON input, compiled with solc-js and matched against the chain. 400 {success:false, error, reason, logs} says why it does not match; 413 when the sources are too large, 502 when the node cannot be read",
  description: `${VERIFIER}. The upstream indexer's and Etherscan's field names are read too (contractaddress, sourcecode, compilerversion, …).`,
  body: z.looseObject({
    address,
    sourceCode: z.string().optional().meta({ description: 'one Solidity file, or the JSON text of a file map or of standard JSON input' }),
    sourceFiles: z.record(z.string(), z.string()).optional(),
    standardJsonInput: z.record(z.string(), z.unknown()).optional(),
    compilerVersion: z.string().meta({ description: "'0.8.30' or 'v0.8.30+commit.73712a01'" }),
    contractName: z.string().meta({ description: "the contract's name, or 'path:Name'" }),
    optimizationUsed: z.union([z.boolean(), z.string(), z.number()]).optional(),
    runs: int.optional(),
    constructorArguments: z.string().optional(),
    libraries: z.record(z.string(), z.unknown()).optional(),
    evmVersion: z.string().optional(),
    license: z.string().optional(),
  }),
  answer: z.object({
    success: z.literal(true),
    message: z.string(),
    matchType: z.enum(['full', 'partial']),
    alreadyVerified: z.boolean(),
    address,
    contractName: z.string(),
    contractPath: z.string(),
    compilerVersion: z.string(),
    constructorArguments: z.string(),
    abi,
    logs: z.array(z.string()),
  }),
  otherAnswers: { 400: z.union([failure.extend({ reason: z.string(), logs: z.array(z.string()) }), error]) },
  errors: [413, 502, 503],
});

/** GET /contracts/{address}/proxy. */
export const contractProxyRoute = defineRoute({
  method: 'GET',
  path: '/contracts/{address}/proxy',
  summary:
    'Proxy detection: EIP-1167 minimal proxy, EIP-1967 implementation or beacon slot, EIP-1822; the implementation and whether it is verified (interact with asProxy uses its ABI). 502 when the node cannot be read',
  params: byAddress,
  answer: z.union([
    z.object({
      address,
      isProxy: z.literal(true),
      kind: z.enum(['eip1167', 'eip1967', 'eip1967-beacon', 'eip1822']),
      implementation: address,
      beacon: address.nullable(),
      implementationVerified: z.boolean(),
      implementationName: z.string().nullable().meta({ description: "the implementation's verified contract name" }),
    }),
    z.object({ address, isProxy: z.literal(false), kind: z.null(), implementation: z.null(), beacon: z.null(), implementationVerified: z.literal(false) }),
  ]),
  errors: [502],
});

const signatureSources = z.array(z.object({ signature: z.string(), source: z.enum(['verified', 'bundled', 'imported']) }));

/** GET /contracts/{address}/functions-from-bytecode. */
export const bytecodeFunctionsRoute = defineRoute({
  method: 'GET',
  path: '/contracts/{address}/functions-from-bytecode',
  summary:
    "An unverified contract's function selectors and event topics read from its code by whatsabi (a proxy followed to its implementation), each with the signatures the signature database knows (best source first: verified, bundled, imported). 502 when the node cannot be read",
  params: byAddress,
  answer: z.object({
    address,
    implementation: address.nullable(),
    proxies: z.array(z.string()).meta({ description: 'the kinds of proxy followed' }),
    functions: z.array(z.object({ selector: z.string(), signatures: signatureSources })),
    events: z.array(z.object({ topic: hash, signatures: signatureSources })),
  }),
  errors: [502],
});

const callParams = z.array(z.unknown()).meta({ description: 'the arguments in order' });

/** POST /contracts/{address}/interact. */
export const interactRoute = defineRoute({
  method: 'POST',
  path: '/contracts/{address}/interact',
  summary:
    "Calls a verified contract's function with eth_call (method by name or signature, params in order, optional value in wei and blockTag): result as plain JSON (integers as decimal strings, named outputs by name); a revert answers success false with the decoded reason; bad input 400 {success: false, error}",
  params: byAddress,
  body: InteractRequest,
  answer: z.union([
    z.object({
      success: z.literal(true),
      address,
      implementation: address.optional().meta({ description: 'with asProxy: the implementation whose ABI was used' }),
      method: z.string(),
      signature: z.string(),
      params: callParams,
      blockTag: z.string(),
      result: z.unknown().meta({ description: 'the only output, or the outputs by name (or position) when there are several' }),
      outputs: z.array(z.object({ name: z.string(), type: z.string(), value: z.unknown() })),
    }),
    z.object({
      success: z.literal(false),
      address,
      method: z.string(),
      signature: z.string(),
      params: callParams,
      error: z.string().meta({ description: "'Execution reverted: {reason}'" }),
      revert: z.object({ kind: z.enum(['error', 'panic', 'custom', 'empty', 'unknown']), reason: z.string(), data: hex }),
    }),
  ]),
  otherAnswers: { 400: z.union([failure, error]), 502: z.union([failure, error]) },
});

/**
 * The largest block number fromBlock and toBlock take: row ids are block × ROW_ID_BLOCK + index, a safe integer for
 * every index up to this block. A whole number, as the 400's 'must be between 0 and …' quotes it (it was the quotient
 * less one, 9007199253.740991, which accepted the same blocks but read as nonsense).
 */
const MAX_EVENT_BLOCK = Math.floor(Number.MAX_SAFE_INTEGER / ROW_ID_BLOCK) - 1;

/** GET /contracts/{address}/events. */
export const contractEventsRoute = pagedListRoute(
  '/contracts/{address}/events',
  'Logs emitted by the contract, newest first, decoded with its verified ABI, else the standard events; 400 when fromBlock is after toBlock',
  log.extend({
    event: z.string().nullable(),
    signature: z.string().nullable(),
    args: z.record(z.string(), z.unknown()).nullable().meta({ description: 'the arguments by name, amounts as decimal strings' }),
  }),
  {
    params: byAddress,
    query: {
      fromBlock: intQuery('fromBlock', 0, 0, MAX_EVENT_BLOCK),
      toBlock: intQuery('toBlock', Math.floor(Number.MAX_SAFE_INTEGER / ROW_ID_BLOCK) - 2, 0, MAX_EVENT_BLOCK),
      eventName: z.string().optional().meta({ description: "standard event name (Transfer, Approval, …), one of the verified ABI's, or a full signature 'Name(type,…)'" }),
    },
  },
);

/** The smart-contract routes. */
export const contractContracts = [
  contractRoute,
  contractCreationRoute,
  contractVerifiedRoute,
  contractAbiRoute,
  contractSourceRoute,
  contractVerificationRoute,
  compilersRoute,
  verifyRoute,
  contractProxyRoute,
  bytecodeFunctionsRoute,
  interactRoute,
  contractEventsRoute,
];
