import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { wcagScan } from './axe.ts';
import { expect, type Browser, type Page } from '@playwright/test';
import { buildRouter } from '../../indexer/src/api/routes.ts';
import type { ApiContext } from '../../indexer/src/api/context.ts';
import { openDatabase } from '../../indexer/src/store/sqlite.ts';
import { SqliteStore } from '../../indexer/src/store/sqlite.ts';
import { createApiServer } from '../../indexer/src/http/server.ts';
import { encodePng } from '../../src/lib/server/png.ts';
import { bannerSettled, hydrated, indexerJson, scenario, test } from './fixtures.ts';

// The token admin against the run's stack: real logins against the configured hash, the throttle, real
// uploads stored by the indexer and shown wherever the token appears, and refusals checked on the server. Uploads
// go to the hostile 'rtl' and 'long-name' tokens, whose logos no other test looks at.

const USER = () => env('E2E_ADMIN_USER');
const PASSWORD = () => env('E2E_ADMIN_PASSWORD');

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run through the Playwright global setup`);
  return value;
}

const lower = (a: string) => a.toLowerCase();
const hostileToken = (role: string) => {
  const t = scenario().hostile.erc20.find((h) => h.role === role);
  if (!t) throw new Error(`no hostile token ${role}`);
  return { ...t, address: lower(t.address) };
};

/** A square PNG of one colour. */
function png(size: number, rgba: [number, number, number, number]): Buffer {
  const pixels = new Uint8Array(size * size * 4);
  for (let i = 0; i < pixels.length; i += 4) pixels.set(rgba, i);
  return encodePng(size, size, pixels);
}

const SAFE_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#0a7"/></svg>';
const SCRIPT_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="document.title=\'ran\'"><script>document.title="ran"</script><rect width="10" height="10"/></svg>';

async function login(page: Page, user = USER(), password = PASSWORD(), scripts = true): Promise<void> {
  await page.goto('/token-admin');
  await page.getByLabel('Username').fill(user);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  // The answer's scripts load after the first paint, as on every page: wait for them as the fixture's goto does.
  await page.waitForLoadState();
  if (scripts) {
    await page.locator('html[data-scripts="ready"]').waitFor({ state: 'attached' });
    // The panel is a React island (client:load): until it hydrated, its forms are the plain ones.
    await hydrated(page);
  }
}

async function chooseToken(page: Page, address: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search tokens by name, symbol or address' }).fill(address.slice(0, 14));
  await expect(page.getByTestId('admin-token-count')).toHaveText('1 token found');
  await page.locator(`[data-admin-row][data-address="${address}"] a`).click();
  await expect(page.getByTestId('admin-details').locator('[data-field="address"]')).toHaveText(new RegExp(`^${address}$`, 'i'));
}

test.describe('login', () => {
  test('logged out: the login form (username, password, Login, Back to Home)', async ({ page }) => {
    const res = await page.goto('/token-admin');
    expect(res?.status()).toBe(200);
    expect(res?.headers()['cache-control']).toBe('no-store');
    await expect(page.getByLabel('Username')).toHaveAttribute('required', '');
    await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await expect(page.getByTestId('admin-token-list')).toHaveCount(0);
  });

  test('a wrong password and an unknown user get the same answer; the user name typed stays', async ({ browser }) => {
    // Its own client address, so these failures never throttle the other tests.
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.21' } });
    const page = await context.newPage();
    for (const [user, password] of [[USER(), 'wrong password'], ['nobody', PASSWORD()]] as const) {
      await page.goto('/token-admin');
      await page.getByLabel('Username').fill(user);
      await page.getByLabel('Password').fill(password);
      const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name: 'Login' }).click()]);
      expect(response.status()).toBe(401);
      await expect(page.getByTestId('login-error')).toHaveText('Invalid username or password');
      await expect(page.getByLabel('Username')).toHaveValue(user);
      await expect(page.getByLabel('Password')).toHaveValue('');
    }
    await context.close();
  });

  test('right credentials open the panel; Logout ends the session on the server', async ({ page, context }) => {
    await login(page);
    await expect(page.getByTestId('admin-session')).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === 'session_id');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/token-admin', secure: false });
    expect(cookie?.expires).toBe(-1);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    // The old id is worth nothing now, even sent again by hand.
    if (!cookie) throw new Error('no session cookie');
    await context.addCookies([cookie]);
    await page.goto('/token-admin');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });

  test('after 5 failed attempts from one client in 15 minutes: 429, and the form says when to retry', async ({ browser }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.77' } });
    const page = await context.newPage();
    for (let i = 1; i <= 5; i += 1) {
      await login(page, USER(), `wrong ${i}`);
      await expect(page.getByTestId('login-error')).toContainText('Invalid username or password');
    }
    await expect(page.getByTestId('login-retry')).toHaveText('Try again in 15 minutes.');
    // Even the right password is refused now, before it is checked.
    await page.goto('/token-admin');
    await page.getByLabel('Username').fill(USER());
    await page.getByLabel('Password').fill(PASSWORD());
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name: 'Login' }).click()]);
    expect(response.status()).toBe(429);
    expect(Number(response.headers()['retry-after'])).toBeGreaterThan(800);
    await expect(page.getByTestId('login-error')).toContainText('Too many requests: Rate limit exceeded');
    await expect(page.getByTestId('login-retry')).toHaveText(/^Try again in (14|15) minutes\.$/);
    await context.close();
    // Another client is not affected.
    const other = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.78' } });
    const otherPage = await other.newPage();
    await login(otherPage);
    await expect(otherPage.getByTestId('admin-session')).toBeVisible();
    await other.close();
  });

  test('a POST from another site is refused', async ({ request }) => {
    const res = await request.post('/token-admin', { form: { action: 'login', username: USER(), password: PASSWORD() }, headers: { origin: 'https://evil.example' }, maxRedirects: 0 });
    expect(res.status()).toBe(403);
    expect(res.headers()['set-cookie'] ?? '').not.toContain('session_id');
  });
});

test.describe('logos', () => {
  test('a PNG upload shows on the token list, the token page and an address holdings', async ({ page }) => {
    const token = hostileToken('rtl');
    await page.clock.install();
    await login(page);
    await chooseToken(page, token.address);
    const bytes = png(64, [20, 120, 200, 255]);
    await page.locator('#admin-logo-file').setInputFiles({ name: 'rtl-logo.png', mimeType: 'image/png', buffer: bytes });
    await expect(page.getByTestId('admin-file-name')).toHaveText('rtl-logo.png');
    await expect(page.getByTestId('admin-file-size')).toHaveText(`${(bytes.length / 1024).toFixed(1)} KB`);
    await expect(page.locator('[data-admin-preview-img]')).toHaveJSProperty('naturalWidth', 64);
    // From here the page's time moves only when the test says so.
    await page.clock.pauseAt(new Date(Date.now() + 1_000));
    // The upload is held on its way to the server until its 'uploading' state has been seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/token-admin', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await page.getByTestId('admin-upload').click();
    await expect(page.locator('[data-admin-upload]')).toHaveAttribute('data-state', 'uploading');
    await expect(page.getByTestId('admin-upload-status')).toHaveText('Uploading…');
    await expect(page.getByTestId('admin-upload')).toBeDisabled();
    release();
    await expect(page.getByTestId('admin-upload-status')).toHaveText('Logo uploaded successfully');
    await page.unroute('**/token-admin');
    // Sent in place: the page was not reloaded, and the preview of the sent file is gone.
    await expect(page.locator('[data-admin-preview-img]')).toHaveCount(0);
    await expect(page.locator('[data-admin-upload]')).toHaveAttribute('data-state', 'success');
    // The panel's own list and details show the new logo at once.
    const rowImg = page.locator(`[data-admin-row][data-address="${token.address}"] img[data-test="token-logo-img"]`);
    await expect(rowImg).toHaveAttribute('src', new RegExp(`^/token-logos/${token.address}\\.png\\?v=[0-9a-f]{16}$`));
    // The success state resets after 3 seconds.
    await page.clock.runFor(2_900);
    await expect(page.getByTestId('admin-upload-status')).toHaveText('Logo uploaded successfully');
    await page.clock.runFor(200);
    await expect(page.getByTestId('admin-upload-status')).toHaveText('');
    await expect(page.locator('[data-admin-upload]')).toHaveAttribute('data-state', 'idle');
    await page.clock.resume();

    const src = await rowImg.getAttribute('src');
    // The details' current logo is the new one too, and the spec's unversioned URL serves it.
    await expect(page.getByTestId('admin-current-logo').getByTestId('token-logo-img')).toHaveAttribute('src', src ?? '');
    const plain = await page.request.get(`/token-logos/${token.address}.png`);
    expect(plain.headers()['content-type']).toBe('image/png');
    expect(Buffer.from(await plain.body()).equals(bytes)).toBe(true);
    // The token list, the token page and a holder's address page, without a rebuild or restart.
    await page.goto(`/tokens?q=${token.address}`);
    const listLogo = page.locator(`[data-test="token-row"][data-address="${token.address}"]`).getByTestId('token-logo');
    await expect(listLogo).toHaveAttribute('data-state', 'found');
    await expect(listLogo.getByTestId('token-logo-img')).toHaveAttribute('src', src ?? '');
    await expect(listLogo.getByTestId('token-logo-img')).toHaveJSProperty('naturalWidth', 64);
    await page.goto(`/tokens/${token.address}`);
    await expect(page.getByTestId('token-header').getByTestId('token-logo')).toHaveAttribute('data-state', 'found');
    const holders = await indexerJson<Array<{ address: string }>>(`/tokens/${token.address}/holders?limit=1`);
    const holder = holders[0]?.address;
    if (!holder) throw new Error('the rtl token has no holder');
    await page.goto(`/address/${holder}`);
    const holding = page.getByTestId('holding').filter({ has: page.locator(`a[href$="${token.address}" i]`) });
    await expect(holding.getByTestId('token-logo-img')).toHaveAttribute('src', src ?? '');
    // A transaction's token transfer card.
    const transfers = await indexerJson<Array<{ transactionHash: string }>>(`/tokens/${token.address}/transfers?limit=1`);
    const tx = transfers[0]?.transactionHash;
    if (!tx) throw new Error('the rtl token has no transfer');
    await page.goto(`/transactions/${tx}`);
    const card = page.getByTestId('token-transfer').filter({ has: page.locator(`a[href$="${token.address}" i]`) }).first();
    await expect(card.getByTestId('token-logo-img')).toHaveAttribute('src', src ?? '');
    // The header's search suggestions.
    await page.goto('/blocks');
    const search = page.getByTestId('search-form').first();
    await search.getByRole('combobox').click();
    await search.getByRole('combobox').fill(token.address.slice(0, 16));
    await expect(search.getByTestId('search-suggestions')).toHaveAttribute('data-state', 'results');
    await expect(search.getByTestId('suggestion-logo').locator('img').first()).toHaveAttribute('src', src ?? '');
    // The logo itself: PNG, its content hash as ETag, kept for good under its versioned URL.
    const logo = await page.request.get(src ?? '');
    expect(logo.status()).toBe(200);
    expect(logo.headers()['content-type']).toBe('image/png');
    expect(logo.headers()['cache-control']).toContain('immutable');
    expect(Buffer.from(await logo.body()).equals(bytes)).toBe(true);
    const again = await page.request.get(src ?? '', { headers: { 'if-none-match': logo.headers()['etag'] ?? '' } });
    expect(again.status()).toBe(304);
  });

  test('refusals: oversize, not an image, a PNG-named text file, a script-bearing SVG', async ({ page }) => {
    const token = hostileToken('long-name');
    await login(page);
    await chooseToken(page, token.address);
    const file = page.locator('#admin-logo-file');
    const status = page.getByTestId('admin-upload-status');
    const upload = page.getByTestId('admin-upload');

    await upload.click();
    await expect(status).toHaveText('Please select a token and a logo file');

    await file.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(204_801, 1) });
    await expect(status).toHaveText('File size should be less than 200KB');
    await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(status).toHaveText('Please select an image file');

    // These pass the browser's check (an image type) and are refused by the server, which reads the content.
    for (const [name, mimeType, buffer] of [
      ['fake.png', 'image/png', Buffer.from('this is only text, named .png')],
      ['script.svg', 'image/svg+xml', Buffer.from(SCRIPT_SVG)],
    ] as const) {
      await file.setInputFiles({ name, mimeType, buffer });
      await expect(page.getByTestId('admin-file-name')).toHaveText(name);
      const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), upload.click()]);
      expect(response.status()).toBe(415);
      await expect(status).toHaveText('Please select an image file');
      await expect(page.locator('[data-admin-upload]')).toHaveAttribute('data-state', 'error');
    }
    // Nothing was stored for the token.
    const logos = await indexerJson<{ logos: Array<{ address: string }> }>('/token-logos');
    expect(logos.logos.map((l) => l.address)).not.toContain(token.address);
  });

  test('an SVG logo is stored sanitised and served so that nothing in it can run', async ({ page }) => {
    const collection = scenario().nfts[1];
    if (!collection) throw new Error('no second collection');
    const token = { address: lower(collection.address) };
    await login(page);
    await chooseToken(page, token.address);
    const svg = SAFE_SVG.replace('<circle', '<!-- a comment --><metadata>editor</metadata><circle');
    await page.locator('#admin-logo-file').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
    await page.getByTestId('admin-upload').click();
    await expect(page.getByTestId('admin-upload-status')).toHaveText('Logo uploaded successfully');
    const res = await page.goto(`/token-logos/${token.address}.svg`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-type']).toBe('image/svg+xml');
    expect(res?.headers()['x-content-type-options']).toBe('nosniff');
    expect(res?.headers()['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    const body = (await res?.text()) ?? '';
    expect(body).toContain('<circle');
    expect(body).not.toContain('metadata');
    expect(body).not.toContain('comment');
    // The .png name serves the same logo (the spec's URL); the token's pages point at it.
    expect((await page.request.get(`/token-logos/${token.address}.png`)).headers()['content-type']).toBe('image/svg+xml');
  });

  test('the logo route runs no script even if a stored SVG carried one (the policy, not only the sanitiser)', async ({ page }) => {
    // A copy of the indexer's HTTP server over its own database, holding bytes no upload could store.
    const db = openDatabase(':memory:');
    const address = '0x00000000000000000000000000000000000000e1';
    db.prepare('INSERT INTO token_logos (address, logo_type, bytes, hash, uploaded_by, uploaded_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(address, 'svg', Buffer.from(SCRIPT_SVG.replace('<rect', '<foreignObject><iframe src="javascript:document.title=\'ran\'"></iframe></foreignObject><rect')), 'f'.repeat(64), 'test', 0);
    const ctx = { db: new SqliteStore(db), rpc: {}, sync: () => ({}), ipfsGateway: 'https://ipfs.io/ipfs/', cache: false } as unknown as ApiContext;
    const server = createApiServer(buildRouter(ctx), () => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await page.goto(`http://127.0.0.1:${port}/token-logos/${address}.svg`);
      expect(res?.headers()['content-security-policy']).toContain('sandbox');
      await expect(page.locator('svg rect')).toHaveCount(1);
      expect(await page.title()).not.toBe('ran');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      db.close();
    }
  });
});

