import { createHash } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { scenario, screens, test } from './fixtures.ts';

// Security: the web's security headers on every route of the site, and pages that still work under their
// Content-Security-Policy (the fixture fails any test whose pages Chromium reports a violation on; these tests visit
// every screen once more with the live parts running).

/** Every page route of the site: the read screens, the live and form pages, the legal pages and the 404. */
function pages(): Array<[string, string]> {
  const s = scenario();
  return [
    ...screens(),
    ['AI dashboard', '/ai-dashboard'],
    ['AI test', '/ai-test'],
    ['token admin', '/token-admin'],
    ['cookie policy', '/cookie-policy'],
    ['terms of service', '/terms-of-service'],
    ['contract interact tab', `/contracts/${s.erc1155.address}?tab=interact`],
    ['blocks, bad page', '/blocks?page=-1'],
    ['transaction, malformed hash', '/transactions/0x123'],
    // What a visitor typed comes back in links and form values: never taken for one of the page's scripts.
    ['address, hostile tab', `/address/${s.accounts[1]}?size=7&page=-3&tab=%3Cscript%3E`],
    ['search, hostile query', '/search?q=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E'],
    ['NFT list, hostile query', '/nfts?q=%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E'],
  ];
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

/** The SHA-256 source expressions of the inline scripts a page runs, read by Chromium's own HTML parser. */
async function inlineScripts(page: Page, html: string): Promise<string[]> {
  const texts = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'text/html');
    return [...doc.querySelectorAll('script')]
      .filter((s) => !s.hasAttribute('src') && ['', 'module', 'text/javascript'].includes((s.getAttribute('type') ?? '').trim().toLowerCase()))
      .map((s) => s.textContent ?? '');
  }, html);
  return [...new Set(texts.map((text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`))];
}

function expectCommonHeaders(headers: Record<string, string>, where: string): void {
  expect(headers['x-content-type-options'], where).toBe('nosniff');
  expect(headers['referrer-policy'], where).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options'], where).toBe('DENY');
  // The tests reach the site over plain http from loopback: no Strict-Transport-Security then.
  expect(headers['strict-transport-security'], where).toBeUndefined();
}

test.describe('security headers', () => {
  test('every page has a Content-Security-Policy that allows no inline script but its own, and no framing', async ({ request, page }) => {
    test.setTimeout(120_000);
    for (const [name, path] of pages()) {
      const res = await request.get(path, { maxRedirects: 0 });
      const where = `${name} (${path}): ${res.status()}`;
      expect(res.status(), where).toBeLessThan(500);
      const headers = res.headers();
      expectCommonHeaders(headers, where);
      expect(headers['content-type'], where).toMatch(/^text\/html/);
      const policy = directives(headers['content-security-policy'] ?? '');
      expect(policy.get('frame-ancestors'), where).toEqual(["'none'"]);
      expect(policy.get('object-src'), where).toEqual(["'none'"]);
      expect(policy.get('base-uri'), where).toEqual(["'none'"]);
      const scripts = policy.get('script-src') ?? [];
      expect(scripts[0], where).toBe("'self'");
      for (const banned of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", '*', 'http:', 'https:', 'data:']) {
        expect(scripts, where).not.toContain(banned);
      }
      // Exactly the page's own inline scripts are allowed, and every one of them is.
      const own = await inlineScripts(page, await res.text());
      expect(own.length, where).toBeGreaterThan(0);
      expect(scripts.slice(1).sort(), where).toEqual(own.sort());
      expect(policy.get('default-src'), where).toEqual(["'self'"]);
      expect(policy.get('connect-src'), where).toContain("'self'");
    }
  });

  test('answers that are not pages carry the headers too: built scripts, files, redirects, a 404 and the theme form', async ({ request, page }) => {
    await page.goto('/');
    const script = await page.evaluate(() => document.querySelector<HTMLScriptElement>('script[type="module"][src^="/_astro/"]')?.getAttribute('src') ?? '');
    expect(script).toMatch(/^\/_astro\//);
    const s = scenario();
    for (const [path, status] of [
      [script, 200],
      ['/favicon.svg', 200],
      ['/nft-placeholders/1.svg', 200],
      // A configured alias redirect and the search flow's redirect.
      [`/tx/${s.samples.erc20Transfer}`, 301],
      [`/search?q=${s.busyBlock.number}`, 302],
      ['/token-logos/%3Cscript%3E.png', 404],
    ] as Array<[string, number]>) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(status);
      expectCommonHeaders(res.headers(), path);
    }
    const theme = await request.post('/theme', { form: { theme: 'dark' }, maxRedirects: 0 });
    expect(theme.status()).toBeLessThan(500);
    expectCommonHeaders(theme.headers(), 'POST /theme');
  });

  test('Strict-Transport-Security when a trusted proxy says the visitor came over https, not otherwise', async ({ request }) => {
    for (const path of ['/', '/privacy-policy', '/favicon.svg']) {
      const over = await request.get(path, { headers: { 'x-forwarded-proto': 'https' } });
      expect(over.headers()['strict-transport-security'], path).toBe('max-age=31536000; includeSubDomains');
      const plain = await request.get(path, { headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.headers()['strict-transport-security'], path).toBeUndefined();
    }
  });

  test('the pages work under their policy: every screen loads its live parts without a violation', async ({ page }) => {
    test.setTimeout(180_000);
    for (const [name, path] of pages()) {
      const res = await page.goto(path);
      expect(res?.status() ?? 0, name).toBeLessThan(500);
      await expect(page.locator('html'), name).toHaveAttribute('data-scripts', 'ready');
    }
    // The header's live gas price is an island, hydrated through Astro's inline loader.
    await page.goto('/');
    await expect(page.getByTestId('gas-price').first()).toHaveText(/\d/, { timeout: 15_000 });
  });

  test('markup that slipped into a page cannot run: inline handlers and injected scripts are refused', async ({ browser }) => {
    // A page of its own (not the fixture's), since this test makes the browser report violations on purpose.
    const page = await browser.newPage();
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    await page.goto('/blocks');
    await expect(page.locator('html')).toHaveAttribute('data-scripts', 'ready');
    const ran = await page.evaluate(async () => {
      const probe = window as unknown as { injected?: number };
      const box = document.createElement('div');
      box.innerHTML = '<img src="/nft-placeholders/missing.png" onerror="window.injected=1">';
      const img = box.querySelector('img');
      // The inline handler, registered first, would have run before this listener hears the failed load.
      const failed = new Promise((resolve) => img?.addEventListener('error', resolve, { once: true }));
      document.body.append(box);
      await failed;
      const script = document.createElement('script');
      script.textContent = 'window.injected = 2';
      document.body.append(script);
      return probe.injected ?? 0;
    });
    expect(ran).toBe(0);
    await expect.poll(() => refused.length).toBeGreaterThanOrEqual(2);
    expect(refused.join('\n')).toMatch(/script-src/);
    await page.close();
  });
});
