import { startAnvil } from './anvil.ts';
import { startLiveActivity } from './live.ts';
import { runScenario, SCENARIO_FILE } from './scenario.ts';
import { reportProblems } from '../common/settings.ts';
import { devnetSettingsFromProcess } from './settings.ts';

/**
 * CLI: `npx node devnet/index.ts` starts anvil (DEVNET_PORT, default a free port), writes the scenario, keeps producing
 * blocks until Ctrl-C. Its settings (devnet/settings.ts) are parsed first; a bad value stops it with exit code 1.
 */
async function main(): Promise<void> {
  const parsed = devnetSettingsFromProcess();
  if (!parsed.ok) {
    reportProblems('devnet', parsed.problems);
    process.exit(1);
  }
  const { DEVNET_PORT: port = 0, DEVNET_SCALE: scale, DEVNET_INTERVAL_MS: intervalMs, DEVNET_VERBOSE: verbose } = parsed.settings;
  const log = (line: string): void => console.log(line);
  const anvil = await startAnvil({ port, silent: !verbose });
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