test.describe('the island', () => {
  test('hydrated: a chosen file is previewed; a PNG dropped on the drop zone is chosen and previewed; the old preview is revoked', async ({ page }) => {
    const token = hostileToken('script');
    // The server render and the first browser render agree: React reports no hydration error.
    const errors: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && !/^Failed to load resource/.test(m.text()) && errors.push(m.text())));
    page.on('pageerror', (e) => void errors.push(e.message));
    await login(page);
    await chooseToken(page, token.address);
    const preview = page.locator('[data-admin-preview-img]');
    await expect(preview).toHaveCount(0);

    await page.locator('#admin-logo-file').setInputFiles({ name: 'chosen.png', mimeType: 'image/png', buffer: png(40, [10, 160, 90, 255]) });
    await expect(page.getByTestId('admin-file-name')).toHaveText('chosen.png');
    await expect(preview).toHaveAttribute('src', /^blob:/);
    await expect(preview).toHaveJSProperty('naturalWidth', 40);
    const first = (await preview.getAttribute('src')) ?? '';

    // A drop, as a browser delivers one: a DataTransfer holding a File, built in the page.
    const dropped = png(32, [200, 100, 20, 255]);
    await page.getByTestId('admin-drop-zone').evaluate((zone, base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
      for (const type of ['dragenter', 'dragover', 'drop']) zone.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
    }, dropped.toString('base64'));
    await expect(page.getByTestId('admin-file-name')).toHaveText('dropped.png');
    await expect(page.getByTestId('admin-file-size')).toHaveText(`${(dropped.length / 1024).toFixed(1)} KB`);
    await expect(preview).toHaveJSProperty('naturalWidth', 32);
    await expect(page.getByTestId('admin-drop-zone')).not.toHaveAttribute('data-dragging', 'true');
    // The form's own input holds the dropped file, and the first preview's URL was revoked.
    expect(await page.locator('#admin-logo-file').evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe('dropped.png');
    const outcome = (url: string) =>
      new Promise<string>((resolve) => {
        const img = new Image();
        img.onload = () => resolve('alive');
        img.onerror = () => resolve('revoked');
        img.src = url;
      });
    expect(await page.evaluate(outcome, (await preview.getAttribute('src')) ?? '')).toBe('alive');
    expect(await page.evaluate(outcome, first)).toBe('revoked');

    // A bad file dropped gets the spec's message before any request.
    let posted = 0;
    page.on('request', (r) => void (r.method() === 'POST' && (posted += 1)));
    await page.getByTestId('admin-drop-zone').evaluate((zone) => {
      const data = new DataTransfer();
      data.items.add(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    await expect(page.getByTestId('admin-upload-status')).toHaveText('Please select an image file');
    await expect(preview).toHaveCount(0);
    await page.getByTestId('admin-upload').click();
    await expect(page.getByTestId('admin-upload-status')).toHaveText('Please select an image file');
    expect(posted).toBe(0);
    expect(errors).toEqual([]);
  });

  test('hostile token names are text in the list and the details; Refresh and Logout act in place', async ({ page }) => {
    await login(page);
    for (const role of ['script', 'rtl', 'long-name']) {
      const token = hostileToken(role);
      await chooseToken(page, token.address);
      const row = page.locator(`[data-admin-row][data-address="${token.address}"]`);
      await expect(row.getByTestId('admin-token-name')).toHaveText(token.name);
      await expect(page.getByTestId('admin-details').locator('[data-field="name"]')).toHaveText(token.name);
    }
    // Nothing a name carries became markup: the panel holds no script, iframe or stray image.
    await expect(page.locator('[data-admin-panel] :is(script, iframe, object, svg, img:not([data-test]))')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { hacked?: unknown }).hacked)).toBeUndefined();

    // A mark on this document: it is still there if nothing reloaded the page.
    await page.evaluate(() => ((window as unknown as { samePage?: boolean }).samePage = true));
    const [list] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === '/token-admin'),
      page.getByRole('link', { name: 'Refresh' }).click(),
    ]);
    expect(list.headers()['content-type']).toMatch(/^application\/json/);
    await expect(page.getByTestId('admin-token-count')).toHaveText('1 token found');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    // The session ended on the server too.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the panel logs in, searches, chooses a token and uploads through plain forms', async ({ page }) => {
    const token = hostileToken('rtl');
    await login(page, USER(), PASSWORD(), false);
    await expect(page.getByTestId('admin-session')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search tokens by name, symbol or address' }).fill(token.address);
    await page.getByRole('region', { name: 'Tokens' }).getByRole('button', { name: 'Search' }).click();
    await expect(page.getByTestId('admin-token-count')).toHaveText('1 token found');
    await page.locator(`[data-admin-row][data-address="${token.address}"] a`).click();
    await expect(page).toHaveURL(new RegExp(`token=${token.address}`));
    await expect(page.getByTestId('admin-details').locator('[data-field="decimals"]')).toHaveText(/^\d+$/);

    // Server-side refusals answer the panel again with the message.
    await page.locator('input[type="file"]').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('plain text') });
    const refused = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByTestId('admin-upload').click()]);
    expect(refused[0].status()).toBe(415);
    await expect(page.getByTestId('admin-upload-status')).toHaveText('Please select an image file');
    await page.locator('input[type="file"]').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(204_801, 7) });
    const big = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByTestId('admin-upload').click()]);
    expect(big[0].status()).toBe(413);
    await expect(page.getByTestId('admin-upload-status')).toHaveText('File size should be less than 200KB');

    const bytes = png(48, [200, 40, 90, 255]);
    await page.locator('input[type="file"]').setInputFiles({ name: 'plain.png', mimeType: 'image/png', buffer: bytes });
    await page.getByTestId('admin-upload').click();
    await expect(page).toHaveURL(new RegExp(`token=${token.address}&uploaded=1`));
    await expect(page.getByTestId('admin-upload-status')).toHaveText('Logo uploaded successfully');
    const img = page.locator(`[data-admin-row][data-address="${token.address}"] img[data-test="token-logo-img"]`);
    const logo = await page.request.get((await img.getAttribute('src')) ?? '');
    expect(Buffer.from(await logo.body()).equals(bytes)).toBe(true);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });
});

