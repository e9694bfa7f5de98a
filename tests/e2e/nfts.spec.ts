import { Interface } from 'ethers';
import { expect, type Locator, type Page } from '@playwright/test';
import { indexerJson, rpcUrl, scenario, scriptsReady, test } from './fixtures.ts';
import { formatUtcDate } from '../../src/lib/format/index.ts';

// NFT screens (/nfts, /nfts/{address}, /nfts/{address}/{id}) and the shared NFT card on the address page, against the
// run's devnet and indexer. Live activity keeps minting, so tests compare with data that cannot change under them
// (orders by creation, the hostile collection, immutable item fields) or fetch the indexer right before looking.

interface CollectionJson {
  address: string;
  name: string;
  items: number;
  owners: number;
}

interface ItemJson {
  tokenAddress: string;
  tokenId: string;
  tokenType: string;
  name: string;
  owner: string | null;
  creator: string | null;
  createdAt: number | null;
  image: string | null;
  metadataStatus: string;
  traits: { type: string; value: string | number; rarity?: number | null }[];
}

interface TransferJson {
  transactionHash: string;
  fromAddress: string;
  toAddress: string;
  timestamp: number;
}

const ZERO = '0x0000000000000000000000000000000000000000';
const lc = (s: string) => s.toLowerCase();
const hostile = () => scenario().hostile.erc721;
const shapes = () => {
  const c = scenario().nfts[0];
  if (!c) throw new Error('no NFT collection in the scenario');
  return c;
};
const cards = (page: Page) => page.getByTestId('nft-card');
const cardHrefs = async (page: Page): Promise<string[]> => cards(page).getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
const CARD_HREF = /^\/nfts\/(0x[0-9a-fA-F]{40})\/(\d+)$/;

/** Fails the test on any dialog (alert, confirm, prompt) a payload could open. */
function forbidDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(dialog.message());
    void dialog.dismiss();
  });
  return opened;
}

/** No markup of the hostile payloads became elements, and nothing overflows the viewport. */
async function expectInert(page: Page): Promise<void> {
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:" i], iframe, object, embed, foreignObject')).toHaveCount(0);
  expect(await page.evaluate(() => Array.from(document.scripts).some((s) => (s.textContent ?? '').includes('alert(1)')))).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

async function expectPageStatus(page: Page, path: string, status: number): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(status);
}

