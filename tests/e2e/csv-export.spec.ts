import { wcagScan } from './axe.ts';
import { expect } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { bannerSettled, indexerJson, scenario, test } from './fixtures.ts';
import { SCRIPT, IMG_ONERROR } from '../../devnet/payloads.ts';
import { formatUnits } from '../../common/units.ts';
import { parseCsv } from '../csv-read.ts';

// CSV export: a download from the address page equals the indexer's list row for row; a hostile token's
// transfers come out as inert CSV text; bad ranges get 400 with the form shown again. The cap is the run's
// CSV_EXPORT_MAX_ROWS (tests/e2e/global-setup.ts keeps it small so that a devnet address can exceed it).

const CAP = Number(process.env['CSV_EXPORT_MAX_ROWS'] ?? 100_000);

interface TxJson {
  hash: string;
  blockNumber: number;
  timestamp: number;
  from: string;
  to: string | null;
  value: string;
  fee: string | null;
  status: boolean;
}


/** Every row of an indexer list at or below a block (newest first), read 100 at a time. */
async function listUpTo<T extends { blockNumber: number }>(path: string, head: number): Promise<T[]> {
  const rows: T[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await indexerJson<T[]>(`${path}${path.endsWith('&') || path.endsWith('?') ? '' : '?'}limit=100&offset=${offset}`);
    rows.push(...page.filter((r) => r.blockNumber <= head));
    if (page.length < 100) return rows;
  }
}

/** An address with at most / more than `n` transactions (the indexer's counts). */
async function addressWith(candidates: string[], fits: (count: number) => boolean): Promise<string> {
  const counts: number[] = [];
  for (const a of candidates) {
    const summary = await indexerJson<{ transactionCount: number }>(`/address/${a}`);
    if (summary.transactionCount > 0 && fits(summary.transactionCount)) return a;
    counts.push(summary.transactionCount);
  }
  throw new Error(`no devnet address fits (transaction counts: ${counts.join(', ')})`);
}

test('an address\'s transactions download from its tab equals the indexer\'s list, row for row', async ({ page }) => {
  const s = scenario();
  const head = (await indexerJson<Array<{ number: number }>>('/blocks?limit=1'))[0]?.number ?? 0;
  const address = await addressWith([...s.holders, ...s.accounts], (n) => n <= CAP);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.1' });
  await page.goto(`/address/${address}`);
  await page.getByTestId('export-transactions').click();
  await expect(page.getByRole('heading', { name: 'Download Data (Transactions)' })).toBeVisible();
  await page.getByLabel('Block range').check();
  await page.getByLabel('Start block').fill('0');
  await page.getByLabel('End block').fill(String(head));
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`export-transactions-${address.toLowerCase()}-blocks-0-${head}.csv`);
  const rows = parseCsv(await readFile(await download.path(), 'utf8'));
  expect(rows[0]?.slice(0, 9)).toEqual(['Txhash', 'Blockno', 'UnixTimestamp', 'DateTime (UTC)', 'From', 'To', 'ContractAddress', 'Value_IN(STO)', 'Value_OUT(STO)']);
  const list = await listUpTo<TxJson>(`/address/${address}/transactions`, head);
  expect(list.length).toBeGreaterThan(1);
  const low = (v: string | null | undefined) => (v ? v.toLowerCase() : null);
  const self = address.toLowerCase();
  const sto = (wei: string, counts: boolean) => (counts ? formatUnits(BigInt(wei), 18) : '0');
  expect(rows.slice(1).map((r) => [r[0], Number(r[1]), Number(r[2]), low(r[4]), low(r[5]), r[7], r[8], r[10], r[13]])).toEqual(
    list.map((t) => [
      t.hash,
      t.blockNumber,
      t.timestamp,
      low(t.from),
      low(t.to),
      sto(t.value, low(t.to) === self),
      sto(t.value, low(t.from) === self),
      t.fee === null ? '' : formatUnits(BigInt(t.fee), 18),
      t.status ? '' : 'Error(0)',
    ]),
  );
});

test('a hostile token\'s transfers come out as inert CSV text', async ({ request }) => {
  const s = scenario();
  const hostile = s.hostile.erc20.find((t) => t.role === 'script');
  if (!hostile) throw new Error('no hostile token in this scenario');
  const head = (await indexerJson<Array<{ number: number }>>('/blocks?limit=1'))[0]?.number ?? 0;
  const res = await request.get(`/export/transfers?a=${hostile.address}&mode=block&startBlock=0&endBlock=${head}`, { headers: { 'x-forwarded-for': '198.51.100.2' } });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers()['content-disposition']).toMatch(/^attachment; filename="export-transfers-0x[0-9a-f]{40}-blocks-0-\d+\.csv"$/);
  const rows = parseCsv(await res.text());
  const list = await listUpTo<{ transactionHash: string; blockNumber: number }>(`/tokens/${hostile.address}/transfers`, head);
  expect(rows.length - 1).toBe(list.length);
  expect(list.length).toBeGreaterThan(0);
  for (const row of rows.slice(1)) {
    expect(row).toHaveLength(11);
    expect([row[9], row[10]]).toEqual([SCRIPT, IMG_ONERROR]);
    for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  }
  // The same transfers by date (hostile tokens do not move after the scenario): a range through the end of 2099.
  const byDate = await request.get(`/export/transfers?a=${hostile.address}&mode=date&fromDate=2000-01-01&toDate=2099-12-31`, { headers: { 'x-forwarded-for': '198.51.100.2' } });
  expect(parseCsv(await byDate.text())).toEqual(rows);
});