/** Every file below a folder. */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

async function loggedInPanel(browser: Browser): Promise<string> {
  const page = await browser.newPage();
  await login(page);
  await expect(page.getByTestId('admin-session')).toBeVisible();
  const html = await (await page.request.get('/token-admin')).text();
  await page.close();
  return html;
}

test('no credential, hash or indexer secret in any built file or server-rendered page', async ({ request, browser }) => {
  test.setTimeout(60_000);
  const hash = env('TOKEN_ADMIN_PASSWORD_HASH');
  const secrets = [USER(), PASSWORD(), hash, ...hash.split('$').slice(4), env('INDEXER_ADMIN_TOKEN')];
  const found: string[] = [];
  const look = (where: string, text: string) => {
    for (const secret of secrets) if (text.includes(secret)) found.push(`${where} contains ${secret.slice(0, 4)}…`);
  };
  const built = files(join(process.cwd(), 'dist'));
  expect(built.length).toBeGreaterThan(20);
  for (const file of built) look(file, readFileSync(file).toString('latin1'));
  const s = scenario();
  const pages = [
    '/', '/blocks', `/blocks/${s.busyBlock.number}`, '/transactions', `/transactions/${s.samples.erc20Transfer}`, `/address/${s.accounts[0]}`,
    '/tokens', `/tokens/${s.holderToken.address}`, '/nfts', `/nfts/${s.nfts[0]?.address}/1`, '/ai-dashboard', '/ai-test', '/search?q=Sto',
    '/verify-contract', `/contracts/${s.playground.address}`, '/privacy-policy', '/cookie-policy', '/token-admin', '/no-such-page',
  ];
  for (const path of pages) {
    const res = await request.get(path);
    look(path, await res.text());
    look(`${path} headers`, JSON.stringify(res.headers()));
  }
  look('/token-admin (logged in)', await loggedInPanel(browser));
  expect(found).toEqual([]);
});

