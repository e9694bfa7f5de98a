import { expect } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { getAddress, Interface } from 'ethers';
import { formatUnits } from '../../common/units.ts';
import { formatTxValue } from '../../src/lib/format/index.ts';
import { parseCsv } from '../csv-read.ts';
import { indexerJson, rpc, scenario, test } from './fixtures.ts';

// Internal transactions by address: the Factory's make() (devnet/contracts/Factory.sol) creates a Child with
// 1 wei inside a transaction sent to the Factory, so the Child gets an internal transaction it is no party to. The
// indexer's trailing tracer finds it; the address page's tab lists it without JavaScript, and its CSV file equals the
// indexer's rows.

interface InternalJson {
  hash: string;
  parentFrom: string | null;
  parentTo: string | null;
  parentValue: string | null;
  blockNumber: number;
  timestamp: number;
  from: string;
  to: string | null;
  contractAddress: string | null;
  value: string;
  type: string;
  isError: boolean;
  error: string | null;
}

/** The indexer's internal transactions of an address, once its trailing tracer has passed the Factory's make(). */
async function tracedList(address: string): Promise<InternalJson[]> {
  const makeTx = scenario().factory.makeTx.toLowerCase();
  let rows: InternalJson[] = [];
  await expect
    .poll(async () => (rows = await indexerJson<InternalJson[]>(`/address/${address}/internal-transactions?limit=100`)).some((r) => r.hash.toLowerCase() === makeTx), { timeout: 20_000 })
    .toBe(true);
  return rows;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("the Child's tab lists its creation by the Factory, inside a transaction it is no party to", async ({ page }) => {
    const s = scenario();
    const rows = await tracedList(s.factory.child);
    expect(rows).toHaveLength(1);
    const r = rows[0] as InternalJson;
    expect(r).toMatchObject({ hash: s.factory.makeTx.toLowerCase(), from: getAddress(s.factory.address), to: null, contractAddress: getAddress(s.factory.child), value: '1', type: 'create', isError: false });
    const res = await page.goto(`/address/${s.factory.child}?tab=internal-transactions`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('link', { name: 'Internal Transactions' })).toHaveAttribute('aria-current', 'page');
    const row = page.getByTestId('internal-row');
    await expect(row).toHaveCount(1);
    await expect(row.locator(`a[href="/transactions/${r.hash}"]`)).toHaveCount(1);
    await expect(row.locator(`a[href="/blocks/${r.blockNumber}"]`)).toHaveText(`#${r.blockNumber.toLocaleString('en-US')}`);
    await expect(row.locator(`a[href="/address/${r.from}"]`)).toHaveCount(1);
    // The Child is the created contract, shown unlinked on its own page.
    await expect(row.getByTestId('address').last()).toHaveAttribute('title', r.contractAddress as string);
    await expect(row).toContainText('Contract Creation');
    await expect(row.getByTestId('internal-value')).toHaveText(`${formatTxValue(1n, 'list')} STO`);
    await expect(row.getByTestId('internal-type')).toHaveText('create');
    await expect(page.getByTestId('export-internal-transactions')).toHaveAttribute('href', `/export/internal-transactions?a=${getAddress(s.factory.child)}`);
  });

  test('an address without internal transactions has an empty state; a page past the end too, with Previous', async ({ page }) => {
    const s = scenario();
    // The Factory's list as the indexer has it now: another test of this file sends it a transaction of its own.
    const listed = (await tracedList(s.factory.address)).length;
    const last = Math.ceil(listed / 10);
    await page.goto('/address/0x00000000000000000000000000000000000e2e27?tab=internal-transactions');
    await expect(page.getByTestId('internal-transactions-tab')).toContainText('No internal transactions found for this address');
    await expect(page.getByTestId('internal-row')).toHaveCount(0);
    await expect(page.getByTestId('export-internal-transactions')).toHaveCount(0);
    await page.goto(`/address/${s.factory.address}?tab=internal-transactions&size=10&page=${last + 1}`);
    await expect(page.getByTestId('internal-transactions-tab')).toContainText('No internal transactions found for this address');
    await page.getByRole('link', { name: 'Previous' }).click();
    await expect(page).toHaveURL(/tab=internal-transactions/);
    await expect(page.getByTestId('internal-row')).toHaveCount(listed - (last - 1) * 10);
  });
});