/** Mints a HostileNFT item whose metadata has `image`; answers its token id once the indexer has read the metadata. */
async function mintWithImage(image: string): Promise<string> {
  const { address } = hostile();
  const sender = scenario().accounts[8];
  if (!sender) throw new Error('no funded account');
  const uri = `data:application/json;base64,${Buffer.from(JSON.stringify({ name: 'Image probe', image })).toString('base64')}`;
  const to = `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(20))).toString('hex')}`;
  const data = new Interface(['function mint(address to, string uri) returns (uint256)']).encodeFunctionData('mint', [to, uri]);
  const rpc = async <T>(method: string, params: unknown[]): Promise<T> => {
    const res = await fetch(rpcUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    const body = (await res.json()) as { result?: T; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result as T;
  };
  const hash = await rpc<string>('eth_sendTransaction', [{ from: sender, to: address, data, gas: '0x200000' }]);
  let tokenId = '';
  await expect
    .poll(async () => {
      const receipt = await rpc<{ logs: { topics: string[] }[] } | null>('eth_getTransactionReceipt', [hash]);
      const topic = receipt?.logs[0]?.topics[3];
      tokenId = topic ? BigInt(topic).toString() : '';
      return tokenId;
    }, { timeout: 20_000 })
    .not.toBe('');
  await expect
    .poll(async () => (await indexerJson<ItemJson>(`/nfts/${address}/${tokenId}`).catch(() => null))?.metadataStatus ?? 'missing', { timeout: 20_000 })
    .toBe('ok');
  return tokenId;
}

test.describe('NFT list', () => {
  test('Top Collections: the first 5 collections with their figures, linking to /nfts/{address}', async ({ page }) => {
    const expected = await indexerJson<CollectionJson[]>('/nfts?limit=5&sort=new');
    await page.goto('/nfts?sort=new');
    const rows = page.getByTestId('collection-row');
    await expect(rows).toHaveCount(Math.min(5, expected.length));
    const links = rows.getByTestId('collection-link');
    await expect(links).toHaveText(expected.slice(0, 5).map((c) => c.name));
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(expected.slice(0, 5).map((c) => `/nfts/${c.address}`));
    await expect(rows.getByTestId('collection-floor').first()).toHaveText('0.00 STO');
    await expect(rows.getByTestId('collection-volume').first()).toHaveText('0.00 STO');
    // The hostile collection is the newest; nothing mints into it, so its figures are stable.
    const row = rows.filter({ has: page.getByTestId('collection-link').getByText(hostile().name, { exact: true }) });
    const figures = expected.find((c) => lc(c.address) === lc(hostile().address));
    await expect(row.getByTestId('collection-items')).toHaveText(String(figures?.items));
    await expect(row.getByTestId('collection-owners')).toHaveText(String(figures?.owners));
    await expect(page.getByRole('columnheader')).toHaveText(['Collection', 'Floor Price', 'Volume', 'Items', 'Owners']);
    await links.first().click();
    await expect(page).toHaveURL(new RegExp(`/nfts/${expected[0]?.address}$`, 'i'));
    await expect(page.getByTestId('collection-name')).toHaveText(expected[0]?.name ?? '');
  });

  test('card grid: items of the first 3 collections only, each card linking to its NFT with price, collection and #id', async ({ page }) => {
    await page.goto('/nfts?size=48');
    const top3 = await page.getByTestId('collection-link').evaluateAll((as) => as.slice(0, 3).map((a) => (a.getAttribute('href') ?? '').split('/')[2]?.toLowerCase()));
    const hrefs = await cardHrefs(page);
    expect(hrefs.length).toBeGreaterThan(12);
    for (const href of hrefs) {
      const match = CARD_HREF.exec(href);
      expect(match, href).not.toBeNull();
      expect(top3).toContain(lc(match?.[1] ?? ''));
    }
    const card = cards(page).first();
    const [, address, id] = CARD_HREF.exec(hrefs[0] ?? '') ?? [];
    const item = await indexerJson<ItemJson & { collectionName: string }>(`/nfts/${address}/${id}`);
    await expect(card.getByTestId('nft-token-id')).toHaveText(`#${id}`);
    await expect(card.getByTestId('nft-name')).toHaveText(item.name);
    await expect(card.getByTestId('nft-collection')).toHaveText(item.collectionName);
    await expect(card.getByTestId('nft-price')).toHaveText('0.00 STO');
    await expect(card.getByTestId('nft-standard')).toHaveText(item.tokenType === 'ERC1155' ? 'ERC-1155' : 'ERC-721');
    await card.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/nfts/${address}/${id}$`));
    await expect(page.getByTestId('nft-title')).toHaveText(item.name);
  });

  test('Trending (default), Top and New toggles are links that keep the search and reset the page', async ({ page }) => {
    await page.goto('/nfts?q=sto&page=2');
    const toggles = page.getByTestId('nft-sort').getByRole('link');
    await expect(toggles).toHaveText(['Trending', 'Top', 'New']);
    await expect(page.getByTestId('nft-sort').locator('[aria-current="page"]')).toHaveText('Trending');

    await toggles.filter({ hasText: 'Top' }).click();
    await expect(page).toHaveURL(/\/nfts\?q=sto&sort=top$/);
    await expect(page.getByTestId('nft-sort').locator('[aria-current="page"]')).toHaveText('Top');
    // Top: no prices on this chain, so items follow the collections' order, lowest id first within each.
    const order = await page.getByTestId('collection-link').evaluateAll((as) => as.map((a) => (a.getAttribute('href') ?? '').split('/')[2]?.toLowerCase() ?? ''));
    const keys = (await cardHrefs(page)).map((h) => CARD_HREF.exec(h)).map((m) => [order.indexOf(lc(m?.[1] ?? '')), Number(m?.[2])] as const);
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(keys).toEqual(sorted);

    await page.getByTestId('nft-sort').getByRole('link', { name: 'New' }).click();
    await expect(page).toHaveURL(/\/nfts\?q=sto&sort=new$/);
    // New: newest mint first (mint times never change).
    const created: number[] = [];
    for (const href of await cardHrefs(page)) {
      const [, address, id] = CARD_HREF.exec(href) ?? [];
      created.push((await indexerJson<ItemJson>(`/nfts/${address}/${id}`)).createdAt ?? 0);
    }
    expect(created.length).toBeGreaterThan(0);
    expect(created).toEqual([...created].sort((a, b) => b - a));

    await page.getByTestId('nft-sort').getByRole('link', { name: 'Trending' }).click();
    await expect(page).toHaveURL(/\/nfts\?q=sto$/);
  });

  test('page sizes 12, 24, 48 and the 5-button pagination', async ({ page }) => {
    await page.goto('/nfts?sort=top');
    const total = Number(/of ([\d,]+) NFTs/.exec((await page.getByTestId('nft-summary').textContent()) ?? '')?.[1]?.replace(/,/g, ''));
    expect(total).toBeGreaterThan(24);
    await expect(cards(page)).toHaveCount(12);
    await expect(page.locator('#nft-page-size option')).toHaveText(['12', '24', '48']);
    const pager = page.getByTestId('pagination');
    await expect(pager.getByText('Previous')).toHaveAttribute('aria-disabled', 'true');
    await pager.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(pager.locator('[aria-current="page"]')).toHaveText('2');
    await expect(pager.getByRole('link', { name: 'Previous' })).toBeVisible();

    // A new size starts again on page 1. The select submits itself once its script has run: Next was a full
    // navigation, and before the script a changed select submits nothing.
    await scriptsReady(page);
    await page.locator('#nft-page-size').selectOption('24');
    await expect(page).toHaveURL(/[?&]size=24/);
    await expect(page).not.toHaveURL(/page=/);
    await expect(cards(page)).toHaveCount(24);

    const last = Math.ceil(total / 24);
    await page.goto(`/nfts?sort=top&size=24&page=${last}`);
    await expect(pager.getByText('Next', { exact: true })).toHaveAttribute('aria-disabled', 'true');
    await expect(cards(page)).toHaveCount(total - (last - 1) * 24);

    await page.goto('/nfts?sort=top&size=48');
    await expect(cards(page)).toHaveCount(Math.min(48, total));

    // An out-of-range page is ignored: the first page is shown.
    await page.goto('/nfts?sort=top&page=999');
    await expect(pager.locator('[aria-current="page"]')).toHaveText('1');
    await expect(cards(page)).toHaveCount(12);
  });

  test('live search by NFT or collection name: trimmed, case-insensitive; the Search button only filters', async ({ page }) => {
    await page.goto('/nfts?sort=top&size=48');
    await page.evaluate(() => { (window as unknown as { stay: boolean }).stay = true; });
    const box = page.getByRole('searchbox', { name: 'Search NFTs by name or collection' });

    await box.fill('  GOLD coin ');
    await expect(page).toHaveURL(/q=GOLD\+coin/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).getByTestId('nft-name')).toHaveText('Gold Coin');

    await box.fill('sto badges');
    await expect(page).toHaveURL(/q=sto\+badges/);
    await expect(cards(page).first().getByTestId('nft-collection')).toHaveText('Sto Badges');
    for (const name of await cards(page).getByTestId('nft-collection').allTextContents()) expect(name).toBe('Sto Badges');

    await box.fill(`${shapes().name.toUpperCase()} #1`);
    await page.getByTestId('nft-search').getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/q=STO\+SHAPES\+%231/);
    for (const name of await cards(page).getByTestId('nft-name').allTextContents()) expect(name.toLowerCase()).toContain(`${lc(shapes().name)} #1`);
    // Still the same document: the button ran the filter, it did not submit the form.
    expect(await page.evaluate(() => (window as unknown as { stay?: boolean }).stay)).toBe(true);

    await box.fill('no such nft anywhere');
    await expect(page.getByTestId('empty')).toContainText('No NFTs Found');
    const clear = page.getByRole('link', { name: 'Clear Search' });
    await expect(clear).toHaveAttribute('href', '/nfts');
    await clear.click();
    await expect(page).toHaveURL(/\/nfts$/);
    await expect(cards(page)).toHaveCount(12);
    await expect(page.getByRole('link', { name: 'Clear Search' })).toHaveCount(0);
  });

  test("the priority card: two static tiles and the AI data's gas optimization ('...' while loading)", async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/_server-islands/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/nfts');
    const card = page.getByTestId('nft-priority');
    await expect(page.getByRole('heading', { name: 'Priority System for NFT Transfers' })).toBeVisible();
    await expect(card.getByTestId('nft-priority-standard')).toContainText('Standard Transfers');
    await expect(card.getByTestId('nft-priority-standard')).toContainText('Low Priority');
    await expect(card.getByTestId('nft-priority-standard')).toContainText('Minimal gas fees');
    await expect(card.getByTestId('nft-priority-priority')).toContainText('Priority Transfers');
    await expect(card.getByTestId('nft-priority-priority')).toContainText('Medium/High');
    await expect(card.getByTestId('nft-priority-priority')).toContainText('User-defined priority');
    await expect(card.getByTestId('gas-optimization')).toHaveText('...');
    release();
    await expect(card.getByTestId('gas-optimization')).toHaveText(/^\d+(\.\d)?%$/);
  });
});

