// The indexer's configuration checked at start (indexer/src/config/settings.ts): for each variable, good values accepted and
// bad ones refused with the exact message naming it and the accepted forms; several problems listed together.
import { describe, expect, it } from 'vitest';
import { indexerConfigFromEnv, type IndexerStartOptions } from '../../indexer/src/config/settings.ts';

function problemsOf(env: Record<string, string>): string[] {
  const config = indexerConfigFromEnv(env);
  return 'problems' in config ? config.problems : [];
}

function optionsOf(env: Record<string, string>): IndexerStartOptions {
  const config = indexerConfigFromEnv(env);
  if ('problems' in config) throw new Error(config.problems.join('; '));
  return config.options;
}

describe('good values are accepted', () => {
  it.each([
    ['RPC_URL', 'https://rpc.example.org/v1'],
    ['DATA_DIR', '/var/lib/explorer'],
    ['DATABASE_URL', 'postgres://explorer:secret@db:5432/explorer'],
    ['DATABASE_URL', 'postgresql://db/explorer'],
    ['PG_POOL_SIZE', '2'],
    ['INDEXER_ROLE', 'api'],
    ['INDEXER_ROLE', 'all'],
    ['INDEXER_PORT', '0'],
    ['INDEXER_PORT', '65535'],
    ['HOST', '0.0.0.0'],
    ['HOST', '::'],
    ['HOST', 'indexer.internal'],
    ['IPFS_GATEWAY', 'http://127.0.0.1:8080/ipfs/'],
    ['METADATA_ALLOW_PRIVATE', '1'],
    ['SOLC_DOWNLOAD', '0'],
    ['SOLC_LIST_URL', 'https://binaries.soliditylang.org/bin/list.json'],
    ['VERIFY_WORKERS', '4'],
    ['VERIFY_TIMEOUT_MS', '1000'],
    ['HTTP_COMPRESSION', '0'],
    ['HTTP_COMPRESSION', 'off'],
    ['INDEXER_ADMIN_TOKEN', 'a-base64url_token'],
    ['INDEXER_RATE_LIMIT', 'off'],
    ['INDEXER_RATE_LIMIT', '50/s,100'],
    ['INDEXER_RATE_LIMIT_SEARCH', '5/s'],
    ['INDEXER_RATE_LIMIT_RPC', '0'],
    ['INDEXER_RATE_LIMIT_VERIFY', '1/10s,5'],
    ['INDEXER_RATE_LIMIT_API', '300/m'],
    ['INDEXER_RATE_LIMIT_EXEMPT', 'loopback,10.0.0.0/8'],
    ['INDEXER_TRUST_PROXY', 'private'],
    ['ETHERSCAN_API_SEND_RAW', '1'],
    ['INDEXER_TRACE_INTERNAL', '0'],
    ['STO_PRICE_USD', '2.75'],
    ['STO_PRICE_BTC', '0.00001'],
    ['INDEXER_MAX_STREAMS_PER_CLIENT', '1'],
    ['INDEXER_MAX_STREAMS', '20000'],
    ['INDEXER_METRICS_PORT', '9464'],
    ['METRICS_TOKEN', 'scrape-me'],
    ['LOG_LEVEL', 'debug'],
    ['LOG_FORMAT', 'json'],
    ['SHUTDOWN_TIMEOUT_MS', '100'],
    ['SHUTDOWN_TIMEOUT_MS', '600000'],
    ['PROGRESS', '1'],
  ])('%s=%s', (name, value) => {
    expect(problemsOf({ [name]: value })).toEqual([]);
  });

  it('unset or blank means the defaults', () => {
    for (const env of [{}, { INDEXER_PORT: ' ', SHUTDOWN_TIMEOUT_MS: '' }]) {
      const o = optionsOf(env);
      expect([o.rpcUrl, o.dataDir, o.port, o.host, o.role, o.shutdownTimeoutMs, o.traceInternal, o.metadataAllowPrivate]).toEqual(['http://127.0.0.1:8545', './data', 3300, '127.0.0.1', 'all', 10_000, true, false]);
      expect(o.metrics).toBeUndefined();
      expect(o.databaseUrl).toBeUndefined();
      // No stream limits set: the defaults (DEFAULT_STREAM_LIMITS; tests/unit/indexer-stream.test.ts checks them).
      expect(o.streams).toEqual({ maxPerClient: 6, maxTotal: 10_000 });
    }
  });

  it('carries the values into startIndexer options', () => {
    const o = optionsOf({ INDEXER_PORT: '3400', DATABASE_URL: 'postgres://db/x', PG_POOL_SIZE: '4', INDEXER_METRICS_PORT: '9464', METRICS_TOKEN: 'm', SHUTDOWN_TIMEOUT_MS: '2500', INDEXER_RATE_LIMIT: 'off', VERIFY_WORKERS: '3', SOLC_DOWNLOAD: '0', INDEXER_MAX_STREAMS_PER_CLIENT: '3', INDEXER_MAX_STREAMS: '50' });
    expect(o).toMatchObject({ port: 3400, databaseUrl: 'postgres://db/x', poolSize: 4, metrics: { token: 'm', port: 9464 }, shutdownTimeoutMs: 2500, rateLimit: false, verify: { workers: 3, download: false }, streams: { maxPerClient: 3, maxTotal: 50 } });
  });
});

