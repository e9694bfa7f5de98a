// CLI of the bundled indexer: reads RPC_URL, DATA_DIR, DATABASE_URL (PostgreSQL instead of SQLite), PG_POOL_SIZE,
// INDEXER_ROLE (all or api), INDEXER_PORT, HOST, IPFS_GATEWAY, METADATA_ALLOW_PRIVATE and the verification settings
// (SOLC_DOWNLOAD, SOLC_LIST_URL, VERIFY_WORKERS, VERIFY_TIMEOUT_MS), the admin routes' secret INDEXER_ADMIN_TOKEN and
// the rate limits (INDEXER_RATE_LIMIT, _SEARCH, _RPC, _VERIFY, _API, _EXEMPT, INDEXER_TRUST_PROXY), ETHERSCAN_API_SEND_RAW (1: the
// Etherscan API's proxy module forwards eth_sendRawTransaction) and STO_PRICE_USD, STO_PRICE_BTC (what its stats/ethprice
// answers), INDEXER_TRACE_INTERNAL (0: no trailing tracer of internal transactions) and the event stream's limits
// (INDEXER_MAX_STREAMS_PER_CLIENT, INDEXER_MAX_STREAMS) from the environment.
import { rateLimitFromEnv } from './src/http/rate-limit-config.ts';
import { stoPriceFromEnv } from './src/api/etherscan/stats.ts';
import { startIndexer } from './src/main.ts';
import { streamLimitsFromEnv } from './src/api/stream/limits.ts';
import { traceInternalFromEnv } from './src/sync/tracer.ts';

const env = process.env;
const port = Number(env['INDEXER_PORT'] ?? 3300);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`INDEXER_PORT must be a port number, got ${env['INDEXER_PORT']}`);
  process.exit(1);
}

const role = env['INDEXER_ROLE'] ?? 'all';
if (role !== 'all' && role !== 'api') {
  console.error(`INDEXER_ROLE must be all (sync and serve) or api (serve only), got ${role}`);
  process.exit(1);
}
const databaseUrl = env['DATABASE_URL'];
if (databaseUrl !== undefined && databaseUrl !== '' && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
  console.error('DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:port/database); leave it unset for SQLite');
  process.exit(1);
}
const poolSize = Number(env['PG_POOL_SIZE'] ?? 10);
if (!Number.isInteger(poolSize) || poolSize < 2) {
  console.error(`PG_POOL_SIZE must be a whole number of at least 2, got ${env['PG_POOL_SIZE']}`);
  process.exit(1);
}
let rateLimit: ReturnType<typeof rateLimitFromEnv>;
let stoPrice: ReturnType<typeof stoPriceFromEnv>;
let traceInternal: boolean;
let streams: ReturnType<typeof streamLimitsFromEnv>;
try {
  rateLimit = rateLimitFromEnv(env);
  stoPrice = stoPriceFromEnv(env);
  traceInternal = traceInternalFromEnv(env);
  streams = streamLimitsFromEnv(env);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}

const indexer = await startIndexer({
  rpcUrl: env['RPC_URL'] ?? 'http://127.0.0.1:8545',
  dataDir: env['DATA_DIR'] ?? './data',
  ...(databaseUrl ? { databaseUrl, poolSize } : {}),
  role,
  port,
  host: env['HOST'] ?? '127.0.0.1',
  ...(env['IPFS_GATEWAY'] ? { ipfsGateway: env['IPFS_GATEWAY'] } : {}),
  metadataAllowPrivate: env['METADATA_ALLOW_PRIVATE'] === '1',
  ...(env['INDEXER_ADMIN_TOKEN'] ? { adminToken: env['INDEXER_ADMIN_TOKEN'] } : {}),
  rateLimit,
  etherscanSendRaw: env['ETHERSCAN_API_SEND_RAW'] === '1',
  stoPrice,
  traceInternal,
  streams,
  verify: {
    download: env['SOLC_DOWNLOAD'] !== '0',
    ...(env['SOLC_LIST_URL'] ? { listUrl: env['SOLC_LIST_URL'] } : {}),
    ...(env['VERIFY_WORKERS'] ? { workers: Math.max(1, Number(env['VERIFY_WORKERS']) || 1) } : {}),
    ...(env['VERIFY_TIMEOUT_MS'] ? { compileTimeoutMs: Math.max(1000, Number(env['VERIFY_TIMEOUT_MS']) || 120_000) } : {}),
  },
});
const backend = databaseUrl ? 'PostgreSQL' : 'SQLite';
console.log(`indexer: serving ${indexer.url} (RPC ${env['RPC_URL'] ?? 'http://127.0.0.1:8545'}, ${backend}${role === 'api' ? ', API only' : ''}${rateLimit === false ? ', no rate limits' : ''})`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log('indexer: stopping');
    void indexer.stop().then(() => process.exit(0));
  });
}