test.describe('NFT list without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('collections, cards, pagination links and the search form work as HTML', async ({ page }) => {
    await page.goto('/nfts');
    await expect(page.getByTestId('collection-row').first()).toBeVisible();
    await expect(cards(page)).toHaveCount(12);
    await expect(page.getByTestId('pagination').getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/nfts?page=2');
    await page.getByRole('searchbox', { name: 'Search NFTs by name or collection' }).fill('  gold COIN ');
    await page.getByTestId('nft-search').getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/nfts\?q=\+*gold\+COIN\+*$/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).getByTestId('nft-name')).toHaveText('Gold Coin');
    await page.goto('/nfts?q=zzzz-nothing');
    await expect(page.getByTestId('empty')).toContainText('No NFTs Found');
    await page.getByRole('link', { name: 'Clear Search' }).click();
    await expect(page).toHaveURL(/\/nfts$/);
    await page.locator('#nft-page-size').selectOption('24');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(cards(page)).toHaveCount(24);
  });

  test('NFT detail and collection page show their content', async ({ page }) => {
    const { address } = shapes();
    await page.goto(`/nfts/${address}/1`);
    await expect(page.getByTestId('nft-title')).toHaveText(`${shapes().name} #1`);
    await expect(page.getByTestId('nft-price')).toHaveText('0.00 STO');
    await expect(page.getByTestId('nft-detail-standard')).toHaveText('ERC-721');
    await page.getByTestId('tabs').getByRole('link', { name: 'History' }).click();
    await expect(page.getByTestId('nft-history-row').last()).toContainText('Minted');
    await page.goto(`/nfts/${address}`);
    await expect(page.getByTestId('collection-name')).toHaveText(shapes().name);
    await expect(cards(page)).toHaveCount(12);
  });
});

