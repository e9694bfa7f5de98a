// The OpenAPI 3.1 document served as /openapi.json: the described routes' operations generated from their contracts
// (api/contract/), and, until every route has one, the rest written by hand below. A unit test holds the document
// against the router's registered routes in both directions.

import { BLOCK_EVENTS, MAX_REPLAY_BLOCKS, MAX_STREAM_TOPICS, STREAM_HEARTBEAT_MS, STREAM_LIMIT_MESSAGES, STREAM_RETRY_MS } from '../../../common/live-events.ts';
import { CHAIN_SERIES, DEFAULT_MAX_DAYS, MAX_SERIES_DAYS, SUMMARY_DAYS, TOKEN_SERIES } from '../../../common/stats-series.ts';
import { CONTRACT_BY_ROUTE, ROUTE_CONTRACTS, routeKey } from './contract/index.ts';
import { generatedPaths } from './contract/openapi.ts';

type Schema = Record<string, unknown>;

const str = { type: 'string' };
const dec = { type: 'string', pattern: '^-?\\d+$', description: 'decimal integer as a string' };
const int = { type: 'integer' };
const num = { type: 'number' };
const bool = { type: 'boolean' };
const addr = { type: 'string', pattern: '^0x[0-9a-f]{40}$' };
const hash = { type: 'string', pattern: '^0x[0-9a-f]{64}$' };
const nullable = (s: Schema): Schema => ({ anyOf: [s, { type: 'null' }] });
const obj = (properties: Record<string, Schema>): Schema => ({ type: 'object', properties });
const arr = (items: Schema): Schema => ({ type: 'array', items });
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

const schemas: Record<string, Schema> = {
  Error: { type: 'object', required: ['error'], properties: { error: str } },
  Transaction: obj({
    hash, blockNumber: int, blockHash: hash, transactionIndex: int, timestamp: int, from: addr, to: nullable(addr),
    contractAddress: nullable(addr), value: dec, gasLimit: dec, gasPrice: nullable(dec), maxFeePerGas: nullable(dec),
    maxPriorityFeePerGas: nullable(dec), effectiveGasPrice: nullable(dec), gasUsed: dec, cumulativeGasUsed: dec,
    fee: nullable(dec), nonce: int, type: nullable(int), status: bool, data: str, methodId: nullable(str), method: nullable(str),
  }),
  TransactionDetail: {
    allOf: [
      ref('Transaction'),
      obj({
        logCount: int,
        tokenTransfers: arr(obj({ from: addr, to: addr, tokenAddress: addr, tokenType: str, tokenId: nullable(dec), value: dec, rawAmount: dec, amount: nullable(str), name: nullable(str), symbol: nullable(str), decimals: nullable(int), logIndex: int })),
        accessList: { description: 'typed transactions (types 1 to 4) only', ...arr(obj({ address: addr, storageKeys: arr(hash) })) },
        authorizationList: {
          description:
            'type 4 (EIP-7702) only. authority: the signer recovered from (yParity, r, s) over keccak256(0x05 ‖ rlp([chainId, address, nonce])), null when the signature is invalid. ' +
            'applied: the chain id is 0 or the chain\'s, the signature is valid, the authority had no code but a delegation and its nonce matched (its nonce and code at the parent block, plus its earlier transactions and applied authorizations in the block); null when the node no longer has that state.',
          ...arr(obj({ chainId: dec, address: addr, nonce: dec, yParity: int, r: hash, s: hash, authority: nullable(addr), applied: nullable(bool) })),
        },
        blobVersionedHashes: { description: 'type 3 (EIP-4844) only', ...arr(hash) },
        maxFeePerBlobGas: { description: 'type 3 only', ...nullable(dec) },
        blobGasUsed: { description: 'type 3 only, from the receipt', ...nullable(dec) },
        blobGasPrice: { description: 'type 3 only, from the receipt', ...nullable(dec) },
      }),
    ],
  },
  Log: obj({ address: addr, topics: arr(hash), data: str, logIndex: int, blockNumber: int, transactionHash: hash, transactionIndex: int, blockHash: hash }),
  Receipt: obj({
    transactionHash: hash, transactionIndex: int, blockHash: hash, blockNumber: int, from: addr, to: nullable(addr),
    contractAddress: nullable(addr), gasUsed: dec, cumulativeGasUsed: dec, effectiveGasPrice: nullable(dec),
    status: { type: 'integer', enum: [0, 1] }, type: nullable(int), confirmations: int,
    logs: arr({ allOf: [ref('Log'), obj({ decoded: nullable(ref('DecodedEvent')), candidates: arr(ref('DecodedEvent')) })] }),
  }),
  DecodedCall: obj({
    functionName: str, functionSignature: str, params: arr(obj({ name: str, type: str, value: {} })),
    source: { enum: ['verified', 'signature'], description: "verified: the contract's (or its identical twin's) verified ABI; signature: a signature (database or built-in), not verified source" },
  }),
  DecodedEvent: {
    ...obj({ eventName: str, eventSignature: str, params: arr(obj({ name: str, type: str, value: {}, indexed: bool })), source: { enum: ['verified', 'signature'] } }),
    description: 'A log decoded with the emitter\'s verified ABI or a stored event signature (strictly: topics and data encode back to the same bytes); a dynamic indexed value is its keccak256 hash',
  },
  Decoded: obj({
    transaction: ref('Transaction'),
    decoded: nullable(ref('DecodedCall')),
    description: str,
    candidates: { ...arr(ref('DecodedCall')), description: 'Every decoding that fits the input (signatures sharing a selector), best first; decoded is the first' },
    guess: nullable({
      ...obj({ selector: str, words: arr(str), types: nullable(arr(str)), params: nullable(arr(obj({ name: str, type: str, value: {} }))) }),
      description: 'When no signature fits: the arguments as 32-byte words (at most 256) and the types @openchainxyz/abi-guesser proposes (a guess; none past 1 KB of arguments)',
    }),
  }),
  TokenLogo: obj({ address: addr, type: { enum: ['png', 'svg'] }, hash: { type: 'string', pattern: '^[0-9a-f]{64}$' }, uploadedAt: int }),
  LoginFailures: obj({ failures: int, oldest: nullable(int) }),
  SearchResult: obj({ type: { enum: ['block', 'transaction', 'address', 'token', 'nft', 'multiple'] }, data: {}, addressType: { enum: ['contract', 'account'] }, contractType: str }),
  JsonRpc: { description: 'JSON-RPC 2.0 request or batch', anyOf: [{ type: 'object' }, { type: 'array' }] },
};