describe('bad values are refused with a message naming the variable and the accepted forms', () => {
  it.each([
    ['RPC_URL', 'localhost:8545', 'RPC_URL must be an http:// or https:// URL, got "localhost:8545"'],
    ['DATABASE_URL', 'mysql://u:secret@db/x', 'DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:port/database); leave it unset for SQLite'],
    ['PG_POOL_SIZE', '1', 'PG_POOL_SIZE must be a whole number from 2 to 1000, got "1"'],
    ['INDEXER_ROLE', 'sync', 'INDEXER_ROLE must be all (sync and serve) or api (serve only), got "sync"'],
    ['INDEXER_PORT', 'abc', 'INDEXER_PORT must be a port number (0-65535), got "abc"'],
    ['INDEXER_PORT', '65536', 'INDEXER_PORT must be a port number (0-65535), got "65536"'],
    ['HOST', 'my host', 'HOST must be a host name or an IP address to listen on (such as 127.0.0.1, 0.0.0.0 or ::), got "my host"'],
    ['IPFS_GATEWAY', 'ipfs://gateway', 'IPFS_GATEWAY must be an http:// or https:// URL, got "ipfs://gateway"'],
    ['METADATA_ALLOW_PRIVATE', 'yes', 'METADATA_ALLOW_PRIVATE must be 1 (NFT metadata downloads may reach private addresses) or 0 (not), got "yes"'],
    ['SOLC_DOWNLOAD', 'false', 'SOLC_DOWNLOAD must be 1 (the verifier may download compilers) or 0 (not), got "false"'],
    ['SOLC_LIST_URL', 'list.json', 'SOLC_LIST_URL must be an http:// or https:// URL, got "list.json"'],
    ['VERIFY_WORKERS', '0', 'VERIFY_WORKERS must be a whole number from 1 to 64, got "0"'],
    ['VERIFY_TIMEOUT_MS', '10s', 'VERIFY_TIMEOUT_MS must be a whole number from 1000 to 3600000, got "10s"'],
    ['HTTP_COMPRESSION', 'brotli', 'HTTP_COMPRESSION must be 1 (compress) or 0 (do not; also off, false, no), got "brotli"'],
    ['INDEXER_ADMIN_TOKEN', 'two words', 'INDEXER_ADMIN_TOKEN must be visible ASCII characters without spaces (it is sent in an HTTP header); the value set is not repeated here'],
    ['INDEXER_RATE_LIMIT', '50 per second', "INDEXER_RATE_LIMIT: '50 per second' is not a rate limit: write {count}/{period}[,{burst}] such as 50/s,100 or 1/10s,5, or off"],
    ['INDEXER_RATE_LIMIT_SEARCH', '5/d', "INDEXER_RATE_LIMIT_SEARCH: '5/d' is not a rate limit: write {count}/{period}[,{burst}] such as 50/s,100 or 1/10s,5, or off"],
    ['INDEXER_RATE_LIMIT_RPC', 'x', "INDEXER_RATE_LIMIT_RPC: 'x' is not a rate limit: write {count}/{period}[,{burst}] such as 50/s,100 or 1/10s,5, or off"],
    ['INDEXER_RATE_LIMIT_VERIFY', '-1/s', "INDEXER_RATE_LIMIT_VERIFY: '-1/s' is not a rate limit: write {count}/{period}[,{burst}] such as 50/s,100 or 1/10s,5, or off"],
    ['INDEXER_RATE_LIMIT_API', '5/s,0', "INDEXER_RATE_LIMIT_API: '5/s,0' is not a rate limit: write {count}/{period}[,{burst}] such as 50/s,100 or 1/10s,5, or off"],
    ['ETHERSCAN_API_SEND_RAW', 'on', 'ETHERSCAN_API_SEND_RAW must be 1 (the Etherscan API\'s proxy module broadcasts signed transactions) or 0 (not), got "on"'],
    ['INDEXER_TRACE_INTERNAL', 'no', 'INDEXER_TRACE_INTERNAL must be 1 (trace internal transactions behind the sync) or 0 (do not), got no'],
    ['STO_PRICE_USD', '$1', 'STO_PRICE_USD must be a plain decimal such as 0.1 or 2.75, got $1'],
    ['STO_PRICE_BTC', '1e-5', 'STO_PRICE_BTC must be a plain decimal such as 0.1 or 2.75, got 1e-5'],
    ['INDEXER_MAX_STREAMS_PER_CLIENT', '0', 'INDEXER_MAX_STREAMS_PER_CLIENT must be a whole number of at least 1, got 0'],
    ['INDEXER_MAX_STREAMS', 'many', 'INDEXER_MAX_STREAMS must be a whole number of at least 1, got many'],
    ['INDEXER_METRICS_PORT', '-1', 'INDEXER_METRICS_PORT must be a port number (0-65535), got "-1"'],
    ['METRICS_TOKEN', 'tab\there', 'METRICS_TOKEN must be visible ASCII characters without spaces (it is sent in an HTTP header); the value set is not repeated here'],
    ['LOG_LEVEL', 'verbose', 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"'],
    ['LOG_FORMAT', 'text', 'LOG_FORMAT must be one of auto, json, pretty, got "text"'],
    ['SHUTDOWN_TIMEOUT_MS', '99', 'SHUTDOWN_TIMEOUT_MS must be a whole number from 100 to 600000, got "99"'],
    ['SHUTDOWN_TIMEOUT_MS', '10s', 'SHUTDOWN_TIMEOUT_MS must be a whole number from 100 to 600000, got "10s"'],
    ['PROGRESS', 'yes', 'PROGRESS must be 1 (draw the catch-up progress bar on standard error even when it is not a terminal) or 0 (not), got "yes"'],
  ])('%s=%s', (name, value, message) => {
    expect(problemsOf({ [name]: value })).toEqual([message]);
  });

  it('address sets name the variable, the item and the accepted forms', () => {
    for (const name of ['INDEXER_TRUST_PROXY', 'INDEXER_RATE_LIMIT_EXEMPT']) {
      const [problem, ...rest] = problemsOf({ [name]: 'loopback,not-an-address' });
      expect(rest).toEqual([]);
      expect(problem).toMatch(new RegExp(`^${name}: .*not-an-address.*\\(accepted: loopback, private, none, addresses and CIDR ranges, comma-separated\\)$`));
    }
  });

  it('lists every problem together, in the order of the variables', () => {
    expect(problemsOf({ INDEXER_PORT: 'abc', INDEXER_RATE_LIMIT: 'x', INDEXER_RATE_LIMIT_API: 'y', LOG_LEVEL: 'loud', SHUTDOWN_TIMEOUT_MS: '0' })).toEqual([
      'INDEXER_PORT must be a port number (0-65535), got "abc"',
      "INDEXER_RATE_LIMIT: 'x' is not a rate limit: write {count}/{period}[,{burst}] such as 50/s,100 or 1/10s,5, or off",
      "INDEXER_RATE_LIMIT_API: 'y' is not a rate limit: write {count}/{period}[,{burst}] such as 50/s,100 or 1/10s,5, or off",
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
      'SHUTDOWN_TIMEOUT_MS must be a whole number from 100 to 600000, got "0"',
    ]);
  });

  it('never repeats a secret in a message', () => {
    const text = problemsOf({ DATABASE_URL: 'mysql://u:hunter2@db/x', INDEXER_ADMIN_TOKEN: 'hunter2 x', METRICS_TOKEN: 'hunter2\n' }).join('\n');
    expect(text).not.toContain('hunter2');
  });
});
