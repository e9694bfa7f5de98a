// npm run signatures:import FILE [-- --events]: imports a file of text signatures (one a line, as 4byte exports
// them) into the bundled indexer's signature database, on SQLite (DATA_DIR, default ./data) or PostgreSQL
// (DATABASE_URL). Lines are functions unless --events is given or a line starts with 'event'. Prints how many lines
// were accepted, rejected (with their line numbers) and already known; importing the same file again adds nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importSignatures } from './src/signatures/import.ts';
import { openDatabase, SqliteStore } from './src/store/sqlite.ts';
import { openPostgres } from './src/store/postgres.ts';
import type { Store } from './src/store/types.ts';
import { errorMessage } from '../common/errors.ts';
import { reportProblems } from '../common/settings.ts';
import { indexerConfigFromProcess } from './src/config/settings.ts';

const args = process.argv.slice(2);
const events = args.includes('--events');
const files = args.filter((a) => !a.startsWith('--'));
if (files.length !== 1) {
  console.error('Usage: npm run signatures:import FILE [-- --events]   (one text signature a line, e.g. transfer(address,uint256))');
  process.exit(2);
}
const file = files[0] as string;
let text: string;
try {
  text = readFileSync(file, 'utf8');
} catch (err) {
  console.error(`Cannot read ${file}: ${errorMessage(err)}`);
  process.exit(2);
}

// The database as the indexer's settings name it (DATABASE_URL, DATA_DIR), checked as the indexer checks them.
const config = indexerConfigFromProcess();
if ('problems' in config) {
  reportProblems('signatures:import', config.problems);
  process.exit(2);
}
const { DATABASE_URL: databaseUrl, DATA_DIR: dataDir } = config.settings;
const store: Store = databaseUrl
  ? await openPostgres(databaseUrl, { max: 2 })
  : (() => {
      const dbFile = join(dataDir, 'indexer.sqlite');
      return new SqliteStore(openDatabase(dbFile));
    })();
try {
  const report = await importSignatures(store, text, events ? 'event' : 'function');
  console.log(`accepted ${report.accepted}, rejected ${report.rejected.length}, duplicates ${report.duplicates}`);
  for (const r of report.rejected.slice(0, 20)) console.log(`  line ${r.line} rejected: ${JSON.stringify(r.text)}`);
  if (report.rejected.length > 20) console.log(`  … and ${report.rejected.length - 20} more rejected lines`);
} finally {
  await store.close();
}