interface Op {
  summary: string;
  /** Longer text (Markdown), and extensions such as x-etherscan-actions. */
  extra?: Schema;
  query?: string[];
  schema?: Schema;
  notFound?: boolean;
  /** JSON request body of a POST (the RPC proxy's JSON-RPC by default). */
  request?: Schema;
  /** The 200 answer's media type when it is not JSON (the event stream). */
  mediaType?: string;
  /** Error statuses beyond 400 and 404, each with the usual {error} body. */
  errors?: number[];
}

const QUERY: Record<string, Schema> = {
  limit: { type: 'integer', minimum: 1, maximum: 100 },
  offset: { type: 'integer', minimum: 0 },
  withTxs: { type: 'string', enum: ['1', '0', 'true', 'false'] },
  tokenAddress: addr,
  tokenType: { type: 'string', enum: ['ERC20', 'ERC721', 'ERC1155'] },
  type: { type: 'string', enum: ['ERC20', 'ERC721', 'ERC1155'] },
  order: { type: 'string', enum: ['asc', 'desc'] },
  minBalance: { type: 'string', description: 'minimum native balance in STO, e.g. 0.5' },
  fromBlock: int,
  since: { type: 'integer', minimum: 0, description: 'the last block the reader knows the changes of' },
  toBlock: int,
  eventName: { type: 'string', description: "standard event name (Transfer, Approval, …) or full signature 'Name(type,…)'" },
  client: { type: 'string', description: 'client address of a login attempt' },
  windowMs: { type: 'integer', minimum: 1, maximum: 86400000 },
  address: { type: 'string', description: `addresses to follow (address:{a} events), repeatable or comma-separated; with token, at most ${MAX_STREAM_TOPICS} in all` },
  token: { type: 'string', description: 'tokens to follow (token:{a} events), repeatable or comma-separated' },
  lastEventId: { type: 'string', pattern: '^\\d+-\\d+-\\d+$', description: 'the last event id seen, when the Last-Event-ID header cannot be set (a new EventSource); the header wins' },
  q: { type: 'string', description: "block number or hash, transaction hash, address, token name or symbol, 'Collection #id' or '<collection address> <id>'" },
};

