import { expect } from '@playwright/test';
import { startSite, type RunningSite } from '../../scripts/site.ts';
import { GAS_TRACKER_UNAVAILABLE } from '../../src/lib/gastracker/load.ts';
import { fixtureJson } from '../upstream-fixtures.ts';
import { test } from './fixtures.ts';
import { startUpstreamServer, type UpstreamServer } from './upstream-server.ts';

// The chain operator's own indexer: a second site, built like the first, reads a server that answers with
// that indexer's recorded responses (shared/fixtures/upstream-indexer; 404 for what was not recorded, as that indexer
// answers). Every read route must answer without a 5xx, and what that indexer does not send (token names on a
// transaction, an address's transaction count, the block reward, the NFT list's token calls) must still be shown.

const P = fixtureJson('_params.json') as Record<string, string>;
/** The recorded ERC-1155 collection (INDEX.md: nfts_0xB7f8BC63*). */
const MULTI = '0xB7f8BC63BbcaD18155201308C8f3540b07f84F5e';
const ADDRESSES = ['A0', 'A1', 'A2', 'A3', 'SEED', 'TUSD', 'SNFT'].map((k) => P[k] as string);
const TXS = ['ethTx', 'seedTx', 'tusdTx', 'seedDeployTx', 'nftMintTx', 'nftXferTx', 'revTx'].map((k) => P[k] as string);

/** Every read route, with each id the recording knows (and some it does not). */
function readRoutes(): string[] {
  return [
    '/',
    '/blocks',
    '/blocks?page=2&size=10',
    '/blocks/4',
    '/blocks/7',
    '/blocks/34',
    '/blocks/0',
    '/blocks/99999999',
    `/blocks/${P['ethBlockHash']}`,
    '/transactions',
    '/transactions?page=3',
    ...TXS.flatMap((tx) => [`/transactions/${tx}`, `/transactions/${tx}?tab=logs`, `/transactions/${tx}?tab=input`]),
    ...ADDRESSES.flatMap((a) => ['', '?tab=internal-transactions', '?tab=token-transfers', '?tab=nfts', '?tab=contract', '?tab=holders', '?page=2'].map((q) => `/address/${a}${q}`)),
    `/address/${MULTI}`,
    '/tokens',
    '/tokens?type=ERC20',
    '/tokens?type=ERC721',
    '/tokens?type=ERC1155',
    ...[P['SEED'], P['TUSD'], P['SNFT'], MULTI, '0x0000000000000000000000000000000000000000'].flatMap((t) =>
      ['', '?tab=transfers', '?tab=holders', '?tab=info'].map((q) => `/tokens/${t}${q}`),
    ),
    '/nfts',
    '/nfts?sort=new',
    `/nfts/${P['SNFT']}`,
    `/nfts/${MULTI}`,
    `/nfts/${MULTI}/1`,
    `/nfts/${MULTI}/1?tab=properties`,
    `/nfts/${MULTI}/1?tab=history`,
    `/nfts/${MULTI}/4`,
    `/nfts/${P['SNFT']}/1`,
    `/contracts/${P['SEED']}`,
    `/contracts/${P['TUSD']}`,
    `/contracts/${P['A0']}`,
    '/search?q=4',
    `/search?q=${P['A0']}`,
    `/search?q=${P['ethTx']}`,
    `/search?q=${P['ethBlockHash']}`,
    '/search?q=SEED',
    '/search?q=Seed%20Token',
    '/search?q=',
    '/ai-dashboard',
    '/ai-test',
    '/verify-contract',
    '/privacy-policy',
    '/cookie-policy',
    '/terms-of-service',
  ];
}

let upstream: UpstreamServer;
let site: RunningSite;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  upstream = await startUpstreamServer();
  site = await startSite({ indexerUrl: upstream.url, quiet: true });
});

test.afterAll(async () => {
  await site.stop();
  await upstream.stop();
});

test('every read route answers without a 5xx against the recorded responses', async ({ request }) => {
  test.setTimeout(180_000);
  const answers: Array<{ path: string; status: number; body: string }> = [];
  for (const path of readRoutes()) {
    const res = await request.get(`${site.url}${path}`, { maxRedirects: 0 });
    answers.push({ path, status: res.status(), body: await res.text() });
  }
  const failed = answers.filter((a) => a.status >= 500).map((a) => `${a.status} ${a.path}`);
  expect(failed, 'routes answering 5xx').toEqual([]);
  for (const { path, status, body } of answers) {
    expect(body, path).not.toMatch(/\bat \S+ \(\S+:\d+:\d+\)|node:internal|Unexpected Application Error/);
    if (status === 200) expect(body, path).toContain('</html>');
  }
  // The recorded ids are found: the pages of recorded blocks, transactions, tokens and collections are 200s.
  const status = new Map(answers.map((a) => [a.path, a.status]));
  for (const path of ['/', '/blocks', '/blocks/4', '/blocks/7', '/transactions', `/transactions/${P['seedTx']}`, `/address/${P['A0']}`, `/tokens/${P['SEED']}`, '/nfts', `/nfts/${MULTI}/1`]) {
    expect(status.get(path), path).toBe(200);
  }
  // What the recording answers 404 for is the spec's not-found page, not a failure.
  expect(status.get('/blocks/99999999')).toBe(404);
  expect(status.get(`/nfts/${MULTI}/4`)).toBe(404);
  expect(status.get('/search?q=4')).toBe(302);
  // The site only asked for what the recording has or what that indexer answers 404 (no route of ours alone
  // turned into a failure): every answer the server gave was one of the recorded statuses or its 404.
  expect(upstream.requests.filter((r) => r.status >= 500 && r.file === null)).toEqual([]);
});

