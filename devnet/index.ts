import { startAnvil } from './anvil.ts';
import { startLiveActivity } from './live.ts';
import { runScenario, SCENARIO_FILE } from './scenario.ts';

/** CLI: `npx node devnet/index.ts` starts anvil (DEVNET_PORT, default a free port), writes the scenario, keeps producing blocks until Ctrl-C. */
async function main(): Promise<void> {
  const port = Number(process.env['DEVNET_PORT'] ?? 0);
  const scale = Number(process.env['DEVNET_SCALE'] ?? 1);
  const intervalMs = Number(process.env['DEVNET_INTERVAL_MS'] ?? 4_000);
  const log = (line: string): void => console.log(line);
  const anvil = await startAnvil({ port, silent: process.env['DEVNET_VERBOSE'] !== '1' });
  let live: { stop(): Promise<void> } | null = null;
  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    log(`devnet: ${signal}, stopping`);
    await live?.stop();
    await anvil.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  try {
    log(`devnet: anvil at ${anvil.url} (chain id ${anvil.chainId})`);
    const info = await runScenario(anvil.url, { scale, log });
    log(`devnet: scenario written to ${SCENARIO_FILE}`);
    live = startLiveActivity(anvil.url, info, { intervalMs, log });
    log(`devnet ready: ${anvil.url}`);
  } catch (err) {
    console.error(err);
    await anvil.stop();
    process.exit(1);
  }
}

await main();