const PATH: Record<string, Schema> = { file: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}\\.(png|svg)$' }, idHash: { type: 'string', pattern: '^[0-9a-f]{64}$' }, number: { type: 'string', pattern: '^\\d+$' }, hash, address: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' }, collection: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' }, tokenId: { type: 'string', pattern: '^\\d+$' } };

function operation(path: string, op: Op): Schema {
  const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: PATH[m[1] as string] ?? str }));
  for (const q of op.query ?? []) params.push({ name: q, in: 'query', required: q === 'q' || q === 'since', schema: QUERY[q] ?? str });
  const errors = { description: 'error', content: { 'application/json': { schema: ref('Error') } } };
  return {
    summary: op.summary,
    ...(op.extra ?? {}),
    ...(params.length ? { parameters: params } : {}),
    responses: {
      200: { description: 'OK', content: { [op.mediaType ?? 'application/json']: { schema: op.schema ?? { type: 'object' } } } },
      ...(params.length ? { 400: errors } : {}),
      ...Object.fromEntries((op.errors ?? []).map((status) => [status, errors])),
      ...(op.notFound || path.includes('{') ? { 404: errors } : {}),
    },
  };
}

const PAGE = ['limit', 'offset'];

const ADMIN = 'Admin route: needs Authorization: Bearer INDEXER_ADMIN_TOKEN (401 without it, 503 when none is configured).';