test.describe('NFT detail', () => {
  test('header: image, collection link, name, price with the ×3000 estimate, Buy Now and the zero-fee card', async ({ page }) => {
    const { address, name } = shapes();
    const item = await indexerJson<ItemJson>(`/nfts/${address}/2`);
    await page.goto(`/nfts/${address}/2`);
    await expect(page.getByTestId('nft-title')).toHaveText(item.name);
    await expect(page.getByTestId('nft-collection-link')).toHaveText(name);
    await expect(page.getByTestId('nft-collection-link')).toHaveAttribute('href', `/nfts/${address}`);
    await expect(page.locator('main').getByTestId('nft-image').first()).toHaveAttribute('src', /^data:image\/svg\+xml/);
    // No price on this chain: '0.00' STO, and 0.00 × 3000.
    await expect(page.getByTestId('nft-price')).toHaveText('0.00 STO');
    await expect(page.getByTestId('nft-price-usd')).toHaveText('≈ $0.00');
    await expect(page.getByTestId('buy-now')).toBeDisabled();
    await expect(page.getByTestId('zero-fee')).toContainText('Transfer Cost0 Gwei');
    await expect(page.getByTestId('zero-fee')).toContainText('Speed~2 seconds');
    await expect(page.getByTestId('zero-fee')).toContainText('Daily Transfers50K+');
    await page.getByTestId('nft-collection-link').click();
    await expect(page).toHaveURL(new RegExp(`/nfts/${address}$`));
  });

  test('Overview: description, details with address links, about the collection', async ({ page }) => {
    const h = hostile();
    const id = h.tokenIds['script'];
    const [item, collection] = await Promise.all([indexerJson<ItemJson>(`/nfts/${h.address}/${id}`), indexerJson<CollectionJson>(`/nfts/${h.address}`)]);
    await page.goto(`/nfts/${h.address}/${id}`);
    await expect(page.getByTestId('tabs').locator('[aria-current="page"]')).toHaveText('Overview');
    await expect(page.getByTestId('nft-description')).toHaveText('<img src=x onerror=alert(1)>');
    await expect(page.getByTestId('nft-detail-token-id')).toHaveText(String(id));
    await expect(page.getByTestId('nft-detail-standard')).toHaveText('ERC-721');
    await expect(page.getByTestId('nft-detail-blockchain')).toHaveText('STO Chain');
    await expect(page.getByTestId('nft-detail-creator').getByRole('link')).toHaveAttribute('href', `/address/${item.creator}`);
    await expect(page.getByTestId('nft-detail-owner').getByRole('link')).toHaveAttribute('href', `/address/${item.owner}`);
    await expect(page.getByTestId('nft-detail-created')).toHaveText(formatUtcDate(item.createdAt));
    const stats = page.getByTestId('nft-collection-stats');
    await expect(stats.getByTestId('collection-floor')).toHaveText('0.00 STO');
    await expect(stats.getByTestId('collection-volume')).toHaveText('0.00 STO');
    await expect(stats.getByTestId('collection-items')).toHaveText(String(collection.items));
    await expect(stats.getByTestId('collection-owners')).toHaveText(String(collection.owners));
  });

  test('Properties: trait tiles with type, value and "{rarity} rarity"', async ({ page }) => {
    const { address } = shapes();
    const item = await indexerJson<ItemJson>(`/nfts/${address}/1`);
    expect(item.traits.length).toBeGreaterThan(0);
    await page.goto(`/nfts/${address}/1`);
    await page.getByTestId('tabs').getByRole('link', { name: 'Properties' }).click();
    await expect(page).toHaveURL(/\?tab=properties$/);
    const tiles = page.getByTestId('nft-trait');
    await expect(tiles).toHaveCount(item.traits.length);
    await expect(tiles.getByTestId('nft-trait-type')).toHaveText(item.traits.map((t) => t.type));
    await expect(tiles.getByTestId('nft-trait-value')).toHaveText(item.traits.map((t) => String(t.value)));
    for (const text of await tiles.getByTestId('nft-trait-rarity').allTextContents()) expect(text).toMatch(/^\d+(\.\d)?% rarity$/);
  });

  test("History: 'Minted' and 'Mint' for the zero address, 'Transferred' otherwise, with transaction links", async ({ page }) => {
    const { address } = shapes();
    // An item that was also transferred after its mint.
    let id = '';
    let transfers: TransferJson[] = [];
    for (let n = 1; n <= shapes().minted && !id; n++) {
      const list = await indexerJson<TransferJson[]>(`/nfts/${address}/${n}/transfers?limit=10`);
      if (list.length >= 2) [id, transfers] = [String(n), list];
    }
    expect(id, 'an item with a transfer after its mint').not.toBe('');
    await page.goto(`/nfts/${address}/${id}?tab=history`);
    const rows = page.getByTestId('nft-history-row');
    await expect(rows).toHaveCount(Math.min(10, transfers.length));
    await expect(page.getByRole('columnheader')).toHaveText(['Event', 'Date', 'Price', 'From', 'To', 'Transaction']);
    for (const [i, t] of transfers.slice(0, 10).entries()) {
      const row = rows.nth(i);
      const mint = t.fromAddress === ZERO;
      await expect(row.getByTestId('history-event')).toHaveText(mint ? 'Minted' : 'Transferred');
      // No sale prices on this chain: every price is '0', shown as 'Mint'.
      await expect(row.getByTestId('history-price')).toHaveText('Mint');
      if (mint) await expect(row.getByTestId('history-from')).toHaveText('Mint');
      else await expect(row.getByTestId('history-from').getByRole('link')).toHaveAttribute('href', `/address/${t.fromAddress}`);
      await expect(row.getByTestId('history-to').getByRole('link')).toHaveAttribute('href', `/address/${t.toAddress}`);
      await expect(row.getByTestId('history-tx').getByRole('link')).toHaveAttribute('href', `/transactions/${t.transactionHash}`);
      await expect(row.getByTestId('history-date')).toContainText('UTC');
    }
    await expect(rows.filter({ hasText: 'Transferred' }).first()).toBeVisible();
    await rows.first().getByTestId('history-tx').getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/transactions/${transfers[0]?.transactionHash}$`));
  });

  test('ERC-1155 items: the real standard and the largest holder', async ({ page }) => {
    const { address, tokenIds } = scenario().erc1155;
    const item = await indexerJson<ItemJson>(`/nfts/${address}/${tokenIds[0]}`);
    await page.goto(`/nfts/${address}/${tokenIds[0]}`);
    await expect(page.getByTestId('nft-title')).toHaveText(item.name);
    await expect(page.getByTestId('nft-detail-standard')).toHaveText('ERC-1155');
    await expect(page.getByText('Owner (largest holder)')).toBeVisible();
    await expect(page.getByTestId('nft-detail-owner').getByRole('link')).toHaveAttribute('href', `/address/${item.owner}`);
  });

  test("'NFT not found' (404), malformed address or id (400), the /nft redirect", async ({ page }) => {
    const { address } = shapes();
    await expectPageStatus(page, `/nfts/${address}/999999999`, 404);
    await expect(page.getByTestId('error')).toContainText('NFT not found');
    await expect(page.getByRole('link', { name: 'Back to NFTs' })).toHaveAttribute('href', '/nfts');
    // A token contract is no collection: its items are not found either.
    await expectPageStatus(page, `/nfts/${scenario().tokens[0]?.address}/1`, 404);
    await expect(page.getByTestId('error')).toContainText('NFT not found');
    for (const path of [`/nfts/0x123/1`, `/nfts/${address}/abc`, `/nfts/${address}/-1`, `/nfts/${address}/1.5`]) {
      await expectPageStatus(page, path, 400);
      await expect(page.getByTestId('error')).toContainText('Invalid NFT address or token ID');
      await expect(page.getByRole('link', { name: 'Back to NFTs' })).toBeVisible();
    }
    await page.goto(`/nft/${address}/1`);
    await expect(page).toHaveURL(new RegExp(`/nfts/${address}/1$`));
    await expect(page.getByTestId('nft-title')).toHaveText(`${shapes().name} #1`);
  });
});