/** Serious or critical axe findings on the page as it is now. */
async function axeFindings(page: Page, name: string): Promise<string[]> {
  await bannerSettled(page);
  const result = await wcagScan(page).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${name}: ${v.id} [${v.impact}] ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1280, 375]) {
    test(`accessible in the ${theme} theme at ${width}px: login, its error, the panel with a token chosen and a message`, async ({ browser }) => {
      test.setTimeout(90_000);
      const context = await browser.newContext({ viewport: { width, height: 900 }, extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${theme === 'light' ? 1 : 2}${width === 375 ? 1 : 2}` } });
      const base = process.env['E2E_SITE_URL'] ?? '';
      await context.addCookies([{ name: 'theme_preference', value: theme, url: base }]);
      const page = await context.newPage();
      const findings: string[] = [];
      await page.goto(`${base}/token-admin`);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      findings.push(...(await axeFindings(page, 'login')));
      await login(page, USER(), 'not the password');
      await expect(page.getByTestId('login-error')).toBeVisible();
      findings.push(...(await axeFindings(page, 'login error')));
      await login(page);
      await chooseToken(page, hostileToken('rtl').address);
      await page.getByTestId('admin-upload').click();
      await page.locator('#admin-logo-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
      await expect(page.getByTestId('admin-upload-status')).toHaveText('Please select an image file');
      findings.push(...(await axeFindings(page, 'panel')));
      await context.close();
      expect(findings).toEqual([]);
    });
  }
}