const GET: Record<string, Op> = {
  '/token-logos': { summary: 'Uploaded token logos: address, type and content hash (sha256, hex)', schema: obj({ logos: arr(ref('TokenLogo')) }) },
  '/token-logos/{file}': { summary: "A token's uploaded logo as bytes ({address}.png serves it whatever its type; .svg only an SVG), with the content hash as ETag and a sandboxing Content-Security-Policy", schema: { type: 'string', format: 'binary' } },
  '/admin/login-failures': { summary: `Failed token-admin logins of a client within a window. ${ADMIN}`, query: ['client', 'windowMs'], schema: ref('LoginFailures') },
  '/openapi.json': { summary: 'This document' },
  '/metrics': {
    summary:
      'Prometheus metrics (text exposition format): chain and indexed heads, lag, blocks and transactions indexed, reorgs, RPC calls by method, database statements by kind, HTTP requests by route template, rate-limit refusals, verification queue, metadata fetches, open event streams, Node process metrics; all named explorer_indexer_*. ' +
      'Needs Authorization: Bearer METRICS_TOKEN (else INDEXER_ADMIN_TOKEN) when either is set (401 without it). Not rate-limited. 404 on this port when INDEXER_METRICS_PORT serves it on a port of its own',
    mediaType: 'text/plain; version=0.0.4',
    schema: str,
    errors: [401],
    notFound: true,
  },
  '/events': {
    summary: `Live updates (server-sent events, common/live-events.ts): for every new block ${BLOCK_EVENTS.join(', ')} (the JSON of GET /blocks, GET /transactions, the stats routes and eth_gasPrice), address:{a} and token:{a} for the topics asked for, reorg {depth, fork, head, reorgs} after a rollback; ids {block}-{index}-{reorgs}; Last-Event-ID (or lastEventId) replays what was missed, up to ${MAX_REPLAY_BLOCKS} blocks, else reload`,
    extra: {
      description: `retry: ${STREAM_RETRY_MS}; a comment every ${STREAM_HEARTBEAT_MS / 1000} s; never compressed. 429 "${STREAM_LIMIT_MESSAGES.perClient}" past INDEXER_MAX_STREAMS_PER_CLIENT, 503 "${STREAM_LIMIT_MESSAGES.total}" past INDEXER_MAX_STREAMS. A reader that does not keep up is disconnected.`,
    },
    query: ['address', 'token', 'lastEventId'],
    mediaType: 'text/event-stream',
    schema: { type: 'string' },
    errors: [429, 503],
  },
  '/transactions/{hash}': { summary: 'Transaction with its token transfers', schema: ref('TransactionDetail') },
  '/transactions/{hash}/receipt': { summary: 'Receipt with logs, each decoded with its emitter\'s verified ABI or the signature database when one fits', schema: ref('Receipt') },
  '/transactions/{hash}/decoded': { summary: "Decoded call and a description: the contract's verified ABI (its own or an identical twin's), else every signature of the built-in interfaces and the signature database that decodes the input cleanly (candidates), else guessed types", schema: ref('Decoded') },
  '/address/{address}/internal-transactions': {
    summary:
      "Internal transactions from, to or creating the address, newest first (value-moving calls, creations and self-destructs below a transaction, from the node's call traces): from the trailing tracer's index, inside transactions the address is not a party to too; above the tracer's last block (or without it) only the address's own transactions are traced. 503 when the node cannot trace",
    query: PAGE,
    schema: arr(obj({ hash: hash, blockNumber: int, timestamp: int, from: addr, to: nullable(addr), contractAddress: nullable(addr), value: dec, type: str, traceId: str, isError: bool, error: nullable(str), parentFrom: nullable(addr), parentTo: nullable(addr), parentValue: nullable(dec) })),
  },
  '/address/{address}/approvals': {
    summary:
      "Token approvals the address has in force, newest grant first: ERC-20 allowances (the last Approval event's, read again on chain with allowance(owner, spender) so that spending through transferFrom counts; rows now zero are left out, so a page may hold fewer than limit (indexPosition shows the gaps); valueSource 'indexed' when the node did not answer within 3 s) and ERC-721 / ERC-1155 operators (ApprovalForAll still true). ERC-721 single-token approvals are not listed. unlimited: value >= 2^255",
    query: PAGE,
    schema: arr(obj({
      owner: addr, tokenAddress: addr, tokenName: nullable(str), tokenSymbol: nullable(str), tokenDecimals: nullable(int),
      tokenType: nullable({ enum: ['ERC20', 'ERC721', 'ERC1155'] }), kind: { enum: ['allowance', 'operator'] }, spender: addr,
      spenderName: nullable(str), value: nullable(dec), valueFormatted: nullable(str), unlimited: bool,
      valueSource: { enum: ['chain', 'indexed', 'event'] }, blockNumber: int, logIndex: int, transactionHash: hash, timestamp: int,
      indexPosition: { type: 'integer', description: 'the row\'s place in the owner\'s list (offset + its row in the page); rows left out leave gaps' },
    })),
  },
  // Daily series (issue 30, common/stats-series.ts): folded as blocks are indexed, read by day range.
  '/stats/series/{name}': {
    summary: `One chain-wide daily series, a point for every UTC day from … to (YYYY-MM-DD; default: every day kept, at most ${DEFAULT_MAX_DAYS.toLocaleString('en-US')}); 0 for counts and sums and null for averages on days without blocks. 400 for an unknown series, a malformed, reversed or too long range (over ${MAX_SERIES_DAYS.toLocaleString('en-US')} days) or one beyond the days kept`,
    extra: { description: `name: ${Object.keys(CHAIN_SERIES).join(', ')}` },
    query: ['from', 'to'],
    schema: obj({ name: str, unit: { enum: ['count', 'gas', 'wei', 'seconds', 'bytes'] }, from: str, to: str, points: arr(obj({ day: str, value: nullable(str) })) }),
  },
  '/tokens/{address}/series/{name}': {
    summary: "One token's daily series from … to: transfers per day, or holders at the end of each day; the same range rules and 400s",
    extra: { description: `name: ${Object.keys(TOKEN_SERIES).join(', ')}` },
    query: ['from', 'to'],
    schema: obj({ name: str, unit: str, token: addr, from: str, to: str, points: arr(obj({ day: str, value: nullable(str) })) }),
  },
  '/stats/summary': {
    summary: `Every chain-wide series' latest day and its last ${SUMMARY_DAYS} days, with the first and last days kept (null before any block)`,
    schema: obj({ firstDay: nullable(str), lastDay: nullable(str), series: arr(obj({ name: str, unit: str, latest: nullable(obj({ day: str, value: nullable(str) })), recent: arr(obj({ day: str, value: nullable(str) })) })) }),
  },
  // The gas tracker (issue 30; common/gas-tracker.ts, whose constants the texts name).
  '/stats/gas': {
    summary:
      "Gas tracker: Slow / Standard / Fast levels (the next block's base fee plus the mean 25th, 50th and 75th percentile priority fee of the blocks of the node's eth_feeHistory over FEE_WINDOW blocks that held transactions), each with its transfer fee (× TRANSFER_GAS) and wait estimate; the window's blocks and mean block time; " +
      'from the indexed transactions of the last HOURS hours (by block time, up to the indexed head), the hourly effective gas price and the TOP_CONSUMERS contracts that used the most gas as `to`. Read once per indexed head. 502 when the node cannot be read',
    schema: (() => {
      const level = obj({ priorityFee: dec, price: dec, transferFee: dec, waitSeconds: nullable(int) });
      return obj({
        lastBlock: int, baseFee: dec, levels: obj({ slow: level, standard: level, fast: level }),
        blocks: arr(obj({ number: int, baseFee: dec, gasUsedRatio: num })), blockTime: nullable(num),
        hourly: arr(obj({ hour: int, average: nullable(dec), min: nullable(dec), max: nullable(dec), transactions: int })),
        topConsumers: arr(obj({ address: addr, name: nullable(str), gasUsed: dec, fees: dec, transactions: int, share: num })),
        indexedBlock: nullable(int),
      });
    })(),
    errors: [502],
  },
  '/transactions/{hash}/revert-reason': {
    summary: "Why a failed transaction reverted: replayed on its parent block, decoded (Error(string), Panic(uint256), the target's verified custom errors); kind 'not-reproduced' when the replay succeeds",
    schema: obj({ hash: hash, reverted: bool, kind: nullable(str), reason: nullable(str), data: nullable(str) }),
  },
  '/transactions/{hash}/internal-calls': {
    summary: "Internal calls from the node's call tracer, traced on first request and kept: a flat list in call order with depth (0 is the transaction); available false when the node has no tracer",
    schema: obj({ hash: hash, available: bool, message: nullable(str), calls: arr(obj({ depth: int, type: str, from: str, to: nullable(str), value: dec, gas: nullable(dec), gasUsed: nullable(dec), selector: nullable(str), error: nullable(str) })) }),
  },
  '/contracts/{address}': { summary: 'Contract details', schema: { type: 'object' } },
  '/contracts/{address}/proxy': {
    summary: 'Proxy detection: EIP-1167 minimal proxy, EIP-1967 implementation or beacon slot, EIP-1822; the implementation and whether it is verified (interact with asProxy uses its ABI)',
    schema: obj({ address: addr, isProxy: bool, kind: nullable(str), implementation: nullable(addr), beacon: nullable(addr), implementationVerified: bool }),
  },
  '/contracts/{address}/functions-from-bytecode': {
    summary: "An unverified contract's function selectors and event topics read from its code by whatsabi (a proxy followed to its implementation), each with the signatures the signature database knows (best source first: verified, bundled, imported)",
    schema: obj({
      address: addr, implementation: nullable(addr), proxies: arr(str),
      functions: arr(obj({ selector: str, signatures: arr(obj({ signature: str, source: { enum: ['verified', 'bundled', 'imported'] } })) })),
      events: arr(obj({ topic: hash, signatures: arr(obj({ signature: str, source: { enum: ['verified', 'bundled', 'imported'] } })) })),
    }),
    errors: [502],
  },
  '/contracts/{address}/creation': { summary: 'Creator, creation transaction, block and time', schema: obj({ creator: nullable(addr), transactionHash: nullable(hash), blockNumber: nullable(int), timestamp: nullable(int) }) },
  '/contracts/{address}/verified': { summary: "Verification flag; matchType 'full', 'partial' or 'similar' (identical code verified at similarTo)", schema: obj({ verified: bool, matchType: str, similarTo: nullable(addr) }) },
  '/contracts/compilers': { summary: 'Compiler versions: offline ones first (bundled, cached), then the official releases when reachable; EVM versions', schema: obj({ compilers: arr(obj({ version: str, offline: bool, origin: str })), releaseList: str, reason: nullable(str), evmVersions: arr(str) }) },
  '/contracts/{address}/abi': { summary: "ABI of a verified contract (404 'Contract is not verified' until verification exists)", notFound: true },
  '/contracts/{address}/source': { summary: "Source of a verified contract (404 'Contract is not verified')", notFound: true },
  '/contracts/{address}/verification': { summary: "Verification metadata (404 'Contract is not verified')", notFound: true },
  '/contracts/{address}/events': { summary: 'Logs emitted by the contract, standard events decoded', query: [...PAGE, 'fromBlock', 'toBlock', 'eventName'], schema: arr({ allOf: [ref('Log'), obj({ event: nullable(str), signature: nullable(str), args: nullable({ type: 'object' }) })] }) },
  '/search': { summary: "Search; several hits give {type:'multiple', data:[…]}", query: ['q'], schema: ref('SearchResult'), notFound: true },
};

