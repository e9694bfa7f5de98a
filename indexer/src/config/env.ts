// The indexer's settings from the environment, checked at start by the CLI (indexer/index.ts) and `npm start`
// (scripts/stack.ts): every variable the README lists for the indexer, each bad value reported with its name and the
// accepted forms, all of them at once, before anything is opened or listens.
import {
  addressSetFromEnv,
  commonServerSettings,
  COMMON_SERVER_VARIABLES,
  compressionFromEnv,
  envValue,
  flagFromEnv,
  headerSecretFromEnv,
  hostFromEnv,
  httpUrlFromEnv,
  portFromEnv,
  Problems,
  wholeNumberFromEnv,
  type Env,
} from '../../../common/env-check.ts';
import { stoPriceFromEnv } from '../api/etherscan/stats.ts';
import { STREAM_LIMIT_VARIABLES, streamLimitsFromEnv } from '../api/stream/limits.ts';
import { RATE_LIMIT_VARIABLES, rateLimitFromEnv } from '../http/rate-limit-config.ts';
import type { IndexerOptions } from '../main.ts';
import { traceInternalFromEnv } from '../sync/tracer.ts';

/** startIndexer's options as the environment sets them, the drain bound always set. */
export type IndexerSettings = IndexerOptions & { shutdownTimeoutMs: number };

/** The settings, or every problem found. */
export type IndexerConfig = { options: IndexerSettings } | { problems: string[] };

/** Default node of the CLI: the devnet's usual address. */
export const DEFAULT_RPC_URL = 'http://127.0.0.1:8545';

/** The variables indexerConfigFromEnv checks, for the test that holds the README's table against the checkers. */
export const INDEXER_VARIABLES: readonly string[] = [
  'RPC_URL',
  'DATA_DIR',
  'DATABASE_URL',
  'PG_POOL_SIZE',
  'INDEXER_ROLE',
  'INDEXER_PORT',
  'HOST',
  'IPFS_GATEWAY',
  'METADATA_ALLOW_PRIVATE',
  'SOLC_DOWNLOAD',
  'SOLC_LIST_URL',
  'VERIFY_WORKERS',
  'VERIFY_TIMEOUT_MS',
  'HTTP_COMPRESSION',
  'INDEXER_ADMIN_TOKEN',
  ...Object.values(RATE_LIMIT_VARIABLES),
  'INDEXER_RATE_LIMIT_EXEMPT',
  'INDEXER_TRUST_PROXY',
  'ETHERSCAN_API_SEND_RAW',
  'INDEXER_TRACE_INTERNAL',
  'STO_PRICE_USD',
  'STO_PRICE_BTC',
  ...Object.values(STREAM_LIMIT_VARIABLES),
  'INDEXER_METRICS_PORT',
  ...COMMON_SERVER_VARIABLES,
];

