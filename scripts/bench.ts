// `npm run bench`: the indexer's sync and API figures, then the site's page figures. Builds the site first if needed.
import { runIndexerBench } from '../bench/indexer.ts';
import { runPageBench } from '../bench/pages.ts';
import { buildSite, siteIsBuilt } from './site.ts';

const only = process.argv[2];
if (!only || only === 'indexer') await runIndexerBench();
if (!only || only === 'pages') {
  if (!siteIsBuilt()) await buildSite();
  await runPageBench();
}