const VERIFY_REQUEST = obj({
  address: addr,
  sourceCode: str,
  sourceFiles: { type: 'object', additionalProperties: str },
  standardJsonInput: { type: 'object' },
  compilerVersion: str,
  contractName: str,
  optimizationUsed: bool,
  runs: int,
  constructorArguments: str,
  libraries: { type: 'object', additionalProperties: str },
  evmVersion: str,
  license: str,
});

const POST: Record<string, Op> = {
  '/admin/token-logos/{address}': {
    summary: `Stores a token's logo: PNG or SVG up to 204800 bytes, checked by content (413 too large, 422 not an image; an SVG is stored sanitised). ${ADMIN}`,
    schema: ref('TokenLogo'),
    request: obj({ data: { type: 'string', contentEncoding: 'base64' }, uploadedBy: str }),
  },
  '/admin/sessions': { summary: `Starts a token-admin session under the hash of its id. ${ADMIN}`, schema: obj({ created: bool }), request: obj({ idHash: str, username: str, idleMs: int }) },
  '/admin/sessions/{idHash}/touch': { summary: `The session's user, marking it used; 404 when unknown or idle longer than idleMs. ${ADMIN}`, schema: obj({ username: str, createdAt: int, lastSeen: int }), request: obj({ idleMs: int }) },
  '/admin/sessions/{idHash}/end': { summary: `Ends a session. ${ADMIN}`, schema: obj({ ended: bool }), request: { type: 'object' } },
  '/admin/login-failures': { summary: `Records a failed login of a client; answers the failures within the window. ${ADMIN}`, schema: ref('LoginFailures'), request: obj({ client: str, windowMs: int }) },
  '/admin/login-failures/clear': { summary: `Forgets a client's failed logins. ${ADMIN}`, schema: obj({ cleared: bool }), request: obj({ client: str }) },
  '/contracts/{address}/interact': {
    summary:
      "Calls a verified contract's function with eth_call (method by name or signature, params in order, optional value in wei and blockTag): result as plain JSON (integers as decimal strings, named outputs by name); a revert answers success false with the decoded reason; bad input 400",
    schema: obj({ success: bool, method: str, signature: str, params: arr({}), result: {}, outputs: arr(obj({ name: str, type: str, value: {} })), error: str, revert: obj({ kind: str, reason: str, data: str }) }),
    request: obj({ method: str, params: arr({}), value: str, blockTag: str, asProxy: bool }),
  },
  '/proxy/rpc': { summary: 'Forwards read-only JSON-RPC methods (single or batch); others get error -32601', schema: ref('JsonRpc') },
  '/contracts/verify': {
    summary:
      "Verifies a contract: Solidity source, a file map or standard JSON input, compiled with solc-js and matched against the chain. 400 {success:false, error, reason, logs} says why it does not match",
    schema: obj({ success: bool, message: str, matchType: str, alreadyVerified: bool, contractName: str, compilerVersion: str, constructorArguments: str, abi: arr({ type: 'object' }), logs: arr(str) }),
    request: VERIFY_REQUEST,
  },
};

