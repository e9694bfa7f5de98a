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
      const { indexerConfigFromProcess } = await import('../indexer/src/config/settings.ts');
      // The environment as the CLI parses it (indexer/src/config/settings.ts), read now: `npm start` and the end-to-end
      // set-up hand on what they made up for the run (the admin token) in the environment before this.
      const config = indexerConfigFromProcess();
      if ('problems' in config) throw new Error(`the indexer's configuration: ${config.problems.join('; ')}`);
      let dataDir = opts.dataDir;
      if (!dataDir) {
        dataDir = mkdtempSync(join(tmpdir(), 'sto-indexer-'));
        const dir = dataDir;
        stops.push(() => Promise.try(() => rmSync(dir, { recursive: true, force: true })));
      }
      const indexer = await startIndexer({
        ...config.options,
        rpcUrl,
        dataDir,
        // This stack's indexer always syncs the chain it started or was given (INDEXER_ROLE is for deployments).
        role: 'all',
        port: opts.indexerPort ?? 0,
        host: opts.host ?? '127.0.0.1',
        log,
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