/** Reads and checks the indexer's environment: startIndexer's options, or every problem (one line each). */
export function indexerConfigFromEnv(env: Env): IndexerConfig {
  const problems = new Problems();
  const rpcUrl = problems.read(() => httpUrlFromEnv(env, 'RPC_URL')) ?? DEFAULT_RPC_URL;
  const dataDir = envValue(env, 'DATA_DIR') ?? './data';
  const databaseUrl = envValue(env, 'DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/\S+$/.test(databaseUrl)) {
    // Not repeated: the URL may hold a password.
    problems.list.push('DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:port/database); leave it unset for SQLite');
  }
  const poolSize = problems.read(() => wholeNumberFromEnv(env, 'PG_POOL_SIZE', 2, 1000, 10));
  const role = envValue(env, 'INDEXER_ROLE') ?? 'all';
  if (role !== 'all' && role !== 'api') problems.list.push(`INDEXER_ROLE must be all (sync and serve) or api (serve only), got ${JSON.stringify(env['INDEXER_ROLE'])}`);
  const port = problems.read(() => portFromEnv(env, 'INDEXER_PORT', 3300));
  const host = problems.read(() => hostFromEnv(env, 'HOST', '127.0.0.1'));
  const ipfsGateway = problems.read(() => httpUrlFromEnv(env, 'IPFS_GATEWAY'));
  const metadataAllowPrivate = problems.read(() => flagFromEnv(env, 'METADATA_ALLOW_PRIVATE', false, 'NFT metadata downloads may reach private addresses'));
  const download = problems.read(() => flagFromEnv(env, 'SOLC_DOWNLOAD', true, 'the verifier may download compilers'));
  const listUrl = problems.read(() => httpUrlFromEnv(env, 'SOLC_LIST_URL'));
  const workers = problems.read(() => wholeNumberFromEnv(env, 'VERIFY_WORKERS', 1, 64, 1));
  const compileTimeoutMs = problems.read(() => wholeNumberFromEnv(env, 'VERIFY_TIMEOUT_MS', 1000, 3_600_000, 120_000));
  problems.read(() => compressionFromEnv(env));
  const adminToken = problems.read(() => headerSecretFromEnv(env, 'INDEXER_ADMIN_TOKEN'));
  // Each variable alone, so that every bad one is reported (the readers stop at the first).
  const single = (name: string): Env => ({ [name]: env[name] });
  for (const name of [...Object.values(RATE_LIMIT_VARIABLES), 'INDEXER_RATE_LIMIT_EXEMPT', 'INDEXER_TRUST_PROXY']) {
    if (name.endsWith('_EXEMPT') || name.endsWith('_PROXY')) problems.read(() => addressSetFromEnv(env, name));
    else problems.read(() => rateLimitFromEnv(single(name)));
  }
  const etherscanSendRaw = problems.read(() => flagFromEnv(env, 'ETHERSCAN_API_SEND_RAW', false, "the Etherscan API's proxy module broadcasts signed transactions"));
  const traceInternal = problems.read(() => traceInternalFromEnv({ INDEXER_TRACE_INTERNAL: env['INDEXER_TRACE_INTERNAL']?.trim() }));
  for (const name of ['STO_PRICE_USD', 'STO_PRICE_BTC']) problems.read(() => stoPriceFromEnv(single(name)));
  for (const name of Object.values(STREAM_LIMIT_VARIABLES)) problems.read(() => streamLimitsFromEnv(single(name)));
  const metricsPort = problems.read(() => portFromEnv(env, 'INDEXER_METRICS_PORT', undefined));
  const { shutdownTimeoutMs, metricsToken } = commonServerSettings(env, problems);
  if (problems.list.length > 0) return { problems: problems.list };

  const options: IndexerSettings = {
    rpcUrl,
    dataDir,
    ...(databaseUrl !== undefined ? { databaseUrl, poolSize: poolSize ?? 10 } : {}),
    role: role as 'all' | 'api',
    port: port ?? 3300,
    host: host ?? '127.0.0.1',
    ...(ipfsGateway !== undefined ? { ipfsGateway } : {}),
    metadataAllowPrivate: metadataAllowPrivate ?? false,
    ...(adminToken !== undefined ? { adminToken } : {}),
    rateLimit: rateLimitFromEnv(env),
    etherscanSendRaw: etherscanSendRaw ?? false,
    stoPrice: stoPriceFromEnv(env),
    traceInternal: traceInternal ?? true,
    streams: streamLimitsFromEnv(env),
    verify: {
      download: download ?? true,
      ...(listUrl !== undefined ? { listUrl } : {}),
      workers: workers ?? 1,
      compileTimeoutMs: compileTimeoutMs ?? 120_000,
    },
    ...(metricsToken !== undefined || metricsPort !== undefined ? { metrics: { ...(metricsToken !== undefined ? { token: metricsToken } : {}), ...(metricsPort !== undefined ? { port: metricsPort } : {}) } } : {}),
    shutdownTimeoutMs,
  };
  return { options };
}
