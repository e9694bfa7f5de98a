// CLI of the bundled indexer. Its settings come from the environment, parsed once before anything is opened
// (indexer/src/config/settings.ts: the README's configuration tables are written from it); a bad value refuses the
// start with exit code 1 and one line per problem. SIGTERM or SIGINT stops it gracefully (requests in flight finish
// within SHUTDOWN_TIMEOUT_MS, the sync batch ends, the PostgreSQL lock is released, exit 0); a second signal exits at once.
import { createLogger, type Logger } from '../common/log.ts';
import { reportProblems } from '../common/settings.ts';
import { exitOnSignals } from '../common/shutdown.ts';
import { indexerConfigFromProcess } from './src/config/settings.ts';
import { startIndexer } from './src/main.ts';

const config = indexerConfigFromProcess();
if ('problems' in config) {
  reportProblems('indexer', config.problems);
  process.exit(1);
}
const { options, settings } = config;
const logger: Logger = createLogger('indexer', { level: settings.LOG_LEVEL, format: settings.LOG_FORMAT });

const starting = startIndexer({ ...options, logger });
// The stop signals are taken during start-up too: a SIGTERM while the database opens stops it once it is open.
exitOnSignals({ stop: async () => (await starting).stop(), log: (level, message) => logger[level](`indexer: ${message}`) });
const indexer = await starting;
const backend = options.databaseUrl ? 'PostgreSQL' : 'SQLite';
logger.info(`indexer: serving ${indexer.url} (RPC ${options.rpcUrl}, ${backend}${options.role === 'api' ? ', API only' : ''}${options.rateLimit === false ? ', no rate limits' : ''})`);
// A parent that started this process with an IPC channel and INDEXER_PORT=0 (a test) learns the port the system gave
// it, as from the site server (announcedPort in scripts/site.ts): a port picked beforehand could be taken meanwhile.
process.send?.({ listening: Number(new URL(indexer.url).port) });
