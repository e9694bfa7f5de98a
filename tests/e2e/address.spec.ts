import { expect, type Locator, type Page } from '@playwright/test';
import { indexerJson, scenario, scriptsReady, test } from './fixtures.ts';

// The address page against the run's devnet. Live activity keeps adding transactions, so counts are compared with
// the indexer before and after the page load, and paging with the indexer's list fetched right after.

interface Summary {
  transactionCount: number;
  balance: string;
  nftCount: number;
  tokenCount: number;
}
interface IndexerTx {
  hash: string;
  blockNumber: number;
  from: string;
  to: string | null;
  value: string;
  /** The called function's name from the signature database. */
  method?: string | null;
}
interface Holdings {
  tokens: { contractAddress: string; symbol: string; name: string; rawBalance: string; decimals: number }[];
}

/** A never-seen address: zero balance, empty lists. */
const FRESH = '0x00000000000000000000000000000000000a11ce';

const lower = (a: string) => a.toLowerCase();
const wallet = () => scenario().accounts[1] as string;

/** Collects every dialog the page opens (a hostile name that ran as script would open one). */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

/** Whole-unit value of a raw amount, as a float (good enough to compare orders). */
const units = (raw: string, decimals: number) => Number(BigInt(raw)) / 10 ** decimals;

async function texts(locator: Locator): Promise<string[]> {
  return (await locator.allTextContents()).map((t) => t.trim());
}

