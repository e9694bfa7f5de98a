// `npm run bench [indexer|verify|pages|web|lighthouse|load|stream]`: the indexer's sync and API figures, contract verification times, the
// site's page figures (requests/s), then what a visitor on a slow link sees (web; lighthouse only when named, as it needs npx lighthouse@13).
// `load` only when named (a 60 s check that fails the run): 200 concurrent clients on the site and the indexer API, 0 errors and
// resident memory within 20 % expected. `stream` only when named: 2,000 event streams on the indexer for 60 s while the
// devnet mines (bench/stream.ts). `stats` only when named: the daily series on a 1,000,000-transaction year, SQLite and
// PostgreSQL (bench/stats.ts). Builds the site first if needed.
import { runIndexerBench } from '../bench/indexer.ts';
import { runLighthouseBench } from '../bench/lighthouse.ts';
import { runLoadBench } from '../bench/load.ts';
import { runPageBench } from '../bench/pages.ts';
import { runStatsBench } from '../bench/stats.ts';
import { runStreamBench } from '../bench/stream.ts';
import { runVerifyBench } from '../bench/verify.ts';
import { runWebBench } from '../bench/web.ts';
import { buildSite, siteIsBuilt } from './site.ts';

// The servers the benches start in this process or as its children write their request lines at info, one JSON line per
// request: tens of thousands a second under load, which the figures would then measure as much as the servers. They log
// at warn here unless LOG_LEVEL says otherwise; `load` keeps the production processes' own level, as operators run them.
const only = process.argv[2];
if (only !== 'load') process.env['LOG_LEVEL'] ??= 'warn';
if (!only || only === 'indexer') await runIndexerBench();
if (!only || only === 'verify') await runVerifyBench();
if (!only || only === 'pages') {
  if (!siteIsBuilt()) await buildSite();
  await runPageBench();
}
if (!only || only === 'web') {
  if (!siteIsBuilt()) await buildSite();
  await runWebBench();
}
if (only === 'lighthouse') {
  if (!siteIsBuilt()) await buildSite();
  await runLighthouseBench();
}
if (only === 'stream') await runStreamBench();
if (only === 'stats') await runStatsBench();
if (only === 'load') {
  if (!siteIsBuilt()) await buildSite();
  await runLoadBench();
}