test.describe('collection page', () => {
  test('name, symbol, standard, figures, contract link and a paged grid of items', async ({ page }) => {
    const { address, name, symbol } = shapes();
    const collection = await indexerJson<CollectionJson & { transfers: number }>(`/nfts/${address}`);
    await page.goto(`/nfts/${address}`);
    await expect(page.getByTestId('collection-name')).toHaveText(name);
    await expect(page.getByTestId('collection-symbol')).toHaveText(symbol);
    await expect(page.getByTestId('collection-standard')).toHaveText('ERC-721');
    await expect(page.getByRole('link', { name: new RegExp(address, 'i') })).toHaveAttribute('href', new RegExp(`/address/${address}$`, 'i'));
    const items = Number((await page.getByTestId('collection-items').textContent())?.replace(/,/g, ''));
    expect(items).toBeGreaterThanOrEqual(collection.items);
    await expect(page.getByTestId('collection-transfers')).toHaveText(/^[\d,]+$/);
    await expect(page.getByTestId('collection-floor')).toHaveText('0.00 STO');
    await expect(cards(page)).toHaveCount(12);
    const hrefs = await cardHrefs(page);
    expect(hrefs.map(lc)).toEqual(Array.from({ length: 12 }, (_, i) => `/nfts/${lc(address)}/${i + 1}`));
    await page.getByTestId('pagination').getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(cards(page).first().getByTestId('nft-token-id')).toHaveText('#13');
  });

  test("'Collection not found' (404) and a malformed address (400)", async ({ page }) => {
    await expectPageStatus(page, `/nfts/${scenario().tokens[0]?.address}`, 404);
    await expect(page.getByTestId('error')).toContainText('Collection not found');
    await expect(page.getByRole('link', { name: 'Back to NFTs' })).toHaveAttribute('href', '/nfts');
    await expectPageStatus(page, '/nfts/0xnothex', 400);
    await expect(page.getByTestId('error')).toContainText('Invalid collection address');
  });
});

