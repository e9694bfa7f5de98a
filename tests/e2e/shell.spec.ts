import { chromium, expect } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config.ts';
import { scriptsReady, test } from './fixtures.ts';

test.describe('shared shell', () => {
  test('header, search box and footer on a page', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' }).first();
    for (const [label, href] of [
      ['Home', '/'],
      ['Blocks', '/blocks'],
      ['Transactions', '/transactions'],
      ['NFTs', '/nfts'],
      ['AI Dashboard', '/ai-dashboard'],
    ] as const) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('link', { name: 'AI Dashboard' })).toHaveClass(/from-indigo-600/);
    const dapp = nav.getByRole('link', { name: /dApp/ });
    await expect(dapp).toHaveAttribute('target', '_blank');
    await expect(dapp).toHaveAttribute('rel', /noopener/);
    await expect(page.getByPlaceholder('Search by Block / Txn / Address / Token').first()).toBeVisible();
    await expect(page.getByTestId('gas-price')).toBeVisible();

    const footer = page.getByTestId('site-footer');
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    await expect(footer.getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute('href', '/cookie-policy');
    for (const name of ['API Documentation', 'Developer Resources', 'GitHub', 'X (Twitter)', 'Discord']) {
      await expect(footer.getByRole('link', { name })).toHaveAttribute('target', '_blank');
    }
    await expect(footer.getByRole('link', { name: /Contact/ })).toHaveAttribute('href', /^mailto:/);
    const grants = footer.getByTestId('developer-grants');
    await expect(grants).toHaveText('Developer Grants');
    await expect(grants).toHaveAttribute('aria-disabled', 'true');
    await expect(footer.getByRole('link', { name: 'Developer Grants' })).toHaveCount(0);
  });

  test('empty or whitespace-only search is ignored', async ({ page, baseURL }) => {
    await page.goto('/');
    const island = page.locator('astro-island:has(#header-search-q)');
    const input = island.getByPlaceholder('Search by Block / Txn / Address / Token');
    const navigations: string[] = [];
    page.on('request', (req) => { if (req.isNavigationRequest()) navigations.push(req.url()); });
    // The island hydrates on the first focus (client:interaction): it then handles the submit (Astro drops `ssr`).
    await input.focus();
    await expect(island).not.toHaveAttribute('ssr');
    // The input's pattern stops a blank search in the browser, with or without the island; the island's own check is
    // for a browser that does not validate (novalidate here).
    await island.locator('form').evaluate((form: HTMLFormElement) => { form.noValidate = true; });
    await input.fill('   ');
    await input.press('Enter');
    // A search the island surely sends, trimmed: it is the first navigation since the blank one was pressed.
    await input.fill('  Sto  ');
    await input.press('Enter');
    await page.waitForURL('/search?q=Sto');
    expect(navigations[0]).toBe(`${baseURL}/search?q=Sto`);
  });

  test('mobile menu opens with the toggle and closes on navigation', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, baseURL: process.env['E2E_SITE_URL'] ?? '' });
    const page = await context.newPage();
    await page.goto('/');
    await scriptsReady(page);
    const menu = page.getByTestId('mobile-menu');
    const blocksLink = menu.getByRole('link', { name: 'Blocks', exact: true });
    await expect(blocksLink).toBeHidden();
    await menu.getByText('Menu').click();
    await expect(blocksLink).toBeVisible();
    await expect(menu.getByRole('link', { name: 'AI Dashboard' })).toBeVisible();
    // A link that leaves this page open (the dApp, in a new tab) closes the menu: the Header's script does, as this page
    // is not loaded again.
    const dapp = context.waitForEvent('page');
    await menu.getByRole('link', { name: /dApp/ }).click();
    await (await dapp).close();
    await expect(blocksLink).toBeHidden();
    await menu.getByText('Menu').click();
    await blocksLink.click();
    await expect(page).toHaveURL(/\/blocks$/);
    await expect(page.getByTestId('mobile-menu').getByRole('link', { name: 'Blocks', exact: true })).toBeHidden();
    await context.close();
  });

  test('mobile menu left open is closed when the page comes back from the back/forward cache', async ({ baseURL }) => {
    // Playwright turns Chromium's back/forward cache off; a browser of this test's own, with it on, as a visitor's is.
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, ignoreDefaultArgs: ['--disable-back-forward-cache'] });
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, baseURL: baseURL ?? '' });
    const page = await context.newPage();
    await page.goto('/');
    await scriptsReady(page);
    const menu = page.getByTestId('mobile-menu');
    const blocksLink = menu.getByRole('link', { name: 'Blocks', exact: true });
    await menu.getByText('Menu').click();
    await expect(blocksLink).toBeVisible();
    await page.evaluate(() => { (window as unknown as { kept: boolean }).kept = true; });
    await page.goto('/blocks');
    // Not goBack(): it waits for a load event, which a page restored from the cache does not fire.
    await page.evaluate(() => { history.back(); });
    await expect(page).toHaveURL(`${baseURL}/`);
    // The very page that was left, menu open (not loaded again: the flag survived), and the menu is closed.
    expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
    await expect(blocksLink).toBeHidden();
    await browser.close();
  });

  test('cookie banner appears after 1 s and stores the choice', async ({ page }) => {
    // The browser's clock is Playwright's, so "after 1 s" is exact however slow the machine is.
    // Paused: time moves only when the test says, however long the page takes to load.
    const t0 = new Date('2026-01-01T00:00:00Z');
    await page.clock.install({ time: t0 });
    await page.clock.pauseAt(new Date(t0.getTime() + 1_000));
    // A page of the shell alone (the banner is on every page): a page with islands would wait, with the clock paused,
    // for its idle callback to hydrate them, which goto() waits for.
    await page.goto('/terms-of-service');
    const banner = page.getByTestId('cookie-banner');
    await expect(banner).toBeHidden();
    await page.clock.runFor(990);
    await expect(banner).toBeHidden();
    await page.clock.runFor(20);
    await expect(banner).toBeVisible();
    // As laid out for a reader (innerText), with a space between each word and the links beside it.
    expect((await banner.locator('p').innerText()).replace(/\s+/g, ' ')).toContain('Read our Privacy Policy, Cookie Policy and Terms of Service.');
    await expect(banner.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    await expect(banner.getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute('href', '/cookie-policy');
    await expect(banner.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    await banner.getByRole('button', { name: 'Necessary Only' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookie_consent'))).toBe('necessary');
    await page.reload();
    await page.clock.runFor(1_500);
    await expect(page.getByTestId('cookie-banner')).toBeHidden();
  });

  test('Accept All stores all', async ({ page }) => {
    await page.goto('/blocks');
    const banner = page.getByTestId('cookie-banner');
    await banner.getByRole('button', { name: 'Accept All' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookie_consent'))).toBe('all');
  });

  const aliases: Array<[string, string]> = [
    ['/block/12', '/blocks/12'],
    ['/b/12', '/blocks/12'],
    ['/tx/0xabc', '/transactions/0xabc'],
    ['/transaction/0xabc', '/transactions/0xabc'],
    ['/a/0x00000000000000000000000000000000000000a1', '/address/0x00000000000000000000000000000000000000a1'],
    ['/accounts/0x00000000000000000000000000000000000000a1', '/address/0x00000000000000000000000000000000000000a1'],
    ['/token/0x00000000000000000000000000000000000000a1', '/tokens/0x00000000000000000000000000000000000000a1'],
    ['/t/0x00000000000000000000000000000000000000a1', '/tokens/0x00000000000000000000000000000000000000a1'],
    ['/nft/0x00000000000000000000000000000000000000a1/7', '/nfts/0x00000000000000000000000000000000000000a1/7'],
    ['/contract/0x00000000000000000000000000000000000000a1', '/contracts/0x00000000000000000000000000000000000000a1'],
    ['/c/0x00000000000000000000000000000000000000a1', '/contracts/0x00000000000000000000000000000000000000a1'],
  ];
  for (const [from, to] of aliases) {
    test(`redirect ${from} → ${to}`, async ({ request }) => {
      const res = await request.get(from, { maxRedirects: 0 });
      expect(res.status()).toBe(301);
      expect(res.headers()['location']).toBe(to);
      expect(await res.text()).not.toContain('<script');
    });
  }

  test('unknown routes get the 404 page with a 404 status', async ({ page }) => {
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await expect(page.getByTestId('site-footer')).toBeVisible();
  });

  test('legal pages are prerendered and readable', async ({ page }) => {
    for (const [path, title, fact] of [
      ['/terms-of-service', 'Terms of Service', '100 euro'],
      ['/privacy-policy', 'Privacy Policy', 'within one month'],
      ['/cookie-policy', 'Cookie Policy', 'cookie_consent'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText('October 24, 2025')).toBeVisible();
      await expect(page.getByText(fact).first()).toBeVisible();
    }
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('header, search form and footer still work', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Blocks', exact: true })).toBeVisible();
    await expect(page.getByTestId('site-footer')).toBeVisible();
    const input = page.getByPlaceholder('Search by Block / Txn / Address / Token').first();
    await expect(input).toBeVisible();
    await input.fill('12345');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=12345$/);
  });

  test('the legal pages read without JavaScript', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByText('24 months')).toBeVisible();
    await expect(page.getByText('3 years of inactivity')).toBeVisible();
  });
});