test("the tab's CSV file equals the indexer's rows", async ({ page }) => {
  const s = scenario();
  const address = s.factory.address;
  const list = await tracedList(address);
  const head = (await indexerJson<Array<{ number: number }>>('/blocks?limit=1'))[0]?.number ?? 0;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.27' });
  await page.goto(`/address/${address}?tab=internal-transactions`);
  await page.getByTestId('export-internal-transactions').click();
  await expect(page.getByRole('heading', { name: 'Download Data (Internal Transactions)' })).toBeVisible();
  await page.getByLabel('Block range').check();
  await page.getByLabel('Start block').fill('0');
  await page.getByLabel('End block').fill(String(head));
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`export-internal-transactions-${address.toLowerCase()}-blocks-0-${head}.csv`);
  const rows = parseCsv(await readFile(await download.path(), 'utf8'));
  // Etherscan's internal transaction file; the current-value column names today's price (left out of the rows below).
  const header = rows[0] ?? [];
  expect(header[12]).toMatch(/^CurrentValue @ \$[0-9.]*\/STO$/);
  expect(header.filter((_, i) => i !== 12)).toEqual(['Txhash', 'Blockno', 'UnixTimestamp', 'DateTime (UTC)', 'ParentTxFrom', 'ParentTxTo', 'ParentTxSTO_Value', 'From', 'TxTo', 'ContractAddress', 'Value_IN(STO)', 'Value_OUT(STO)', 'Historical $Price/STO', 'Status', 'ErrCode', 'Type']);
  const self = address.toLowerCase();
  const low = (v: string | null) => (v ?? '').toLowerCase();
  const expected = list
    .filter((r) => r.blockNumber <= head)
    .map((r) => [
      r.hash,
      String(r.blockNumber),
      String(r.timestamp),
      new Date(r.timestamp * 1000).toISOString().slice(0, 19).replace('T', ' '),
      low(r.parentFrom),
      low(r.parentTo),
      formatUnits(BigInt(r.parentValue ?? '0'), 18),
      low(r.from),
      low(r.to),
      low(r.contractAddress),
      low(r.to ?? r.contractAddress) === self ? formatUnits(BigInt(r.value), 18) : '0',
      low(r.from) === self ? formatUnits(BigInt(r.value), 18) : '0',
      '',
      r.isError ? '1' : '0',
      r.error ?? '',
      r.type,
    ]);
  expect(expected.length).toBeGreaterThan(0);
  // The parent's sender is the Factory's caller, never the Factory itself.
  expect(expected.every((r) => r[4] !== '' && r[4] !== self)).toBe(true);
  const cells = rows.slice(1).map((r) => r.filter((_, i) => i !== 12).map((cell, i) => ([4, 5, 7, 8, 9].includes(i) ? cell.toLowerCase() : cell)));
  expect(cells).toEqual(expected);
});

test('a contract that funds a new contract while called by someone else: the new contract lists the value it got, and the page follows the indexer', async ({ page }) => {
  const s = scenario();
  const from = s.accounts[9] ?? '';
  const sto = 10n ** 18n;
  // make() gives the new Child half of what it is sent: 1.5 STO, inside a transaction sent to the Factory.
  const data = new Interface(['function make(address target, uint256 seed) payable returns (address)']).encodeFunctionData('make', [s.playground.address, 27n]);
  const hash = await rpc<string>('eth_sendTransaction', [{ from, to: s.factory.address, data, value: `0x${(3n * sto).toString(16)}`, gasPrice: '0x0', gas: '0x100000' }]);
  let receipt: { status: string; logs: { address: string; topics: string[] }[] } | null = null;
  await expect.poll(async () => (receipt = await rpc<typeof receipt>('eth_getTransactionReceipt', [hash]))?.status, { timeout: 20_000 }).toBe('0x1');
  // Made(child, target): the new Child's address.
  const made = (receipt as unknown as { logs: { address: string; topics: string[] }[] }).logs.find((l) => l.address.toLowerCase() === s.factory.address.toLowerCase());
  const child = getAddress(`0x${(made?.topics[1] ?? '').slice(26)}`);
  // The Child is no party to the transaction: it is listed once the trailing tracer has passed the block (above it,
  // only the Factory's own transactions are traced per request).
  let rows: InternalJson[] = [];
  await expect.poll(async () => (rows = await indexerJson<InternalJson[]>(`/address/${child}/internal-transactions`)).length, { timeout: 20_000 }).toBe(1);
  expect(rows[0]).toMatchObject({ hash, from: getAddress(s.factory.address), to: null, contractAddress: child, value: (sto + sto / 2n).toString(), type: 'create' });
  await page.goto(`/address/${child}?tab=internal-transactions`);
  const row = page.getByTestId('internal-row');
  await expect(row).toHaveCount(1);
  await expect(row.locator(`a[href="/transactions/${hash}"]`)).toHaveCount(1);
  await expect(row.getByTestId('internal-value')).toHaveText(`${formatTxValue(sto + sto / 2n, 'list')} STO`);
  await expect(row.getByTestId('internal-value')).toContainText('1.5');
  await expect(row.getByTestId('internal-type')).toHaveText('create');
});