test.describe('NFT images', () => {
  test('missing or unsafe images use placeholder (tokenId mod 5) + 1', async ({ page }) => {
    const h = hostile();
    await page.goto(`/nfts/${h.address}`);
    for (const key of ['script', 'javascriptUrls', 'rawJavascriptUri', 'brokenJson', 'plainJson']) {
      const id = h.tokenIds[key] ?? 0;
      const card = cards(page).filter({ has: page.getByTestId('nft-token-id').getByText(`#${id}`, { exact: true }) });
      const img = card.getByTestId('nft-placeholder');
      await expect(img, key).toHaveAttribute('src', `/nft-placeholders/${(id % 5) + 1}.svg`);
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    }
    // The long-name item's on-chain SVG (which carries a script) is used as an image, never inlined.
    const svg = cards(page).filter({ has: page.getByTestId('nft-token-id').getByText(`#${h.tokenIds['longName']}`, { exact: true }) });
    await expect(svg.getByTestId('nft-image')).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
    await expect(page.locator('main svg script, main foreignObject')).toHaveCount(0);
  });

  test('a failed load falls back to placeholder 1; ipfs:// images load through the gateway', async ({ page }) => {
    test.setTimeout(60_000);
    const h = hostile();
    const closed = await mintWithImage('http://127.0.0.1:9/closed-port.png');
    await page.goto(`/nfts/${h.address}/${closed}`);
    const img = page.locator('main').getByTestId('nft-image');
    await expect(img).toHaveAttribute('src', '/nft-placeholders/1.svg');
    await expect(img).toHaveAttribute('data-failed', '1');

    // The indexer rewrites ipfs:// through the same default gateway the site uses; answer it locally.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    await page.route('https://ipfs.io/ipfs/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: png }));
    const ipfs = await mintWithImage('ipfs://bafyprobe/1.png');
    await page.goto(`/nfts/${h.address}/${ipfs}`);
    await expect(img).toHaveAttribute('src', 'https://ipfs.io/ipfs/bafyprobe/1.png');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    await expect(img).not.toHaveAttribute('data-failed', '1');
  });
});

