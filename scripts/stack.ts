import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSite } from './site.ts';

export interface StackOptions {
  /** Use this indexer and start only the site. */
  indexerUrl?: string;
  /** Index this chain instead of starting the devnet. */
  rpcUrl?: string;
  /** Where the indexer keeps its database; a fresh temporary folder when absent. */
  dataDir?: string;
  sitePort?: number;
  indexerPort?: number;
  devnetPort?: number;
  host?: string;
  /** Keep the devnet producing blocks after the scenario (default true). */
  live?: boolean;
  liveIntervalMs?: number;
  log?: (line: string) => void;
}

export interface Stack {
  siteUrl: string;
  indexerUrl: string;
  rpcUrl: string | null;
  /** What the devnet scenario deployed and did, when the devnet was started. */
  scenario: unknown;
  stop(): Promise<void>;
}

/** Starts whatever is not configured: devnet (unless rpcUrl or indexerUrl), indexer (unless indexerUrl), then the site. */
export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((e: unknown) => log(`stop failed: ${String(e)}`));
  };
  try {
    let rpcUrl: string | null = opts.rpcUrl ?? null;
    let indexerUrl = opts.indexerUrl;
    let scenario: unknown = null;

    if (!indexerUrl && !rpcUrl) {
      const { startAnvil } = await import('../devnet/anvil.ts');
      const { runScenario } = await import('../devnet/scenario.ts');
      const { startLiveActivity } = await import('../devnet/live.ts');
      const anvil = await startAnvil({ ...(opts.devnetPort ? { port: opts.devnetPort } : {}), ...(opts.host ? { host: opts.host } : {}), silent: true });
      stops.push(() => anvil.stop());
      rpcUrl = anvil.url;
      log(`devnet: anvil at ${anvil.url}, writing the scenario…`);
      const info = await runScenario(anvil.url, { log });
      scenario = info;
      if (opts.live !== false) {
        const live = startLiveActivity(anvil.url, info, opts.liveIntervalMs ? { intervalMs: opts.liveIntervalMs } : {});
        stops.push(() => live.stop());
      }
    }

    if (!indexerUrl) {
      if (!rpcUrl) throw new Error('no chain to index');
      const { startIndexer } = await import('../indexer/src/main.ts');
      const { rateLimitFromEnv } = await import('../indexer/src/http/rate-limit-config.ts');
      const { stoPriceFromEnv } = await import('../indexer/src/api/etherscan/stats.ts');
      const { traceInternalFromEnv } = await import('../indexer/src/sync/tracer.ts');
      const { streamLimitsFromEnv } = await import('../indexer/src/api/stream/limits.ts');
      let dataDir = opts.dataDir;
      if (!dataDir) {
        dataDir = mkdtempSync(join(tmpdir(), 'sto-indexer-'));
        const dir = dataDir;
        stops.push(() => Promise.try(() => rmSync(dir, { recursive: true, force: true })));
      }
      const indexer = await startIndexer({
        rpcUrl,
        dataDir,
        // PostgreSQL instead of the SQLite file in dataDir (a devnet's new chain replaces what the database held).
        ...(process.env['DATABASE_URL'] ? { databaseUrl: process.env['DATABASE_URL'] } : {}),
        // The gateway of ipfs:// metadata, as the README's configuration table says (the site reads it for images).
        ...(process.env['IPFS_GATEWAY'] ? { ipfsGateway: process.env['IPFS_GATEWAY'] } : {}),
        port: opts.indexerPort ?? 0,
        ...(opts.host ? { host: opts.host } : {}),
        log,
        // The admin routes' shared secret: the site started below reads the same variable.
        ...(process.env['INDEXER_ADMIN_TOKEN'] ? { adminToken: process.env['INDEXER_ADMIN_TOKEN'] } : {}),
        // Rate limits as the CLI reads them (INDEXER_RATE_LIMIT…); loopback, where the tests and a local site run, is exempt.
        rateLimit: rateLimitFromEnv(process.env),
        // The devnet's NFTs carry data: URIs, so its metadata needs no network and the guard stays on; a local
        // chain whose token URIs point at a server on this machine needs METADATA_ALLOW_PRIVATE=1.
        metadataAllowPrivate: process.env['METADATA_ALLOW_PRIVATE'] === '1',
        // The Etherscan API's proxy forwards eth_sendRawTransaction only when asked (ETHERSCAN_API_SEND_RAW=1).
        etherscanSendRaw: process.env['ETHERSCAN_API_SEND_RAW'] === '1',
        // What its stats/ethprice answers (STO_PRICE_USD, STO_PRICE_BTC), checked as the CLI checks them.
        stoPrice: stoPriceFromEnv(process.env),
        // The trailing tracer of internal transactions, unless INDEXER_TRACE_INTERNAL=0.
        traceInternal: traceInternalFromEnv(process.env),
        // The live stream's limits (INDEXER_MAX_STREAMS_PER_CLIENT, INDEXER_MAX_STREAMS), checked as the CLI checks them.
        streams: streamLimitsFromEnv(process.env),
        // The verifier may download compilers that are not bundled unless SOLC_DOWNLOAD=0 (the tests set it).
        verify: { download: process.env['SOLC_DOWNLOAD'] !== '0', ...(process.env['SOLC_LIST_URL'] ? { listUrl: process.env['SOLC_LIST_URL'] } : {}) },
      });
      stops.push(() => indexer.stop());
      log(`indexer: ${indexer.url}, catching up…`);
      await indexer.caughtUp();
      indexerUrl = indexer.url;
    }
    const siteIndexer: string = indexerUrl;

    const site = await startSite({ indexerUrl: siteIndexer, ...(opts.sitePort ? { port: opts.sitePort } : {}), ...(opts.host ? { host: opts.host } : {}), quiet: true });
    stops.push(() => site.stop());
    return { siteUrl: site.url, indexerUrl: siteIndexer, rpcUrl, scenario, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