test('an address\'s ERC-20 and NFT transfer files hold the indexer\'s rows of each kind', async ({ request }) => {
  const address = (scenario().accounts[1] ?? '').toLowerCase();
  const head = (await indexerJson<Array<{ number: number }>>('/blocks?limit=1'))[0]?.number ?? 0;
  const headers = { 'x-forwarded-for': '198.51.100.5' };
  const query = `a=${address}&mode=block&startBlock=0&endBlock=${head}`;
  const erc20 = parseCsv(await (await request.get(`/export/token-transfers?${query}`, { headers })).text());
  const erc20List = await listUpTo<{ hash: string; blockNumber: number; tokenType: string }>(`/address/${address}/token-transfers?tokenType=ERC20&`, head);
  expect(erc20[0]).toEqual(['Txhash', 'Blockno', 'UnixTimestamp', 'DateTime (UTC)', 'From', 'To', 'TokenValue', 'USDValueDayOfTx', 'ContractAddress', 'TokenName', 'TokenSymbol']);
  expect(erc20.slice(1).map((r) => r[0])).toEqual(erc20List.map((t) => t.hash));
  const nft = parseCsv(await (await request.get(`/export/nft-transfers?${query}`, { headers })).text());
  const nftList = await listUpTo<{ transactionHash: string; blockNumber: number; tokenId: string }>(`/address/${address}/nft-transfers?`, head);
  expect(nft.slice(1).map((r) => [r[0], r[7]])).toEqual(nftList.map((t) => [t.transactionHash, t.tokenId]));
  expect(nftList.length).toBeGreaterThan(0);
});

const BAD: ReadonlyArray<readonly [string, (a: string) => string, string]> = [
  ['end before start', (a) => `a=${a}&mode=date&fromDate=2026-03-02&toDate=2026-03-01`, 'The end date is before the start date.'],
  ['a non-date', (a) => `a=${a}&mode=date&fromDate=yesterday&toDate=2026-03-01`, 'The start date must be a date (YYYY-MM-DD).'],
  ['a non-number', (a) => `a=${a}&mode=block&startBlock=1&endBlock=1e3`, 'The end block must be a block number (a whole number, 0 or more).'],
  ['end block before start', (a) => `a=${a}&mode=block&startBlock=9&endBlock=3`, 'The end block is before the start block.'],
  ['a malformed address', () => 'a=0x123&mode=block&startBlock=1&endBlock=3', 'The address must be 0x followed by 40 hexadecimal characters.'],
];

test('bad ranges get 400 with the message and the form as typed; a span beyond the cap too', async ({ page }) => {
  const s = scenario();
  const address = s.accounts[1] ?? '';
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.3' });
  for (const [, query, message] of BAD) {
    const res = await page.goto(`/export/transactions?${query(address)}`);
    expect(res?.status()).toBe(400);
    await expect(page.getByTestId('export-error')).toHaveText(message);
    const typed = new URLSearchParams(query(address));
    for (const name of ['fromDate', 'toDate', 'startBlock', 'endBlock']) await expect(page.locator(`input[name="${name}"]`)).toHaveAttribute('value', typed.get(name) ?? '');
  }
  // The form with its message has no serious accessibility findings (WCAG 2.1 AA, as the sweep of tests/e2e/a11y.spec.ts).
  await bannerSettled(page);
  const axe = await wcagScan(page).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  expect((await page.goto(`/export/no-such-list?a=${address}`))?.status()).toBe(404);
  const busy = await addressWith([...s.accounts, ...s.holders], (n) => n > CAP);
  const res = await page.goto(`/export/transactions?a=${busy}&mode=block&startBlock=0&endBlock=99999999`);
  expect(res?.status()).toBe(400);
  await expect(page.getByTestId('export-error')).toContainText(`more than ${CAP.toLocaleString('en-US')} rows`);
});

test('a token\'s holders download stops at the cap and says so', async ({ request }) => {
  const token = scenario().holderToken;
  const total = (await indexerJson<{ totalHolders: number }>(`/holders/token/${token.address}?limit=1`)).totalHolders;
  const res = await request.get(`/export/holders?a=${token.address}&mode=all`, { headers: { 'x-forwarded-for': '198.51.100.4' } });
  expect(res.status()).toBe(200);
  const capped = total > CAP;
  expect(res.headers()['content-disposition']).toBe(`attachment; filename="export-holders-${token.address.toLowerCase()}${capped ? `-first-${CAP}-rows` : ''}.csv"`);
  const rows = parseCsv(await res.text());
  expect(rows[0]).toEqual(['HolderAddress', 'Balance', 'PendingBalanceUpdate']);
  const holders = rows.slice(1).filter((r) => r.length === 3);
  expect(holders.length).toBe(Math.min(total, CAP));
  for (const r of holders) expect(r[0]).toMatch(/^0x[0-9a-f]{40}$/i);
  if (capped) expect(rows.at(-1)?.[0]).toContain(`Export stopped at ${CAP} rows`);
});

test('a client gets three downloads at once, then 429 with Retry-After', async ({ request }) => {
  const token = scenario().holderToken.address;
  const headers = { 'x-forwarded-for': '198.51.100.6' };
  for (let i = 0; i < 3; i++) expect((await request.get(`/export/holders?a=${token}&mode=all`, { headers })).status()).toBe(200);
  const refused = await request.get(`/export/holders?a=${token}&mode=all`, { headers });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);
  expect(await refused.text()).toContain('Too many exports');
});