test.describe('hostile metadata at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  /** The literal payload is shown as text, bidi-isolated, within the viewport. */
  async function expectText(locator: Locator, text: string): Promise<void> {
    await expect(locator.first()).toHaveText(text);
    expect(await locator.first().evaluate((el) => el.querySelector('bdi') !== null || getComputedStyle(el).unicodeBidi === 'isolate')).toBe(true);
  }

  test('list, detail tabs, collection page and the address NFTs tab render every payload as text', async ({ page }) => {
    const h = hostile();
    const dialogs = forbidDialogs(page);
    const script = '<script>alert(1)</script>';

    await page.goto('/nfts?sort=new&size=48');
    await expectText(page.getByTestId('collection-link').filter({ hasText: 'Hostile Collection' }), h.name);
    const scriptCard = cards(page).filter({ has: page.getByTestId('nft-token-id').getByText(`#${h.tokenIds['script']}`, { exact: true }) }).filter({ hasText: 'Hostile' });
    await expectText(scriptCard.getByTestId('nft-name'), script);
    await expectText(scriptCard.getByTestId('nft-collection'), h.name);
    await expect(scriptCard.getByTestId('nft-placeholder')).toHaveAttribute('src', `/nft-placeholders/${(h.tokenIds['script'] ?? 0) % 5 + 1}.svg`);
    const long = cards(page).filter({ has: page.getByTestId('nft-token-id').getByText(`#${h.tokenIds['longName']}`, { exact: true }) }).filter({ hasText: 'Hostile' }).getByTestId('nft-name');
    // Very long names are cut by CSS; the full text stays in the title.
    expect(await long.evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).textOverflow === 'ellipsis')).toBe(true);
    await expect(long).toHaveAttribute('title', /^The Extraordinarily Long/);
    await expectInert(page);

    await page.goto(`/nfts/${h.address}/${h.tokenIds['javascriptUrls']}`);
    await expectText(page.getByTestId('nft-title'), (await indexerJson<ItemJson>(`/nfts/${h.address}/${h.tokenIds['javascriptUrls']}`)).name);
    await expect(page.getByTestId('nft-description')).toHaveText('<a href="javascript:alert(1)">click me</a>');
    await expect(page.locator('main').getByTestId('nft-placeholder')).toHaveAttribute('src', `/nft-placeholders/${(h.tokenIds['javascriptUrls'] ?? 0) % 5 + 1}.svg`);
    await expectInert(page);

    await page.goto(`/nfts/${h.address}/${h.tokenIds['script']}?tab=properties`);
    await expect(page.getByTestId('nft-trait-value')).toHaveText([script, '<img src=x onerror=alert(1)>']);
    await expectText(page.getByTestId('nft-trait-type').nth(1), '<img src=x onerror=alert(1)>');
    await expectInert(page);

    await page.goto(`/nfts/${h.address}/${h.tokenIds['longName']}?tab=properties`);
    await expectText(page.getByTestId('nft-trait-value').nth(1), '\u202etxet desrever');
    await expectInert(page);

    await page.goto(`/nfts/${h.address}/${h.tokenIds['script']}?tab=history`);
    await expect(page.getByTestId('nft-history-row').first().getByTestId('history-event')).toHaveText('Minted');
    await expectInert(page);

    await page.goto(`/nfts/${h.address}`);
    await expectText(page.getByTestId('collection-name'), h.name);
    await expectText(page.getByTestId('collection-symbol'), h.symbol);
    await expectInert(page);

    const owner = (await indexerJson<ItemJson>(`/nfts/${h.address}/${h.tokenIds['script']}`)).owner ?? '';
    await page.goto(`/address/${owner}?tab=nfts`);
    const card = cards(page).filter({ hasText: h.name }).filter({ has: page.getByTestId('nft-token-id').getByText(`#${h.tokenIds['script']}`, { exact: true }) });
    await expectText(card.getByTestId('nft-name'), script);
    await expect(card.getByTestId('nft-placeholder')).toHaveAttribute('src', /^\/nft-placeholders\/[1-5]\.svg$/);
    await expectInert(page);

    expect(dialogs).toEqual([]);
  });
});