test.describe('address page: wallet', () => {
  test('header, overview and transactions table', async ({ page }) => {
    const address = wallet();
    const before = await indexerJson<Summary>(`/address/${address}`);
    const res = await page.goto(`/address/${lower(address)}`);
    expect(res?.status()).toBe(200);
    const after = await indexerJson<Summary>(`/address/${address}`);

    await expect(page.getByTestId('address-badge')).toHaveText('Wallet');
    // Shown checksummed, even when the URL is lowercase.
    await expect(page.getByTestId('address-full')).toHaveText(address);
    const shownCount = Number((await page.getByTestId('tx-count').textContent())?.replace(/,/g, ''));
    expect(shownCount).toBeGreaterThanOrEqual(before.transactionCount);
    expect(shownCount).toBeLessThanOrEqual(after.transactionCount);
    await expect(page.getByTestId('balance-amount')).toHaveText(/^[\d,]+\.\d{2,8}$/);
    await expect(page.getByTestId('balance-value')).toContainText('$');
    await expect(page.getByTestId('address-type')).toHaveText('Wallet');
    await expect(page.getByTestId('nft-count')).toHaveText(String(after.nftCount));
    await expect(page.getByTestId('owner')).toHaveCount(0);

    // Tabs: a wallet with NFTs has Transactions, Token Transfers and NFTs; no Contract or Holders.
    const tabs = page.getByTestId('tabs');
    await expect(tabs.getByRole('link')).toHaveText(['Transactions', 'Internal Transactions', 'Token Transfers', 'NFTs', 'Approvals']);
    await expect(tabs.getByRole('link', { name: 'Transactions', exact: true })).toHaveAttribute('aria-current', 'page');

    const table = page.getByTestId('transactions-table');
    await expect(table.getByRole('columnheader')).toHaveText(['Txn Hash', 'Function', 'Block', 'Age', 'From', 'To', 'Value']);
    const rows = table.getByTestId('tx-row');
    await expect(rows).toHaveCount(10);
    const list = await indexerJson<IndexerTx[]>(`/address/${address}/transactions?limit=20&offset=0`);
    const firstHash = await rows.first().getByTestId('tx-hash').getAttribute('title');
    const tx = list.find((t) => t.hash === firstHash);
    expect(tx, 'first row is one of the newest transactions').toBeDefined();
    const first = rows.first();
    await expect(first.getByTestId('tx-hash')).toHaveAttribute('href', `/transactions/${tx?.hash}`);
    await expect(first.getByTestId('block-number')).toHaveAttribute('href', `/blocks/${tx?.blockNumber}`);
    // The kind labels, the local ERC-20 names, or the name the indexer's signature database gives the call.
    const named = list.flatMap((t) => (t.method ? [t.method] : []));
    for (const fn of await texts(table.getByTestId('tx-function'))) {
      expect(['contract call', 'contract creation', 'transfer', 'approve', 'transferFrom', 'mint', 'burn', 'withdraw', 'balanceOf', 'totalSupply', ...named]).toContain(fn);
    }
    // The viewed address is never a link; the counterparties are.
    const self = table.locator(`[data-test="address"][title="${lower(address)}"], [data-test="address"][title="${address}"]`);
    expect(await self.count()).toBeGreaterThan(0);
    for (const el of await self.all()) expect(await el.evaluate((n) => n.tagName)).toBe('SPAN');
    const links = table.locator('a[data-test="address"]');
    expect(await links.count()).toBeGreaterThan(0);
    await expect(links.first()).toHaveAttribute('href', /^\/address\/0x[0-9a-fA-F]{40}$/);
    // Values: up to 6 decimals, in STO.
    for (const value of await texts(table.getByTestId('tx-value'))) expect(value).toMatch(/^(< 0\.000001|[\d,]+(\.\d{1,6})?) STO$/);
  });

  test('page sizes, Previous / Next and Page N', async ({ page }) => {
    const address = wallet();
    await page.goto(`/address/${address}?page=2`);
    const pager = page.getByTestId('pager');
    await expect(pager.getByTestId('page-number')).toHaveText('Page 2');
    const page2 = await page.getByTestId('tx-row').getByTestId('tx-hash').first().getAttribute('title');
    const list = await indexerJson<IndexerTx[]>(`/address/${address}/transactions?limit=30&offset=0`);
    const index = list.findIndex((t) => t.hash === page2);
    // offset = (page - 1) × size: the first row of page 2 is the 11th newest (a few later if new ones arrived).
    expect(index).toBeGreaterThanOrEqual(10);
    expect(index).toBeLessThan(16);

    await pager.getByRole('link', { name: 'Previous' }).click();
    await expect(page).toHaveURL(new RegExp(`/address/${address}$`));
    await expect(page.getByTestId('pager').getByTestId('page-number')).toHaveText('Page 1');
    await expect(page.getByTestId('pager').getByText('Previous')).toHaveAttribute('aria-disabled', 'true');
    await page.getByTestId('pager').getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByTestId('page-number')).toHaveText('Page 2');

    // Changing the size starts again on page 1 (the select submits itself, once its script has run: Next was a full
    // navigation, and before the script a changed select submits nothing).
    await scriptsReady(page);
    await page.getByLabel('Show').selectOption('25');
    await expect(page).toHaveURL(/[?&]size=25/);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    const total = (await indexerJson<Summary>(`/address/${address}`)).transactionCount;
    const rows = await page.getByTestId('tx-row').count();
    expect(rows).toBeGreaterThan(10);
    expect(rows).toBeLessThanOrEqual(Math.min(25, total));
    await expect(page.getByLabel('Show')).toHaveValue('25');

    // A page that comes back short disables Next.
    await page.goto(`/address/${address}?size=100`);
    await expect(page.getByTestId('pager').getByText('Next')).toHaveAttribute('aria-disabled', 'true');
    // Garbage query values fall back to the defaults.
    const garbage = await page.goto(`/address/${address}?size=7&page=-3&tab=%3Cscript%3E`);
    expect(garbage?.status()).toBe(200);
    await expect(page.getByTestId('tx-row')).toHaveCount(10);
    await expect(page.getByTestId('page-number')).toHaveText('Page 1');
  });

  test('Transactions, Token Transfers and NFTs tabs: totals and numbered pages', async ({ page }) => {
    const address = wallet();
    type Counted = Summary & { tokenTransferCount: number };
    const cases = [
      { tab: '', count: (s: Counted) => s.transactionCount, noun: /^A total of ([\d,]+) transactions?$/, size: 10, row: 'tx-row' },
      { tab: '?tab=token-transfers', count: (s: Counted) => s.tokenTransferCount, noun: /^A total of ([\d,]+) token transfers?$/, size: 10, row: 'transfer-card' },
      { tab: '?tab=nfts', count: (s: Counted) => s.nftCount, noun: /^A total of ([\d,]+) NFTs?$/, size: 12, row: 'nft-card' },
    ];
    for (const { tab, count, noun, size, row } of cases) {
      const before = count(await indexerJson<Counted>(`/address/${address}`));
      await page.goto(`/address/${address}${tab}`);
      const after = count(await indexerJson<Counted>(`/address/${address}`));
      const text = (await page.getByTestId('tab-total').textContent())?.trim() ?? '';
      const total = Number(noun.exec(text)?.[1]?.replace(/,/g, ''));
      expect(total, text).toBeGreaterThanOrEqual(before);
      expect(total, text).toBeLessThanOrEqual(after);
      const pages = Math.max(1, Math.ceil(total / size));
      if (pages === 1) {
        await expect(page.getByTestId(row)).toHaveCount(total);
        continue;
      }
      const pager = page.getByTestId('pager');
      await expect(pager.getByTestId('page-number')).toHaveText('Page 1');
      await expect(pager.getByTestId('page-total')).toHaveText(` of ${pages}`);
      await expect(pager.locator('[aria-current="page"]')).toHaveText('1');
      // A numbered page, then the last one, which holds the rest.
      await pager.getByRole('link', { name: 'Page 2', exact: true }).click();
      await expect(page).toHaveURL(/[?&]page=2/);
      await expect(page.getByTestId('pager').locator('[aria-current="page"]')).toHaveText('2');
      if (pages > 2) {
        await page.getByTestId('pager').getByRole('link', { name: 'Last page' }).click();
        await expect(page).toHaveURL(new RegExp(`[?&]page=${pages}(&|$)`));
      }
      await expect(page.getByTestId('pager').getByText('Last', { exact: true })).toHaveAttribute('aria-disabled', 'true');
      await expect(page.getByTestId('pager').getByTestId('page-number')).toHaveText(`Page ${pages}`);
      await expect(page.getByTestId('pager').getByText('Next')).toHaveAttribute('aria-disabled', 'true');
      if (before === after) await expect(page.getByTestId(row)).toHaveCount(total - (pages - 1) * size);
    }
  });

  test('token holdings: sorted by balance, search (form and live), hostile names as text, View All Holdings', async ({ page }) => {
    const dialogs = watchDialogs(page);
    const address = wallet();
    const hostile = scenario().hostile.erc20.find((t) => t.role === 'script');
    if (!hostile) throw new Error('no hostile token in the scenario');
    const holdings = await indexerJson<Holdings>(`/account/${address}/balances`);
    await page.goto(`/address/${address}`);

    const box = page.locator('details#holdings');
    await expect(page.getByTestId('holdings-count')).toHaveText(`${holdings.tokens.length} tokens`);
    await expect(box).not.toHaveAttribute('open');
    await page.getByTestId('holdings-summary').click();
    await expect(box).toHaveAttribute('open');

    // Sorted by whole-unit balance, largest first.
    const names = await texts(box.getByTestId('holding-name'));
    const expected = [...holdings.tokens].sort((a, b) => units(b.rawBalance, b.decimals) - units(a.rawBalance, a.decimals)).map((t) => t.name);
    expect(names).toEqual(expected.slice(0, 10));
    // Unknown prices say so; the STO value uses the 0.1 fallback price.
    await expect(box.getByTestId('holding-price').first()).toHaveText('No price data');

    // The hostile token is plain text: no element injected, no script run.
    const hostileRow = box.locator(`[data-holding*="${lower(hostile.address)}"]`);
    await expect(hostileRow.getByTestId('holding-name')).toHaveText(hostile.name);
    await expect(hostileRow.getByTestId('holding-symbol')).toHaveText(hostile.symbol);
    await expect(hostileRow.getByTestId('token-initials')).toHaveText('IM');
    await expect(page.locator('img[src="x"]')).toHaveCount(0);

    // Live filter (name, symbol or address, any case).
    const search = page.getByLabel('Search token holdings');
    await search.fill('GOVERN');
    await expect(box.getByTestId('holding').filter({ visible: true })).toHaveCount(1);
    await expect(box.getByTestId('holding-name').filter({ visible: true })).toHaveText('Sto Governance');
    await search.fill(hostile.address.slice(2, 12).toUpperCase());
    await expect(box.getByTestId('holding-name').filter({ visible: true })).toHaveText(hostile.name);
    await search.fill('no-such-token');
    await expect(box.getByTestId('holding').filter({ visible: true })).toHaveCount(0);
    await expect(page.getByTestId('holdings-empty')).toBeVisible();

    // The same search as a GET form: ?holdings=, kept visible and open.
    await search.fill('sto');
    await search.press('Enter');
    await expect(page).toHaveURL(/[?&]holdings=sto/);
    await expect(page.locator('details#holdings')).toHaveAttribute('open');
    const matching = holdings.tokens.filter((t) => `${t.name} ${t.symbol} ${t.contractAddress}`.toLowerCase().includes('sto'));
    await expect(page.getByTestId('holding').filter({ visible: true })).toHaveCount(matching.length);
    await expect(page.getByLabel('Search token holdings')).toHaveValue('sto');

    await page.getByTestId('view-all-holdings').click();
    await expect(page).toHaveURL(/[?&]allHoldings=1/);
    await expect(page.locator('details#holdings')).toHaveAttribute('open');
    await expect(page.getByTestId('holding').filter({ visible: true })).toHaveCount(holdings.tokens.length);
    expect(dialogs).toEqual([]);
  });

  test('token transfers: IN / OUT, You, signed amounts, links and copy buttons', async ({ page }) => {
    const dialogs = watchDialogs(page);
    const address = wallet();
    await page.goto(`/address/${address}?tab=token-transfers&size=50`);
    await expect(page.getByTestId('tabs').getByRole('link', { name: 'Token Transfers' })).toHaveAttribute('aria-current', 'page');
    const cards = page.getByTestId('transfer-card');
    expect(await cards.count()).toBeGreaterThan(1);

    const card = page.locator('[data-test="transfer-card"][data-direction="IN"]').first();
    await expect(card.getByTestId('transfer-direction')).toHaveText('IN');
    await expect(card.getByTestId('transfer-direction')).toHaveClass(/green/);
    await expect(card.getByTestId('transfer-amount')).toHaveText(/^\+/);
    await expect(card.getByTestId('transfer-to')).toHaveText('You');
    await expect(card.getByTestId('transfer-to').locator('a')).toHaveCount(0);
    await expect(card.getByTestId('transfer-from').locator('a')).toHaveAttribute('href', /^\/address\/0x/);
    await expect(card.getByTestId('tx-hash')).toHaveAttribute('href', /^\/transactions\/0x[0-9a-f]{64}$/);
    await expect(card.getByTestId('age')).toBeVisible();
    await expect(card.getByRole('button', { name: /Copy/ }).first()).toBeVisible();

    const out = page.locator('[data-test="transfer-card"][data-direction="OUT"]').first();
    await expect(out.getByTestId('transfer-direction')).toHaveText('OUT');
    await expect(out.getByTestId('transfer-direction')).toHaveClass(/red/);
    await expect(out.getByTestId('transfer-amount')).toHaveText(/^-/);
    await expect(out.getByTestId('transfer-from')).toHaveText('You');

    // A token symbol and name, with the token's address linked.
    await expect(card.getByTestId('transfer-symbol')).not.toBeEmpty();
    await expect(card.getByTestId('transfer-name')).not.toBeEmpty();

    // Hostile transfers render as text.
    const hostile = scenario().hostile.erc20.find((t) => t.role === 'script');
    await expect(page.getByTestId('transfer-name').filter({ hasText: hostile?.name ?? '-' }).first()).toBeVisible();
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test('NFTs tab: safe images only, hostile metadata as text', async ({ page }) => {
    const dialogs = watchDialogs(page);
    const address = wallet();
    await page.goto(`/address/${address}?tab=nfts`);
    const cards = page.getByTestId('nft-card');
    const nfts = await indexerJson<unknown[]>(`/address/${address}/nfts?limit=12`);
    await expect(cards).toHaveCount(nfts.length);
    const hostileNft = scenario().hostile.erc721;
    // The hostile NFT has no safe image, so it shows placeholder (tokenId mod 5) + 1; its name is text.
    const card = cards.filter({ hasText: hostileNft.name });
    await expect(card.getByTestId('nft-placeholder')).toHaveAttribute('src', `/nft-placeholders/${((hostileNft.tokenIds['script'] ?? 0) % 5) + 1}.svg`);
    await expect(card.getByTestId('nft-name')).toHaveText('<script>alert(1)</script>');
    await expect(card.getByTestId('nft-token-id')).toHaveText(`#${hostileNft.tokenIds['script']}`);
    for (const img of await page.getByTestId('nft-image').all()) expect(await img.getAttribute('src')).toMatch(/^(https?:|data:image\/)/);
    await expect(page.locator('a[href^="javascript:"], img[src^="javascript:"]')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test('ERC-721 owner: NFTs tab with collection, name and #tokenId', async ({ page }) => {
    const shapes = scenario().nfts[0];
    if (!shapes) throw new Error('no NFT collection in the scenario');
    const [item] = await indexerJson<{ tokenId: string; owner: string; name: string }[]>(`/nfts/${shapes.address}/tokens?limit=1`);
    if (!item) throw new Error('no minted NFT');
    await page.goto(`/address/${item.owner}`);
    await page.getByTestId('tabs').getByRole('link', { name: 'NFTs' }).click();
    await expect(page).toHaveURL(/[?&]tab=nfts/);
    const card = page.getByTestId('nft-card').filter({ hasText: `#${item.tokenId}` }).filter({ hasText: shapes.name }).first();
    await expect(card.getByTestId('nft-collection')).toHaveText(shapes.name);
    await expect(card.getByTestId('nft-name')).toHaveText(item.name);
    await expect(card.getByTestId('nft-image')).toHaveAttribute('src', /^data:image\/svg\+xml/);
    await expect(card.getByRole('link')).toHaveAttribute('href', new RegExp(`^/nfts/${shapes.address}/${item.tokenId}$`, 'i'));
  });
});

test.describe('address page: contracts', () => {
  test('ERC-20 (SGOV): token facts and the Holders tab, 50 per page, both orders', async ({ page }) => {
    const token = scenario().holderToken;
    const before = await indexerJson<{ totalHolders: number }>(`/holders/token/${token.address}?limit=1`);
    await page.goto(`/address/${token.address}`);
    await expect(page.getByTestId('address-badge')).toHaveText('Contract (ERC20)');
    await expect(page.getByTestId('token-name')).toHaveText('Sto Governance');
    await expect(page.getByTestId('token-symbol')).toHaveText(token.symbol);
    await expect(page.getByTestId('token-decimals')).toHaveText('18');
    await expect(page.getByTestId('token-supply')).toHaveText(/^[\d,]+(\.\d+)? SGOV$/);
    await expect(page.getByTestId('contract-type')).toHaveText('ERC20');
    await expect(page.getByTestId('tabs').getByRole('link')).toHaveText(['Transactions', 'Internal Transactions', 'Token Transfers', 'Approvals', 'Contract', 'Holders']);

    await page.getByTestId('tabs').getByRole('link', { name: 'Holders' }).click();
    await expect(page).toHaveURL(/[?&]tab=holders/);
    const after = await indexerJson<{ totalHolders: number; holders: { address: string }[] }>(`/holders/token/${token.address}?limit=50`);
    const shown = Number((await page.getByTestId('holders-count').textContent())?.replace(/,/g, ''));
    expect(shown).toBeGreaterThanOrEqual(before.totalHolders);
    expect(shown).toBeLessThanOrEqual(after.totalHolders);
    await expect(page.getByTestId('holders-heading')).toContainText('Sto Governance (SGOV)');
    const table = page.getByTestId('holders-table');
    await expect(table.getByRole('columnheader')).toHaveText(['Rank', 'Address', 'Balance', 'Percentage']);
    await expect(table.getByTestId('holder-row')).toHaveCount(50);
    await expect(table.getByTestId('holder-rank').first()).toHaveText('1');
    await expect(table.getByTestId('holder-row').first().getByTestId('address')).toHaveText(after.holders[0]?.address ?? '');
    const pages = Math.ceil(shown / 50);
    await expect(page.getByTestId('pagination')).toContainText(`Page 1 of ${pages}`);
    const desc = (await texts(table.getByTestId('holder-balance'))).map((b) => Number(b.replace(/[^\d.]/g, '')));
    expect(desc).toEqual([...desc].sort((a, b) => b - a));

    await page.getByRole('link', { name: 'Lowest to Highest' }).click();
    await expect(page).toHaveURL(/[?&]order=asc/);
    await expect(page.getByRole('link', { name: 'Lowest to Highest' })).toHaveAttribute('aria-current', 'true');
    const asc = (await texts(page.getByTestId('holder-balance'))).map((b) => Number(b.replace(/[^\d.]/g, '')));
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    await expect(page.getByTestId('holder-rank').first()).toHaveText(String(shown));
    // Small holders are below 0.01 % of the supply.
    await expect(page.getByTestId('holder-percentage').first()).toHaveText('< 0.01%');

    await page.getByTestId('pagination').getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page).toHaveURL(/[?&]order=asc/);
    await expect(page.getByTestId('pagination')).toContainText(`Page 2 of ${pages}`);
    await expect(page.getByTestId('holder-row')).toHaveCount(shown - 50);
    await expect(page.getByTestId('holder-rank').last()).toHaveText('1');
    await page.getByRole('link', { name: 'Highest to Lowest' }).click();
    await expect(page).not.toHaveURL(/order=|page=/);
    await expect(page.getByTestId('holder-rank').first()).toHaveText('1');
  });

  test('playground: Contract tab (Standard Contract, Unverified) and the Holders message', async ({ page }) => {
    const playground = scenario().playground.address;
    const verified = await indexerJson<{ verified: boolean }>(`/contracts/${playground}/verified`);
    await page.goto(`/address/${playground}?tab=contract`);
    await expect(page.getByTestId('address-badge')).toHaveText('Contract');
    await expect(page.getByTestId('tabs').getByRole('link')).toHaveText(['Transactions', 'Internal Transactions', 'Token Transfers', 'Approvals', 'Contract']);
    await expect(page.getByTestId('contract-kind')).toHaveText('Standard Contract');
    expect(verified.verified).toBe(false);
    await expect(page.getByTestId('verification-state')).toHaveText('Unverified');
    await expect(page.getByTestId('contract-type')).toHaveText('None');
    // Owner and creator are the deployer: no separate Creator row.
    await expect(page.getByTestId('owner').getByTestId('address')).toHaveText(new RegExp(scenario().deployer, 'i'));
    await expect(page.getByTestId('creator')).toHaveCount(0);

    await page.goto(`/address/${playground}?tab=holders`);
    await expect(page.getByTestId('holders-tab')).toHaveText('Holders information is only available for token contracts.');
  });

  test('ERC-721 contract: badge, type label and a creator different from the (absent) owner', async ({ page }) => {
    const shapes = scenario().nfts[0];
    if (!shapes) throw new Error('no NFT collection');
    await page.goto(`/address/${shapes.address}?tab=contract`);
    await expect(page.getByTestId('address-badge')).toHaveText('Contract (ERC721)');
    await expect(page.getByTestId('contract-kind')).toHaveText('ERC721 NFT Contract');
    const info = await indexerJson<{ creatorAddress: string | null; ownerAddress: string | null }>(`/address/${shapes.address}`);
    if (info.creatorAddress && lower(info.creatorAddress) !== lower(info.ownerAddress ?? '')) {
      await expect(page.getByTestId('creator').getByTestId('address')).toHaveText(new RegExp(info.creatorAddress, 'i'));
    } else {
      await expect(page.getByTestId('creator')).toHaveCount(0);
    }
  });
});

test.describe('address page: EIP-7702 delegation', () => {
  test('a delegated account says its delegate, and its Contract tab and /contracts page explain the delegation', async ({ page }) => {
    const t = scenario().txTypes;
    await page.goto(`/address/${t.authority}`);
    await expect(page.getByTestId('address-badge')).toHaveText('Wallet');
    const delegated = page.getByTestId('delegated-to');
    // "Delegated to {address}": the row's label (the <dt> beside the value), the delegate's address, the EIP named.
    await expect(delegated.locator('xpath=preceding-sibling::dt')).toHaveText('Delegated to');
    await expect(delegated).toContainText(t.delegate, { ignoreCase: true });
    await expect(delegated).toContainText('(EIP-7702)');
    await expect(delegated.getByRole('link')).toHaveAttribute('href', new RegExp(`/address/${t.delegate}$`, 'i'));
    await page.getByTestId('tabs').getByRole('link', { name: 'Contract' }).click();
    await expect(page).toHaveURL(/tab=contract/);
    const tab = page.getByTestId('delegation');
    await expect(tab).toContainText('EIP-7702');
    await expect(tab.getByTestId('delegation-code')).toHaveText(`0xef0100${lower(t.delegate).slice(2)}`);
    await expect(tab.getByTestId('delegate-contract-link')).toHaveAttribute('href', new RegExp(`/address/${t.delegate}\\?tab=contract$`, 'i'));
    await expect(page.getByTestId('verification-state')).toHaveCount(0);
    await expect(page.getByTestId('verify-section')).toHaveCount(0);
    await expect(page.getByTestId('verify-form')).toHaveCount(0);

    await page.goto(`/contracts/${t.authority}`);
    await expect(page.getByTestId('delegation')).toContainText('There is no source code to verify');
    await expect(page.getByTestId('not-verified')).toHaveCount(0);

    // The account whose authorizations were skipped has no delegate and no Contract tab.
    await page.goto(`/address/${t.stranger}`);
    await expect(page.getByTestId('address-badge')).toHaveText('Wallet');
    await expect(page.getByTestId('delegated-to')).toHaveCount(0);
    await expect(page.getByTestId('tabs').getByRole('link', { name: 'Contract' })).toHaveCount(0);
  });
});

test.describe('address page: states', () => {
  test('a never-seen address shows zero and every empty message', async ({ page }) => {
    const res = await page.goto(`/address/${FRESH}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByTestId('address-badge')).toHaveText('Wallet');
    await expect(page.getByTestId('balance')).toHaveText('0 STO');
    await expect(page.getByTestId('tx-count')).toHaveText('0');
    await expect(page.getByTestId('holdings-summary')).toHaveText('0 tokens');
    await expect(page.getByTestId('empty')).toHaveText('No transactions found for this address');
    await expect(page.getByTestId('pager').getByText('Next')).toHaveAttribute('aria-disabled', 'true');
    await page.getByTestId('tabs').getByRole('link', { name: 'Token Transfers' }).click();
    await expect(page.getByTestId('empty')).toHaveText('No token transfers found for this address');
    await page.goto(`/address/${FRESH}?tab=nfts`);
    await expect(page.getByTestId('empty')).toHaveText('No NFTs found for this address');
    await page.goto(`/address/${FRESH}?tab=holders`);
    await expect(page.getByTestId('holders-tab')).toHaveText('Holders information is only available for token contracts.');
    // Contract on a wallet falls back to Transactions.
    await page.goto(`/address/${FRESH}?tab=contract`);
    await expect(page.getByTestId('transactions-tab')).toBeVisible();
  });

  test('a malformed address answers 400 with the input visible', async ({ page }) => {
    for (const bad of ['0x1234', 'not-an-address', '0x70997970C51812dc3A010C7d01b50e0d17dc79CZ']) {
      const res = await page.goto(`/address/${bad}`);
      expect(res?.status()).toBe(400);
      await expect(page.getByRole('heading', { name: 'Invalid address' })).toBeVisible();
      await expect(page.getByTestId('error')).toContainText('not a valid address');
      await expect(page.getByTestId('address-input')).toHaveText(bad);
      await expect(page.getByTestId('error').getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    }
    // Markup in the input stays text.
    const res = await page.goto('/address/%3Cb%3Ebold%3Cimg%20src%20onerror%3E');
    expect(res?.status()).toBe(400);
    await expect(page.getByTestId('address-input')).toHaveText('<b>bold<img src onerror>');
    await expect(page.locator('main b, main img')).toHaveCount(0);
  });

  test('redirect aliases keep the address', async ({ request }) => {
    const address = wallet();
    for (const alias of ['a', 'accounts']) {
      const res = await request.get(`/${alias}/${address}`, { maxRedirects: 0 });
      expect(res.status()).toBe(301);
      expect(res.headers()['location']).toBe(`/address/${address}`);
    }
  });

  test('small screens: transactions become cards', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, baseURL: process.env['E2E_SITE_URL'] ?? '' });
    const page = await context.newPage();
    await page.goto(`/address/${wallet()}`);
    await expect(page.getByRole('columnheader', { name: 'Txn Hash' })).toBeHidden();
    const row = page.getByTestId('tx-row').first();
    await expect(row).toBeVisible();
    await expect(row.getByTestId('tx-hash')).toBeVisible();
    // Each cell shows its column name as a label.
    expect(await row.locator('td[data-label="Value"]').evaluate((td) => getComputedStyle(td, '::before').content)).toBe('"Value"');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await context.close();
  });
});

test.describe('address page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('overview, transactions, tabs, holdings search and holders paging work as HTML', async ({ page }) => {
    const address = wallet();
    await page.goto(`/address/${address}`);
    await expect(page.getByTestId('address-full')).toHaveText(address);
    await expect(page.getByTestId('balance-amount')).toHaveText(/\d/);
    await expect(page.getByTestId('tx-row')).toHaveCount(10);
    await expect(page.getByRole('button', { name: 'Apply' })).toBeVisible();

    // <details> opens and the search form submits without JavaScript.
    await page.getByTestId('holdings-summary').click();
    await page.getByLabel('Search token holdings').fill('governance');
    await page.locator('details#holdings').getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/[?&]holdings=governance/);
    await expect(page.getByTestId('holding').filter({ visible: true })).toHaveCount(1);

    await page.getByTestId('tabs').getByRole('link', { name: 'Token Transfers' }).click();
    await expect(page.getByTestId('transfer-card').first()).toBeVisible();

    await page.goto(`/address/${scenario().holderToken.address}?tab=holders&order=asc&page=2`);
    await expect(page.getByTestId('pagination')).toContainText('Page 2 of');
    await expect(page.getByTestId('holder-row').first()).toBeVisible();
  });
});
