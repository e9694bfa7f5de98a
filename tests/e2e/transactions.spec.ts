import { expect, type Page } from '@playwright/test';
import { indexedTx, indexerJson, indexerUrl as indexerUrlOf, scenario, rpc, test, withoutStream } from './fixtures.ts';
import { styleDifferences } from './styles.ts';

// Transaction list (/transactions) and detail (/transactions/{hash}) against the run's devnet and indexer.

interface TxJson {
  hash: string;
  blockNumber: number;
  timestamp: number;
  from: string;
  to: string | null;
  contractAddress: string | null;
  value: string;
  gasLimit: string;
  gasUsed: string;
  gasPrice: string;
  nonce: number;
  status: boolean | null;
  data?: string;
  input?: string;
  tokenTransfers?: { symbol: string; name: string; tokenId: string | null; amount: string; tokenType: string | null }[];
}

interface ReceiptJson {
  gasUsed: string;
  effectiveGasPrice: string;
  logs: { address: string; topics: string[]; data: string; logIndex: number }[];
}

interface DecodedJson {
  decoded: { functionName: string; functionSignature: string; params: { name: string; type: string; value: unknown }[] } | null;
}

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const samples = () => scenario().samples;
const txUrl = (hash: string) => `/transactions/${hash}`;
const inputOf = (tx: TxJson) => tx.input ?? tx.data ?? '0x';
const grouped = (value: string | number | bigint) => BigInt(value).toLocaleString('en-US');
const txCount = async () => (await indexerJson<{ totalTransactions: number }>('/stats/transactions/count')).totalTransactions;


/** Absolute positions (newest first) of the given hashes in the indexer's list, scanning back from the oldest. */
async function positions(hashes: string[]): Promise<Map<string, number>> {
  const wanted = new Set(hashes.map((h) => h.toLowerCase()));
  const found = new Map<string, number>();
  const total = await txCount();
  for (let offset = Math.max(0, total - 100); found.size < wanted.size && offset + 100 > 0; offset -= 100) {
    const start = Math.max(0, offset);
    const page = await indexerJson<TxJson[]>(`/transactions?limit=100&offset=${start}`);
    page.forEach((tx, i) => { if (wanted.has(tx.hash.toLowerCase())) found.set(tx.hash.toLowerCase(), start + i); });
    if (start === 0) break;
  }
  return found;
}

const rowOf = (page: Page, hash: string) => page.locator(`[data-test="tx-row"][data-hash="${hash}" i]`);

