// `npm run bench [indexer|verify|pages]`: the indexer's sync and API figures, contract verification times, then the
// site's page figures. Builds the site first if needed.
import { runIndexerBench } from '../bench/indexer.ts';
import { runPageBench } from '../bench/pages.ts';
import { runVerifyBench } from '../bench/verify.ts';
import { buildSite, siteIsBuilt } from './site.ts';

const only = process.argv[2];
if (!only || only === 'indexer') await runIndexerBench();
if (!only || only === 'verify') await runVerifyBench();
if (!only || only === 'pages') {
  if (!siteIsBuilt()) await buildSite();
  await runPageBench();
}
