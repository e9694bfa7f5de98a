import { expect } from '@playwright/test';
import { startSite, type RunningSite } from '../../scripts/site.ts';
import { MAIN_CLIENT_TIMEOUT_MS } from '../../src/lib/indexer-api/timeouts.ts';
import { startFaultProxy, type Fault, type FaultProxy } from './fault-proxy.ts';
import { indexerUrl, scenario, test } from './fixtures.ts';
import { GAS_TRACKER_FAILED } from '../../src/lib/gastracker/load.ts';

// The indexer failing: a second site, built like the first, reads the real indexer through a small proxy
// that stops it, holds its answers beyond every time-out, answers 500 or answers JSON that does not parse. Every page
// must answer within its time-out, with the spec's message and a 502/503/504 status (never a hung request,
// a stack trace or a 200 that a cache would keep), and the live parts must come back by themselves.
//
// "In time" is the site's own deadline (MAIN_CLIENT_TIMEOUT_MS, set in middleware from the request's arrival), not a
// race against the test's clock: the 'slow' proxy never answers until it is set back, so a 504 with the spec's
// message can only come from that deadline firing. The client's own time-out is only the guard against a hung
// request, wide enough that a loaded machine (two cores running twelve renders at once) cannot trip it.

/** What each fault answers as (the spec's status mapping, via src/lib/indexer-api/errors.ts failureStatus). */
const STATUS: Record<Exclude<Fault, 'pass'>, number> = { down: 503, slow: 504, error: 502, malformed: 502 };

/** The guard against a hung request: twice a page's longest wait for the indexer. A page that hangs
 *  fails here; one that answers is judged by its status and message, which only the site's deadline can give. */
const HUNG_AFTER_MS = 2 * MAIN_CLIENT_TIMEOUT_MS;

let proxy: FaultProxy;
let site: RunningSite;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  proxy = await startFaultProxy(indexerUrl());
  site = await startSite({ indexerUrl: proxy.url, quiet: true });
});

test.afterAll(async () => {
  await site.stop();
  await proxy.stop();
});

/** The pages of the check, with the message each shows; ids differ per fault, so no page kept in memory answers. */
function pages(round: number): Array<{ path: string; text: RegExp | string }> {
  const s = scenario();
  const block = s.busyBlock.number - 1 - round;
  const account = s.accounts[2 + round] ?? s.accounts[0];
  const tx = [s.samples.erc20Transfer, s.samples.plainTransfer, s.samples.contractCreation, s.samples.reverted][round] ?? s.samples.erc20Transfer;
  const nft = s.nfts[0]?.address ?? '';
  return [
    { path: '/', text: 'Latest Blocks' },
    { path: '/blocks', text: 'No blocks found.' },
    { path: `/blocks/${block}`, text: /Failed to load block details: \S/ },
    { path: '/transactions', text: 'Transactions' },
    { path: `/transactions/${tx}`, text: 'Failed to load transaction details. Please try again later.' },
    { path: `/address/${account}`, text: 'Failed to load address data. Please try again later.' },
    { path: '/tokens', text: 'Failed to fetch tokens. Please try again.' },
    { path: `/tokens/${s.holderToken.address}?tab=holders&r=${round}`, text: 'Failed to load token details. Please try again later.' },
    { path: `/nfts?r=${round}`, text: 'NFTs' },
    { path: `/nfts/${nft}/${2 + round}`, text: 'Failed to load NFT details. Please try again later.' },
    { path: `/search?q=Sto${round}`, text: 'Failed to perform search. Please try again.' },
    { path: `/gastracker?r=${round}`, text: GAS_TRACKER_FAILED },
  ];
}

const FAULTS: Array<Exclude<Fault, 'pass'>> = ['down', 'error', 'malformed', 'slow'];

for (const [round, fault] of FAULTS.entries()) {
  test(`indexer ${fault}: every page answers ${STATUS[fault]} in time with the spec's message`, async ({ request }) => {
    test.setTimeout(120_000);
    await proxy.set(fault);
    try {
      // All at once, as visitors would arrive: a slow indexer must not make one page wait for another.
      const answers = await Promise.all(
        pages(round).map(async ({ path, text }) => {
          const res = await request.get(`${site.url}${path}`, { timeout: HUNG_AFTER_MS, maxRedirects: 0 });
          return { path, text, status: res.status(), body: await res.text(), cache: res.headers()['cache-control'] ?? '' };
        }),
      );
      for (const { path, text, status, body, cache } of answers) {
        expect(status, `${path}`).toBe(STATUS[fault]);
        if (typeof text === 'string') expect(body, path).toContain(text);
        else expect(body, path).toMatch(text);
        // No cache may keep a failure, and no server detail reaches the visitor.
        expect(cache, path).not.toMatch(/max-age=[1-9]|s-maxage=[1-9]|immutable/);
        expect(body, path).not.toMatch(/\bat [\w.<>]+ \(|node:internal|ECONNREFUSED|SyntaxError|Unexpected end of JSON/);
      }
    } finally {
      await proxy.set('pass');
    }
  });
}

test('live parts show their failure and come back by themselves when the indexer returns', async ({ page }) => {
  test.setTimeout(120_000);
  const s = scenario();
  await page.clock.install();
  await proxy.set('down');
  try {
    // The home page rendered while the indexer is stopped: empty parts, then filled once it answers again.
    const home = await page.goto(`${site.url}/`);
    expect(home?.status()).toBe(503);
    await expect(page.getByTestId('home-block')).toHaveCount(0);
    // The search box has no failure state of its own (empty, loading, results, no results): a failed
    // search is no results.
    const form = page.getByTestId('search-form').first();
    const input = form.getByRole('combobox');
    await input.fill(s.holderToken.symbol);
    await page.clock.runFor(600);
    await expect(form.getByRole('listbox')).toHaveAttribute('data-state', 'none');
    await expect(form.getByRole('listbox')).toContainText('No results found');

    await proxy.set('pass');
    // The next health poll (10 s) finds the chain and loads what is missing.
    await page.clock.runFor(10_000);
    await expect(page.getByTestId('home-block').first()).toBeVisible();
    await input.fill('');
    await input.fill(s.holderToken.symbol);
    await page.clock.runFor(600);
    await expect(form.getByRole('listbox')).toHaveAttribute('data-state', 'results');
    await expect(form.getByRole('listbox')).toContainText(s.holderToken.symbol);
  } finally {
    await proxy.set('pass');
  }
});

test("the site's probes: /livez and /readyz answer 200 with the indexer down, and /readyz says it is unreachable", async ({ request }) => {
  await proxy.set('down');
  try {
    const live = await request.get(`${site.url}/livez`);
    expect(live.status()).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await request.get(`${site.url}/readyz`);
    expect(ready.status()).toBe(200);
    expect(ready.headers()['cache-control']).toBe('no-store');
    expect(await ready.json()).toMatchObject({ status: 'ready', checks: { indexer: { status: 'unreachable' } } });
  } finally {
    await proxy.set('pass');
  }
  const ready = (await (await request.get(`${site.url}/readyz`)).json()) as { checks: { indexer: { status: string; lastBlock: number } } };
  expect(ready.checks.indexer.status).toBe('ok');
  expect(ready.checks.indexer.lastBlock).toBeGreaterThan(0);
});