test("a transaction's ERC-20 transfer is named from the indexer's token record, not 'Unknown Token (TOKEN)'", async ({ page }) => {
  await page.goto(`${site.url}/transactions/${P['seedTx']}`);
  const transfers = page.getByTestId('token-transfers');
  await expect(transfers).toContainText('Seed Token (SEED)');
  await expect(transfers).toContainText('1,000');
  await expect(page.locator('body')).not.toContainText('Unknown Token');
});

test('the Internal Transactions tab says that indexer has no such list, and its export is refused with a message', async ({ page }) => {
  const res = await page.goto(`${site.url}/address/${P['A0']}?tab=internal-transactions`);
  expect(res?.status()).toBe(200);
  const tab = page.getByTestId('internal-transactions-tab');
  await expect(tab).toContainText("Internal transactions are not available from this explorer's indexer.");
  await expect(tab.getByTestId('export-internal-transactions')).toHaveCount(0);
  const file = await page.goto(`${site.url}/export/internal-transactions?a=${P['A0']}&mode=block&startBlock=0&endBlock=100`);
  expect(file?.status()).toBe(404);
  await expect(page.getByTestId('export-error')).toHaveText('This list cannot be exported from this indexer.');
});

test('the Approvals tab and /approvals say that indexer has no such list', async ({ page }) => {
  for (const path of [`/address/${P['A0']}?tab=approvals`, `/approvals?address=${P['A0']}`]) {
    await page.goto(`${site.url}${path}`);
    await expect(page.getByTestId('approvals'), path).toContainText("Token approvals are not available from this explorer's indexer.");
    await expect(page.getByTestId('approval-row')).toHaveCount(0);
  }
});

test("the address page counts the address's transactions when the indexer gives no count", async ({ page }) => {
  await page.goto(`${site.url}/address/${P['A0']}`);
  // address_0xf39Fd6e5_transactions.json holds 10 transactions, fewer than the 100 the page asks for: that is the count.
  await expect(page.getByTestId('tx-count')).toContainText('10');
  await expect(page.getByTestId('tx-count')).not.toContainText('—');
});

test('the block reward and each gas used come from the receipts', async ({ page }) => {
  await page.goto(`${site.url}/blocks/7`);
  // gas used 0x0a48ff × price paid 0x56631513 = 976,918,693,474,645 wei (no base fee reported by that indexer).
  await expect(page.getByTestId('block-reward')).toHaveText('0.000976 STO');
  await expect(page.getByTestId('tx-gas-used')).toHaveText(['674,047']);
  await page.goto(`${site.url}/blocks/34`);
  await expect(page.getByTestId('block-reward')).toHaveText('0 STO');
});

test('the NFT list shows the recorded collections and no 502', async ({ page }) => {
  const res = await page.goto(`${site.url}/nfts`);
  expect(res?.status()).toBe(200);
  await expect(page.locator('main')).toContainText('Seed NFT');
});

test.describe("charts on the chain operator's indexer, which keeps no daily series", () => {
  test('every chart page and card says the statistics are not available there, and answers 200', async ({ page }) => {
    for (const path of ['/charts', '/charts/transactions', '/charts/fees?range=1M', `/tokens/${P['SEED']}/charts/holders`]) {
      const res = await page.goto(`${site.url}${path}`);
      expect(res?.status(), path).toBe(200);
      await expect(page.getByTestId('stats-unavailable').first(), path).toHaveText('Statistics are not available on this indexer: it keeps no daily series.');
      await expect(page.getByTestId('series-table'), path).toHaveCount(0);
    }
    await page.goto(`${site.url}/charts`);
    // The page's notice, then one on each of the 15 cards.
    await expect(page.getByTestId('series-card').getByTestId('stats-unavailable')).toHaveCount(15);
    await page.goto(`${site.url}/tokens/${P['SEED']}`);
    await expect(page.getByTestId('token-series-cards').getByTestId('stats-unavailable')).toHaveCount(2);
    await expect(page.getByTestId('price-chart')).toBeVisible();
    // Bad input is still the visitor's: an unknown series 404, a bad range 400.
    expect((await page.goto(`${site.url}/charts/no-such-series`))?.status()).toBe(404);
    expect((await page.goto(`${site.url}/charts/blocks?range=5Y`))?.status()).toBe(400);
    const csv = await page.request.get(`${site.url}/charts/blocks/csv`);
    expect(csv.status()).toBe(404);
    expect(await csv.text()).toContain('Statistics are not available on this indexer');
  });
});

test.describe('gas tracker', () => {
  test('/gastracker says the gas tracker is not available from that indexer (no /stats/gas), with a 200', async ({ page }) => {
    const res = await page.goto(`${site.url}/gastracker`);
    expect(res?.status()).toBe(200);
    await expect(page.getByTestId('gas-tracker-unavailable')).toHaveText(GAS_TRACKER_UNAVAILABLE);
    await expect(page.getByTestId('gas-level')).toHaveCount(0);
    // The header's gas price still links here.
    await expect(page.getByTestId('gas-tracker-link')).toHaveAttribute('href', '/gastracker');
  });
});