test.describe('transaction list', () => {
  test('Total Transactions matches the indexer; 25 rows by default; page total = ceil(total / 25)', async ({ page }) => {
    const before = await txCount();
    const res = await page.goto('/transactions');
    const after = await txCount();
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
    const total = Number((await page.getByTestId('total-transactions').innerText()).replace(/,/g, ''));
    expect(total).toBeGreaterThanOrEqual(before);
    expect(total).toBeLessThanOrEqual(after);
    await expect(page.getByLabel('Show')).toHaveValue('25');
    await expect(page.getByTestId('tx-row')).toHaveCount(25);
    const pages = Number(/Page 1 of ([\d,]+)/.exec(await page.getByTestId('pagination').innerText())?.[1]?.replace(/,/g, ''));
    expect(pages).toBe(Math.ceil(total / 25));
    const nav = page.getByRole('navigation', { name: 'Transaction pages' });
    await expect(nav.getByText('Previous', { exact: true })).toHaveAttribute('aria-disabled', 'true');
    await expect(nav.getByText('First', { exact: true })).toHaveAttribute('aria-disabled', 'true');
    await expect(nav.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/transactions?page=2');
    await expect(nav.getByRole('link', { name: 'Last page' })).toHaveAttribute('href', `/transactions?page=${pages}`);
    // The newest rows are the indexer's newest (a new block may have landed in between).
    const newest = await indexerJson<TxJson[]>('/transactions?limit=40');
    const first = await page.getByTestId('tx-row').first().getAttribute('data-hash');
    expect(newest.map((t) => t.hash.toLowerCase())).toContain(first?.toLowerCase());
  });

  test('page sizes 10/25/50/100: changing the size resets to page 1; garbage falls back to defaults', async ({ page }) => {
    await page.goto('/transactions?page=3&size=25');
    await page.getByLabel('Show').selectOption('10');
    await expect(page).toHaveURL(/\/transactions\?size=10$/);
    await expect(page.getByTestId('tx-row')).toHaveCount(10);
    await expect(page.getByTestId('pagination')).toContainText('Page 1 of');
    for (const size of [50, 100]) {
      await page.goto(`/transactions?size=${size}`);
      await expect(page.getByTestId('tx-row')).toHaveCount(size);
      await expect(page.getByLabel('Show')).toHaveValue(String(size));
    }
    expect(await page.getByLabel('Show').locator('option').allInnerTexts()).toEqual(['10', '25', '50', '100']);
    const res = await page.goto('/transactions?size=7&page=abc');
    expect(res?.status()).toBe(200);
    await expect(page.getByTestId('tx-row')).toHaveCount(25);
    await expect(page.getByTestId('pagination')).toContainText('Page 1 of');
  });

  test('pagination: 5-button window with first/last; a page past the end shows the last page', async ({ page }) => {
    await page.goto('/transactions?size=10&page=5');
    const nav = page.getByRole('navigation', { name: 'Transaction pages' });
    await expect(nav.locator('[aria-current="page"]')).toHaveText('5');
    for (const n of [1, 3, 4, 6, 7]) await expect(nav.getByRole('link', { name: `Page ${n}`, exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Page 2', exact: true })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Page 8', exact: true })).toHaveCount(0);
    const pageFive = await page.getByTestId('tx-row').first().getAttribute('data-hash');
    await nav.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=6/);
    await expect(page.getByRole('navigation', { name: 'Transaction pages' }).locator('[aria-current="page"]')).toHaveText('6');
    expect(await page.getByTestId('tx-row').first().getAttribute('data-hash')).not.toBe(pageFive);
    await page.goto('/transactions?size=100&page=999999');
    const text = await page.getByTestId('pagination').innerText();
    const [, current, total] = /Page ([\d,]+) of ([\d,]+)/.exec(text) ?? [];
    expect(current).toBe(total);
    await expect(page.getByTestId('tx-row').first()).toBeVisible();
  });

  test('rows show the kind label and status badge of the scenario samples', async ({ page }) => {
    const s = samples();
    const erc20 = await indexerJson<TxJson>(`/transactions/${s.erc20Transfer}`);
    // List answers carry no token transfers: the list reads the called token and names it.
    const symbol = erc20.tokenTransfers?.[0]?.symbol;
    expect(symbol).toBeTruthy();
    const erc20Kind = `${symbol} Transfer`;
    const t = scenario().txTypes;
    // [hash, kind, status, type label]; null: not checked.
    const expected: [string, string | null, string | null, string | null][] = [
      [s.plainTransfer, 'STO Transfer', 'Success', null],
      [s.contractCreation, 'Contract Creation', 'Success', null],
      [s.erc20Transfer, erc20Kind, 'Success', null],
      [s.playgroundCall, 'Contract Interaction', 'Success', null],
      [s.zeroGasPrice, 'STO Transfer', 'Success', 'Legacy'],
      [s.reverted, 'Contract Interaction', 'Failed', null],
      [s.legacyTx, null, null, 'Legacy'],
      [s.accessListTx, null, null, 'EIP-2930'],
      [t.eip1559Tx, 'Contract Creation', 'Success', 'EIP-1559'],
      [t.blobTx, 'STO Transfer', 'Success', 'EIP-4844'],
      [t.setCodeTx, 'Contract Interaction', 'Success', 'EIP-7702'],
    ];
    await expect(async () => {
      const where = await positions(expected.map(([hash]) => hash));
      const pages = new Map<number, typeof expected>();
      for (const item of expected) {
        const at = where.get(item[0].toLowerCase());
        expect(at, `${item[0]} is listed by the indexer`).toBeDefined();
        const n = Math.floor((at ?? 0) / 100) + 1;
        pages.set(n, [...(pages.get(n) ?? []), item]);
      }
      for (const [n, items] of pages) {
        await page.goto(`/transactions?size=100&page=${n}`);
        for (const [hash, kind, status, type] of items) {
          const row = rowOf(page, hash);
          await expect(row, `row of ${hash} on page ${n}`).toHaveCount(1, { timeout: 1_000 });
          if (kind !== null) await expect(row.getByTestId('tx-kind')).toHaveText(kind);
          if (status !== null) await expect(row.getByTestId('status')).toHaveText(status);
          // The type label is text beside the kind badge, in the same cell.
          if (type !== null) await expect(row.getByTestId('tx-type')).toHaveText(`${kind ?? await row.getByTestId('tx-kind').innerText()} ${type}`);
        }
      }
    }).toPass({ timeout: 20_000 });
  });

  test('Priority System Gas Fees: tiers, and the Gas Optimization percent after \'...\'', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/_server-islands/**', async (route) => { await held; await route.continue(); });
    await page.goto('/transactions');
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Priority System Gas Fees' }) }).first();
    await expect(card.getByRole('heading', { name: 'Standard Transactions' })).toBeVisible();
    await expect(card.getByTestId('gas-tier-standard')).toContainText('Low Priority');
    await expect(card.getByRole('heading', { name: 'Priority Transactions' })).toBeVisible();
    await expect(card.getByTestId('gas-tier-priority')).toContainText('Medium/High');
    await expect(card.getByTestId('gas-tier-standard').getByTestId('gas-tier-price')).toHaveText(/^(—|[\d.,]+[KM]? Gwei)$/);
    const optimization = card.getByTestId('gas-optimization');
    await expect(optimization).toHaveText('...');
    release();
    await expect(optimization).toHaveText(/^\d+(\.\d)?%$/);
    await expect(card.getByTestId('gas-optimization-error')).toHaveCount(0);
    // The two tiers share out every row of the page.
    const counts = await Promise.all(['standard', 'priority'].map(async (tier) => Number(/^(\d+) of/.exec(await card.getByTestId(`gas-tier-${tier}`).locator('p').last().innerText())?.[1])));
    expect((counts[0] ?? 0) + (counts[1] ?? 0)).toBe(25);
  });

  test('page 1 announces new transactions after the 30 s poll; Refresh shows them and resets the counter', async ({ page }) => {
    const polls: string[] = [];
    page.on('request', (req) => { if (/\/transactions\?limit=100&offset=0$/.test(req.url())) polls.push(req.url()); });
    // Polling, as against an indexer without the event stream (with a stream the page does not poll).
    await withoutStream(page);
    await page.clock.install();
    await page.goto('/transactions');
    // The installed clock follows real time; freeze it (a little ahead, as reading it takes time on a loaded machine)
    // so only runFor moves the page's timers.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const banner = page.getByTestId('new-tx-banner');
    await expect(banner).toBeHidden();
    const shown = (await page.getByTestId('tx-row').first().getAttribute('data-hash'))?.toLowerCase();
    // Wait (on real time) until the devnet has produced transactions newer than the page's.
    await expect.poll(async () => (await indexerJson<TxJson[]>('/transactions?limit=1'))[0]?.hash.toLowerCase(), { timeout: 20_000 }).not.toBe(shown);
    // The interval started at load, at most a second or two before the pause: nothing by 28 s, one poll by 30 s.
    await page.clock.runFor(27_000);
    expect(polls).toHaveLength(0);
    // The page's script follows the count from the start; the banner's island waits for news (client:news).
    const island = page.locator('astro-island[component-url*="NewTxBanner"]');
    await expect(island).toHaveAttribute('ssr', '');
    await page.clock.runFor(2_000);
    await expect.poll(() => polls.length).toBe(1);
    // New transactions are news: the island hydrates and shows them.
    await expect(island).not.toHaveAttribute('ssr');
    await expect(banner).toBeVisible();
    const text = await banner.locator('p').innerText();
    const n = Number(/^(\d+) new transaction\(s\) detected$/.exec(text)?.[1]);
    expect(n).toBeGreaterThanOrEqual(1);
    const newest = await indexerJson<TxJson[]>('/transactions?limit=100');
    expect(n).toBeLessThanOrEqual(newest.findIndex((t) => t.hash.toLowerCase() === shown));
    await banner.getByRole('button', { name: 'Refresh' }).click();
    await expect(banner).toBeHidden();
    await expect.poll(async () => (await page.getByTestId('tx-row').first().getAttribute('data-hash'))?.toLowerCase()).not.toBe(shown);
    await expect(rowOf(page, shown ?? '')).toHaveCount(1);
    await expect(page.getByTestId('tx-row')).toHaveCount(25);
    // The fresh rows came with the fresh page's own CSS: the page still looks as it does with the whole stylesheet.
    expect((await styleDifferences(page)).differences).toEqual([]);

    await page.goto('/transactions?page=2');
    await expect(page.getByTestId('new-tx-banner')).toHaveCount(0);
  });
});

test.describe('transaction detail', () => {
  test('Internal Calls tab: a withdrawal shows the contract paying the caller; a plain transfer has none; works without JavaScript', async ({ page, browser }) => {
    const s = scenario();
    const from = s.accounts[9] ?? '';
    const send = async (tx: Record<string, string>): Promise<string> => {
      const hash = await rpc<string>('eth_sendTransaction', [{ from, to: s.playground.address, gasPrice: '0x0', gas: '0x30000', ...tx }]);
      await expect.poll(async () => (await rpc<{ status: string } | null>('eth_getTransactionReceipt', [hash]))?.status, { timeout: 20_000 }).toBe('0x1');
      return hash;
    };
    const oneSto = 10n ** 18n;
    await send({ data: '0xd0e30db0', value: `0x${oneSto.toString(16)}` }); // deposit() with 1 STO
    const withdrawal = await send({ data: `0x2e1a7d4d${oneSto.toString(16).padStart(64, '0')}` }); // withdraw(1 STO)
    // Wait (on real time) until the indexer has the transaction.
    await expect.poll(async () => (await fetch(`${indexerUrlOf()}/transactions/${withdrawal}`)).status, { timeout: 20_000 }).toBe(200);
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await plain.goto(`${txUrl(withdrawal)}?tab=internal`);
    const rows = plain.getByTestId('internal-call');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-type', 'CALL');
    await expect(rows.first()).toContainText('1.0000 STO');
    await expect(rows.first().getByRole('link').nth(1)).toHaveAttribute('href', new RegExp(`/address/${from}$`, 'i'));
    await noJs.close();
    await page.goto(`${txUrl(samples().erc20Transfer)}?tab=internal`);
    await expect(page.getByRole('navigation', { name: 'Transaction sections' }).getByRole('link', { name: 'Internal Calls' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('empty')).toHaveText('This transaction made no internal calls');
  });

  test('a call that creates a contract and calls another: both internal calls, then the created contract names its creator', async ({ page }) => {
    const { factory } = scenario();
    await page.goto(`${txUrl(factory.makeTx)}?tab=internal`);
    const rows = page.getByTestId('internal-call');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toHaveAttribute('data-type', 'CREATE');
    await expect(rows.nth(1)).toHaveAttribute('data-type', 'CALL');
    // The factory creates the child, then calls the Playground.
    await expect(rows.nth(0).locator(`a[href$="/address/${factory.child}" i]`)).toHaveCount(1);
    await expect(rows.nth(0)).toContainText('(created)');
    await expect(rows.nth(1).locator(`a[href$="/address/${factory.target}" i]`)).toHaveCount(1);
    // The trace gave the child its creator: the factory.
    await page.goto(`/address/${factory.child}`);
    await expect(page.getByTestId('creator').getByRole('link')).toHaveAttribute('href', new RegExp(`/address/${factory.address}$`, 'i'));
  });

  test('a failed transaction shows its revert reason; a successful one has none', async ({ page }) => {
    await page.goto(txUrl(samples().reverted));
    await expect(page.getByTestId('status')).toHaveText('Failed');
    await expect(page.getByTestId('revert-reason')).toContainText('Playground: this call always reverts');
    await page.goto(txUrl(samples().playgroundCall));
    await expect(page.getByTestId('status')).toHaveText('Success');
    await expect(page.getByTestId('revert-reason')).toHaveCount(0);
  });

  test('overview of an ERC-20 transfer matches the chain and the indexer', async ({ page }) => {
    const hash = samples().erc20Transfer;
    const [tx, receipt, chainTx] = await Promise.all([
      indexerJson<TxJson>(`/transactions/${hash}`),
      indexerJson<ReceiptJson>(`/transactions/${hash}/receipt`),
      rpc<{ gas: string; nonce: string; blockNumber: string; from: string; to: string; value: string }>('eth_getTransactionByHash', [hash]),
    ]);
    const chainReceipt = await rpc<{ gasUsed: string; effectiveGasPrice: string; status: string }>('eth_getTransactionReceipt', [hash]);
    await page.goto(txUrl(hash));
    await expect(page.getByRole('heading', { level: 1, name: 'Transaction Details' })).toBeVisible();
    await expect(page.getByTestId('tx-hash-full')).toHaveText(hash);
    await expect(page.getByRole('button', { name: 'Copy to clipboard' }).first()).toBeVisible();
    await expect(page.getByTestId('tx-summary-title')).toHaveText(`${tx.tokenTransfers?.[0]?.symbol} Transfer`);
    await expect(page.getByTestId('tx-summary-description')).not.toBeEmpty();
    await expect(page.getByTestId('status')).toHaveText(chainReceipt.status === '0x1' ? 'Success' : 'Failed');
    const block = page.getByTestId('block-number');
    await expect(block).toHaveText(`#${grouped(chainTx.blockNumber)}`);
    await expect(block).toHaveAttribute('href', `/blocks/${Number(chainTx.blockNumber)}`);
    const time = page.getByTestId('timestamp').locator('time');
    await expect(time).toHaveAttribute('datetime', new Date(tx.timestamp * 1000).toISOString());
    await expect(time).toContainText(/ UTC\)$/);
    await expect(page.getByTestId('from').getByTestId('address')).toHaveText(new RegExp(`^${chainTx.from}$`, 'i'));
    await expect(page.getByText('Interacted with:', { exact: true })).toBeVisible();
    await expect(page.getByTestId('to').getByTestId('address')).toHaveText(new RegExp(`^${chainTx.to}$`, 'i'));
    await expect(page.getByTestId('value')).toHaveText('0 STO');
    await expect(page.getByTestId('gas-limit')).toHaveText(grouped(chainTx.gas));
    await expect(page.getByTestId('gas-used')).toContainText(grouped(chainReceipt.gasUsed));
    expect(BigInt(receipt.gasUsed)).toBe(BigInt(chainReceipt.gasUsed));
    await expect(page.getByTestId('nonce')).toHaveText(grouped(chainTx.nonce));
    await expect(page.getByTestId('tx-gas-price')).toHaveText(`${Number(BigInt(chainReceipt.effectiveGasPrice)) / 1e9} Gwei`);
    const interaction = page.getByTestId('contract-interaction');
    await expect(interaction.getByRole('heading', { name: 'Contract Interaction' })).toBeVisible();
    await expect(interaction.getByTestId('interaction-function')).toHaveText('transfer');
    const transfers = page.getByTestId('token-transfer');
    await expect(transfers).toHaveCount(tx.tokenTransfers?.length ?? 0);
    await expect(transfers.first().getByTestId('transfer-label')).toHaveText('Primary Transfer');
    await expect(transfers.first().getByTestId('transfer-amount')).toHaveText(Number(tx.tokenTransfers?.[0]?.amount).toLocaleString('en-US'));
    await expect(transfers.first().getByTestId('transfer-token')).toHaveText(`${tx.tokenTransfers?.[0]?.name} (${tx.tokenTransfers?.[0]?.symbol})`);
    await expect(page.getByTestId('ai-optimized-note')).toHaveCount(0);
  });

  test('plain transfer, deployment, reverted call, zero gas price and a batch of transfers', async ({ page }) => {
    const s = samples();
    const plain = await indexerJson<TxJson>(`/transactions/${s.plainTransfer}`);
    await page.goto(txUrl(s.plainTransfer));
    await expect(page.getByTestId('tx-summary-title')).toHaveText('STO Transfer');
    await expect(page.getByText('To:', { exact: true })).toBeVisible();
    await expect(page.getByTestId('to').getByTestId('address')).toHaveText(new RegExp(`^${plain.to}$`, 'i'));
    const sto = Number(BigInt(plain.value) / 10n ** 12n) / 1e6;
    await expect(page.getByTestId('value')).toHaveText(`${sto.toLocaleString('en-US', { maximumFractionDigits: 12 })} STO`);
    await expect(page.getByTestId('contract-interaction')).toHaveCount(0);

    const creation = await indexerJson<TxJson>(`/transactions/${s.contractCreation}`);
    await page.goto(txUrl(s.contractCreation));
    await expect(page.getByTestId('tx-summary-title')).toHaveText('Contract Creation');
    await expect(page.getByTestId('to')).toContainText('[Contract Creation]');
    await expect(page.getByTestId('to').getByTestId('address')).toHaveAttribute('href', new RegExp(`^/address/${creation.contractAddress}$`, 'i'));

    await page.goto(txUrl(s.reverted));
    await expect(page.getByTestId('status')).toHaveText('Failed');

    await page.goto(txUrl(s.zeroGasPrice));
    const note = page.getByTestId('ai-optimized-note');
    await expect(note.getByRole('heading', { name: 'AI-Optimized Transaction' })).toBeVisible();
    await expect(page.getByTestId('tx-gas-price')).toHaveText('0 Gwei');

    const batch = await indexerJson<TxJson>(`/transactions/${s.erc1155Batch}`);
    await page.goto(txUrl(s.erc1155Batch));
    const labels = page.getByTestId('transfer-label');
    await expect(labels).toHaveText(['Primary Transfer', ...Array.from({ length: (batch.tokenTransfers?.length ?? 1) - 1 }, () => 'Secondary Transfer')]);
    const first = batch.tokenTransfers?.[0];
    await expect(page.getByTestId('transfer-amount').first()).toHaveText(`${first?.amount} × Token ID #${first?.tokenId}`);
  });

  test('tabs are links; logs show Log #, index, address, Event Signature and data', async ({ page }) => {
    const hash = samples().erc20Transfer;
    const receipt = await indexerJson<ReceiptJson>(`/transactions/${hash}/receipt`);
    await page.goto(txUrl(hash));
    const tabs = page.getByRole('navigation', { name: 'Transaction sections' });
    await expect(tabs.getByRole('link', { name: /^Logs/ })).toHaveAttribute('href', `${txUrl(hash)}?tab=logs`);
    await expect(tabs.getByRole('link', { name: 'Input Data' })).toHaveAttribute('href', `${txUrl(hash)}?tab=input`);
    await tabs.getByRole('link', { name: /^Logs/ }).click();
    await expect(page).toHaveURL(/\?tab=logs$/);
    const logs = page.getByTestId('log');
    await expect(logs).toHaveCount(receipt.logs.length);
    const log = logs.first();
    const first = receipt.logs[0];
    await expect(log.getByRole('heading', { name: 'Log #1' })).toBeVisible();
    await expect(log.getByTestId('log-index')).toHaveText(String(first?.logIndex));
    await expect(log.getByTestId('address')).toHaveText(new RegExp(`^${first?.address}$`, 'i'));
    await expect(log.getByTestId('log-topic').first()).toHaveText(`[0] Event Signature: ${TRANSFER_TOPIC}`);
    await expect(log.getByTestId('log-topic')).toHaveCount(first?.topics.length ?? 0);
    await expect(log.getByTestId('log-data')).toHaveText(first?.data ?? '');
    await tabs.getByRole('link', { name: 'Overview' }).click();
    await expect(page).toHaveURL(new RegExp(`${txUrl(hash)}$`));
    await expect(page.getByTestId('tx-summary')).toBeVisible();

    await page.goto(`${txUrl(samples().plainTransfer)}?tab=logs`);
    await expect(page.getByText('No logs found for this transaction')).toBeVisible();
  });

  test('input data: Hex / UTF-8 switch in place, copy button, byte count', async ({ page }) => {
    const hash = samples().dataTransfer;
    const tx = await indexerJson<TxJson>(`/transactions/${hash}`);
    const input = inputOf(tx);
    await page.goto(`${txUrl(hash)}?tab=input`);
    await expect(page.getByTestId('input-hex')).toHaveText(input);
    await expect(page.getByTestId('input-utf8')).toBeHidden();
    await expect(page.getByTestId('byte-count')).toHaveText(`${(input.length - 2) / 2} bytes`);
    await expect(page.getByTestId('input-data').getByRole('button', { name: 'Copy to clipboard' })).toBeVisible();
    // In place: the page is not loaded again (a flag set on this window survives both switches), only its address
    // follows. The fixture's goto() waited for the page's scripts: a click before them is the plain link, which
    // loads the other view from the server.
    const kept = async (): Promise<boolean | undefined> => page.evaluate(() => (window as unknown as { kept?: boolean }).kept);
    await page.evaluate(() => { (window as unknown as { kept: boolean }).kept = true; });
    await page.getByRole('link', { name: 'UTF-8' }).click();
    await expect(page.getByTestId('input-utf8')).toHaveText(Buffer.from(input.slice(2), 'hex').toString('utf8'));
    await expect(page.getByTestId('input-hex')).toBeHidden();
    await expect(page).toHaveURL(/tab=input&view=utf8/);
    await expect(page.getByRole('link', { name: 'UTF-8' })).toHaveAttribute('aria-current', 'true');
    expect(await kept()).toBe(true);
    await page.getByRole('link', { name: 'Hex' }).click();
    await expect(page.getByTestId('input-hex')).toBeVisible();
    await expect(page).toHaveURL(/tab=input$/);
    await expect(page.getByRole('link', { name: 'Hex' })).toHaveAttribute('aria-current', 'true');
    expect(await kept()).toBe(true);

    // A bare 4-byte selector (10 characters) shows no byte count.
    await page.goto(`${txUrl(samples().reverted)}?tab=input`);
    await expect(page.getByTestId('input-hex')).toBeVisible();
    await expect(page.getByTestId('byte-count')).toHaveCount(0);
  });

  test('decoded function call: name, signature, description and parameters with address links', async ({ page }) => {
    const hash = samples().erc20Transfer;
    const { decoded } = await indexerJson<DecodedJson>(`/transactions/${hash}/decoded`);
    expect(decoded).not.toBeNull();
    await page.goto(`${txUrl(hash)}?tab=input`);
    const panel = page.getByTestId('decoded-call');
    await expect(panel.getByRole('heading', { name: 'Decoded Function Call' })).toBeVisible();
    await expect(panel.getByTestId('function-name')).toHaveText(decoded?.functionName ?? '');
    await expect(panel.getByTestId('function-signature')).toHaveText(decoded?.functionSignature ?? '');
    await expect(panel.getByTestId('function-description')).not.toBeEmpty();
    const rows = panel.getByTestId('decoded-param');
    await expect(rows).toHaveCount(decoded?.params.length ?? 0);
    for (const [i, param] of (decoded?.params ?? []).entries()) {
      const row = rows.nth(i);
      await expect(row.getByRole('rowheader')).toHaveText(param.name);
      await expect(row.locator('td').first()).toHaveText(param.type);
      await expect(row.getByTestId('param-value')).toHaveText(String(param.value));
      if (param.type === 'address') await expect(row.getByRole('link')).toHaveAttribute('href', `/address/${String(param.value)}`);
      else await expect(row.getByRole('link')).toHaveCount(0);
    }
  });

  test('fallbacks: undecodable call, contract creation, no input', async ({ page }) => {
    const s = samples();
    const call = await indexerJson<TxJson>(`/transactions/${s.playgroundCall}`);
    await page.goto(`${txUrl(s.playgroundCall)}?tab=input`);
    const panel = page.getByTestId('decoded-call');
    await expect(panel.getByTestId('function-selector')).toHaveText(inputOf(call).slice(0, 10));
    await expect(panel.getByTestId('decode-fallback')).toContainText('function could not be decoded');
    await expect(panel.getByTestId('contract-link')).toHaveAttribute('href', new RegExp(`^/address/${call.to}$`, 'i'));

    const creation = await indexerJson<TxJson>(`/transactions/${s.contractCreation}`);
    await page.goto(`${txUrl(s.contractCreation)}?tab=input`);
    await expect(page.getByTestId('function-selector')).toHaveText(inputOf(creation).slice(0, 10));
    await expect(page.getByTestId('decode-fallback')).toHaveText('This is a contract creation transaction');

    await page.goto(`${txUrl(s.plainTransfer)}?tab=input`);
    await expect(page.getByText('No input data for this transaction')).toBeVisible();
    await expect(page.getByTestId('decoded-call')).toHaveCount(0);
  });

  test('local ERC-20 decoding when the indexer has none; hostile UTF-8 input stays text', async ({ page }) => {
    const sender = scenario().accounts[9] ?? '';
    const hostile = '<img src=x onerror="window.__pwned=1">';
    const send = (data: string) => rpc<string>('eth_sendTransaction', [{ from: sender, to: sender, data, value: '0x0' }]);
    const withdraw = await send(`0x94562944${'0'.repeat(63)}1`);
    const text = await send(`0x${Buffer.from(hostile).toString('hex')}ff${Buffer.from('end').toString('hex')}`);
    for (const hash of [withdraw, text]) {
      await indexedTx(hash);
    }
    expect((await indexerJson<DecodedJson>(`/transactions/${withdraw}/decoded`)).decoded).toBeNull();
    await page.goto(`${txUrl(withdraw)}?tab=input`);
    const panel = page.getByTestId('decoded-call');
    await expect(panel.getByTestId('function-name')).toHaveText('withdraw');
    await expect(panel.getByTestId('function-signature')).toHaveText('withdraw(...)');
    await expect(panel.getByTestId('function-description')).toHaveText('Withdraw funds from the contract');

    await page.goto(`${txUrl(text)}?tab=input&view=utf8`);
    await expect(page.getByTestId('input-utf8')).toHaveText(`${hostile}\uFFFDend`);
    await expect(page.getByTestId('input-utf8').locator('img')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  test('statuses: 404 not found, 400 malformed hash, redirect aliases', async ({ page, request }) => {
    const missing = `0x${'0'.repeat(63)}1`;
    const res = await page.goto(txUrl(missing));
    expect(res?.status()).toBe(404);
    await expect(page.getByTestId('error')).toContainText('Transaction not found');
    await expect(page.getByRole('link', { name: 'Back to Transactions' })).toHaveAttribute('href', '/transactions');
    for (const bad of ['0x1234', 'not-a-hash', `${missing}00`]) {
      const r = await page.goto(txUrl(bad));
      expect(r?.status(), bad).toBe(400);
      await expect(page.getByTestId('error')).toContainText('Invalid transaction hash');
    }
    const hash = samples().plainTransfer;
    for (const alias of ['tx', 'transaction']) {
      const r = await request.get(`/${alias}/${hash}`, { maxRedirects: 0 });
      expect([301, 308]).toContain(r.status());
      expect(r.headers()['location']).toBe(txUrl(hash));
    }
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the list renders rows, total, pagination links and the page-size form', async ({ page }) => {
    await page.goto('/transactions');
    await expect(page.getByTestId('tx-row')).toHaveCount(25);
    await expect(page.getByTestId('total-transactions')).toHaveText(/^[\d,]+$/);
    await expect(page.getByTestId('tx-kind').first()).not.toBeEmpty();
    await expect(page.getByTestId('new-tx-banner')).toBeHidden();
    await page.getByLabel('Show').selectOption('50');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/size=50/);
    await expect(page.getByTestId('tx-row')).toHaveCount(50);
    await page.getByRole('navigation', { name: 'Transaction pages' }).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId('tx-row')).toHaveCount(50);
  });

  test('typed transactions: EIP-7702 authorizations, the access list as a <details>, EIP-4844 blob fields', async ({ page }) => {
    const t = scenario().txTypes;
    const chainId = String(scenario().chainId);
    await page.goto(txUrl(t.setCodeTx));
    await expect(page.getByTestId('tx-type')).toHaveText('EIP-7702 (type 4)');
    const auths = page.getByTestId('authorization');
    await expect(auths).toHaveCount(2);
    const [applied, skipped] = [auths.nth(0), auths.nth(1)];
    await expect(applied.getByTestId('authority').getByRole('link')).toHaveAttribute('href', new RegExp(`/address/${t.authority}$`, 'i'));
    await expect(applied.getByTestId('delegate').getByRole('link')).toHaveAttribute('href', new RegExp(`/address/${t.delegate}$`, 'i'));
    await expect(applied.getByTestId('auth-chain-id')).toHaveText(chainId);
    await expect(applied.getByTestId('auth-nonce')).toHaveText('0');
    await expect(applied.getByTestId('auth-status')).toHaveText('Applied');
    await expect(skipped.getByTestId('authority').getByRole('link')).toHaveAttribute('href', new RegExp(`/address/${t.stranger}$`, 'i'));
    await expect(skipped.getByTestId('auth-nonce')).toHaveText(String(t.wrongNonce));
    await expect(skipped.getByTestId('auth-status')).toHaveText('Skipped');
    // The access list is closed until its summary is clicked: a <details>, no script needed.
    const access = page.getByTestId('access-list');
    await expect(access.getByTestId('access-list-count')).toHaveText('(2 addresses, 1 storage key)');
    await expect(access.getByTestId('storage-key')).toBeHidden();
    await access.locator('summary').click();
    await expect(access.getByTestId('storage-key')).toHaveText(`0x${'00'.repeat(32)}`);
    await expect(access.getByTestId('access-list-entry').first().getByRole('link')).toHaveAttribute('href', new RegExp(`/address/${t.authority}$`, 'i'));

    // A type-1 (EIP-2930) transaction's access list (the scenario's type-1 sample is a creation with an empty one).
    const [from, to] = [scenario().accounts[6] ?? '', scenario().accounts[5] ?? ''];
    const slot = `0x${'00'.repeat(31)}07`;
    const type1 = await rpc<string>('eth_sendTransaction', [{ from, to, value: '0x1', gasPrice: '0x77359400', accessList: [{ address: to, storageKeys: [slot] }] }]);
    await expect.poll(async () => (await indexerJson<{ type: number }>(`/transactions/${type1}`).catch(() => null))?.type ?? null, { timeout: 20_000 }).toBe(1);
    await page.goto(txUrl(type1));
    await expect(page.getByTestId('tx-type')).toHaveText('EIP-2930 (type 1)');
    const list1 = page.getByTestId('access-list');
    await expect(list1.getByTestId('access-list-count')).toHaveText('(1 address, 1 storage key)');
    await list1.locator('summary').click();
    await expect(list1.getByTestId('storage-key')).toHaveText(slot);
    await expect(list1.getByTestId('access-list-entry').getByRole('link')).toHaveAttribute('href', new RegExp(`/address/${to}$`, 'i'));

    await page.goto(txUrl(t.skippedSetCodeTx));
    await expect(page.getByTestId('authorization')).toHaveCount(1);
    await expect(page.getByTestId('auth-chain-id')).toHaveText(String(t.wrongChainId));
    await expect(page.getByTestId('auth-status')).toHaveText('Skipped');
    await expect(page.getByTestId('access-list')).toHaveCount(0);

    await page.goto(txUrl(t.blobTx));
    await expect(page.getByTestId('tx-type')).toHaveText('EIP-4844 (type 3)');
    await expect(page.getByTestId('blob-hashes')).toHaveText(/^0x01[0-9a-f]{62}$/);
    await expect(page.getByTestId('max-fee-per-blob-gas')).toHaveText('1 Gwei');
    await expect(page.getByTestId('blob-gas-used')).toHaveText('131,072');
    await expect(page.getByTestId('authorizations')).toHaveCount(0);
  });

  test('the detail overview, tabs and the Hex / UTF-8 links work', async ({ page }) => {
    const hash = samples().dataTransfer;
    const tx = await indexerJson<TxJson>(`/transactions/${hash}`);
    await page.goto(txUrl(hash));
    await expect(page.getByTestId('tx-hash-full')).toHaveText(hash);
    await expect(page.getByTestId('status')).toHaveText('Success');
    await expect(page.getByTestId('block-number')).toHaveText(`#${grouped(tx.blockNumber)}`);
    await expect(page.getByTestId('nonce')).toHaveText(grouped(tx.nonce));
    await expect(page.getByRole('button', { name: 'Copy to clipboard' })).toBeHidden();
    await page.getByRole('link', { name: 'Input Data' }).click();
    await expect(page.getByTestId('input-hex')).toHaveText(inputOf(tx));
    await page.getByRole('link', { name: 'UTF-8' }).click();
    await expect(page).toHaveURL(/tab=input&view=utf8/);
    await expect(page.getByTestId('input-utf8')).toHaveText(Buffer.from(inputOf(tx).slice(2), 'hex').toString('utf8'));
    await page.getByRole('link', { name: /^Logs/ }).click();
    await expect(page.getByText('No logs found for this transaction')).toBeVisible();
  });
});