/** The OpenAPI 3.1 document served at /openapi.json. */
export function openApiDocument(serverUrl?: string): Schema {
  const generated = generatedPaths(ROUTE_CONTRACTS);
  const paths: Record<string, Record<string, Schema>> = generated.paths;
  for (const [method, table] of [['get', GET], ['post', POST]] as const) {
    for (const [path, op] of Object.entries(table)) {
      // A route is described once: its hand-written entry goes when its contract comes.
      if (CONTRACT_BY_ROUTE.has(routeKey({ method: method.toUpperCase(), path }))) throw new Error(`${method} ${path} has a contract and a hand-written entry`);
      const entry = (paths[path] ??= {});
      entry[method] = operation(path, op);
      if (method === 'post') {
        entry[method] = { ...entry[method], requestBody: { required: true, content: { 'application/json': { schema: op.request ?? ref('JsonRpc') } } } };
      }
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'STO explorer indexer API',
      version: '1.0.0',
      description:
        'Lists are bare JSON arrays paged with limit (1-100, default 10 unless stated) and offset. Amounts are decimal strings. Errors are {error} with status 400 (invalid input) or 404 (unknown); a client past its rate limit gets 429 with Retry-After (seconds) and {error: "Too many requests: Rate limit exceeded"}. CORS is open.',
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    paths,
    components: { schemas: { ...schemas, ...generated.schemas } },
  };
}
