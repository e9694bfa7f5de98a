import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { scenario, test } from './fixtures.ts';

const CLIENT_DIR = new URL('../../dist/client/', import.meta.url);

/** A built chunk's text, by its URL path ('/_astro/x.js'). */
function chunkText(path: string): string {
  return readFileSync(new URL(`.${path}`, CLIENT_DIR), 'utf8');
}

/** Every chunk reachable from some entry chunks through static and dynamic imports (the whole code a page can load). */
function reachableChunks(entries: readonly string[]): Map<string, string> {
  const seen = new Map<string, string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const path = queue.pop()!;
    if (seen.has(path)) continue;
    const text = chunkText(path);
    seen.set(path, text);
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g)) {
      queue.push(new URL(match[1]!, `http://x${path}`).pathname);
    }
  }
  return seen;
}

/** The script chunks a page names: module scripts and islands' component and renderer URLs. */
async function entryChunks(page: Page): Promise<string[]> {
  const urls = await page.evaluate(() => [
    ...Array.from(document.querySelectorAll('script[src]'), (s) => s.getAttribute('src')),
    ...Array.from(document.querySelectorAll('script[data-src]'), (s) => s.getAttribute('data-src')),
    ...Array.from(document.querySelectorAll('astro-island'), (el) => [el.getAttribute('component-url'), el.getAttribute('renderer-url')]).flat(),
    ...Array.from(document.querySelectorAll('script:not([src])'), (s) => Array.from((s.textContent ?? '').matchAll(/["'](\/_astro\/[^"']+\.js)["']/g), (m) => m[1])).flat(),
  ]);
  return [...new Set(urls.filter((u): u is string => !!u && u.startsWith('/_astro/')))];
}

/** Indexer paths of the resource modules (src/lib/indexer/*) as they appear in built code. */
const RESOURCE_MARKERS: Readonly<Record<string, string>> = {
  'blocks by hash': '/blocks/hash/',
  'transaction receipts': '/receipt',
  'decoded transactions': '/decoded',
  'address and account': '/account/',
  'address NFT transfers': '/nft-transfers',
  holders: '/holders/',
  contracts: '/contracts/',
  NFTs: '/nfts',
  'validator count': '/stats/validators/count',
  'contract counts': '/stats/contracts/count',
  'health': '/health',
  'blocks list': '/blocks',
  'transactions list': '/transactions',
  'network statistics': '/stats/tps',
  'RPC proxy': '/proxy/rpc',
  search: '/search',
};

/** Which resource markers occur in some code. */
function resourcesIn(code: string): string[] {
  return Object.entries(RESOURCE_MARKERS).filter(([, marker]) => code.includes(`"${marker}`) || code.includes(`\`${marker}`) || code.includes(`'${marker}`)).map(([name]) => name);
}

/**
 * Bytes of every script a page runs before any interaction as the server sends them (the body's Content-Length:
 * compressed when it is), plus its inline blocks gzipped (they travel inside the compressed HTML).
 */
async function scriptBytesBeforeInteraction(page: Page, path: string, exclude?: RegExp): Promise<{ bytes: number; urls: string[]; files: Record<string, number> }> {
  const urls: string[] = [];
  const files: Record<string, number> = {};
  let bytes = 0;
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script' || exclude?.test(res.url())) return;
    urls.push(res.url());
    pending.push(
      res.body().then((body) => {
        const length = res.headers()['content-length'];
        const size = length === undefined ? body.length : Number(length);
        // Every script but the smallest (under 512 B, not worth the framing) is served compressed.
        if (body.length >= 512) expect(res.headers()['content-encoding'], res.url()).toMatch(/^(br|gzip)$/);
        files[new URL(res.url()).pathname] = size;
        bytes += size;
      }),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  // Let idle/visible islands and timers start, as a visitor who only looks would.
  await page.waitForTimeout(1_500);
  await Promise.all(pending);
  const inline = await page.evaluate(() => Array.from(document.querySelectorAll('script:not([src])'), (s) => s.textContent ?? '').join('\n'));
  bytes += gzipSync(Buffer.from(inline)).length;
  return { bytes, urls, files };
}

const KB = 1024;
const SHELL_BUDGET = 5 * KB;

test.describe('JavaScript budgets before interaction (bytes transferred)', () => {
  for (const path of ['/terms-of-service', '/privacy-policy', '/cookie-policy', '/search?q=Sto', '/no-such-page']) {
    test(`shell-only page ${path} ≤ 5 KB and no framework runtime`, async ({ page }) => {
      const { bytes, urls } = await scriptBytesBeforeInteraction(page, path);
      console.log(`budget ${path}: ${bytes} B transferred, ${urls.length} script file(s)`);
      expect(urls.filter((u) => /react|client\.[\w-]+\.js|SearchBox/i.test(u))).toEqual([]);
      expect(bytes).toBeLessThanOrEqual(SHELL_BUDGET);
    });
  }

  test('home ≤ 25 KB and no framework: its live parts are plain HTML and a small script', async ({ page }) => {
    const { bytes, urls, files } = await scriptBytesBeforeInteraction(page, '/');
    console.log(`budget /: ${bytes} B transferred, ${urls.length} script file(s)`);
    for (const [file, size] of Object.entries(files)) console.log(`  ${file}: ${size} B`);
    expect(bytes).toBeLessThanOrEqual(25 * KB);
    // React (Astro's React client) is not fetched until a visitor uses the search box.
    expect(urls.filter((u) => /\/client\.[\w-]+\.js|react/i.test(u))).toEqual([]);
    // The only islands are the search boxes, which wait for use; their code is named by no script tag or preload
    // link of the document (Astro loads it on the island's directive).
    const wiring = await page.evaluate(() => {
      const islands = Array.from(document.querySelectorAll('astro-island'));
      const islandUrls = new Set(
        islands.flatMap((el) => [el.getAttribute('component-url'), el.getAttribute('renderer-url')]).filter((u): u is string => !!u).map((u) => new URL(u, location.href).href),
      );
      const named = [
        ...Array.from(document.querySelectorAll('script[src]'), (s) => (s as HTMLScriptElement).src),
        ...Array.from(document.querySelectorAll('link[rel="modulepreload"], link[rel="preload"]'), (l) => (l as HTMLLinkElement).href),
      ];
      return {
        namedByDocument: named.filter((u) => islandUrls.has(u)),
        directives: islands.map((el) => `${/\/(\w+)\.[\w-]+\.js$/.exec(el.getAttribute('component-url') ?? '')?.[1] ?? '?'}:${el.getAttribute('client') ?? ''}`).sort(),
      };
    });
    expect(wiring.namedByDocument).toEqual([]);
    expect(new Set(wiring.directives)).toEqual(new Set(['SearchBox:interaction']));
  });

  test('block, transaction, address, token and NFT pages and their lists ≤ 10 KB', async ({ page }) => {
    test.setTimeout(180_000);
    const s = scenario();
    const paths = [
      '/blocks',
      '/blocks?withTxs=1&size=50',
      `/blocks/${s.busyBlock.number}`,
      '/transactions',
      `/transactions/${s.samples.erc20Transfer}`,
      `/transactions/${s.samples.erc20Transfer}?tab=input`,
      `/address/${s.accounts[0]}`,
      `/address/${s.holderToken.address}?tab=holders`,
      '/nfts',
      '/nfts?sort=new&size=48',
      `/nfts/${s.nfts[0]?.address}/1`,
      `/nfts/${s.nfts[0]?.address}/1?tab=history`,
      `/nfts/${s.nfts[0]?.address}`,
      '/tokens',
      `/tokens/${s.holderToken.address}`,
      `/tokens/${s.holderToken.address}?tab=transfers`,
      `/tokens/${s.holderToken.address}?tab=holders`,
    ];
    for (const path of paths) {
      // The token price chart and uPlot (a chunk shared with the AI dashboard's charts, named after the uPlot module
      // the build puts it with) load only when the chart scrolls into view and are outside the budget by the issue's terms.
      const { bytes } = await scriptBytesBeforeInteraction(page, path, /\/(token-price-chart|uPlot\.min|uplot-styles)\./);
      console.log(`budget ${path}: ${bytes} B transferred`);
      expect(bytes, path).toBeLessThanOrEqual(10 * KB);
    }
  });

  test('the AI dashboard ≤ 110 KB (its figures, tables and SVG graphics are HTML)', async ({ page }) => {
    for (const path of ['/ai-dashboard', '/ai-dashboard?tab=visualization', '/ai-dashboard?tab=metrics']) {
      const { bytes } = await scriptBytesBeforeInteraction(page, path);
      console.log(`budget ${path}: ${bytes} B transferred`);
      expect(bytes, path).toBeLessThanOrEqual(110 * KB);
    }
  });

  test('AI test page ≤ 110 KB and no framework: a plain script runs its test flow', async ({ page }) => {
    const { bytes, urls, files } = await scriptBytesBeforeInteraction(page, '/ai-test');
    console.log(`budget /ai-test: ${bytes} B transferred, ${urls.length} script file(s)`);
    for (const [file, size] of Object.entries(files)) console.log(`  ${file}: ${size} B`);
    expect(bytes).toBeLessThanOrEqual(110 * KB);
    expect(urls.filter((u) => /\/client\.[\w-]+\.js|react/i.test(u))).toEqual([]);
  });

  test("the header's theme toggle is a few hundred bytes of script, with no framework and nothing to fetch", async ({ page }) => {
    const TOGGLE_BUDGET = 600;
    for (const path of ['/terms-of-service', '/blocks']) {
      await page.goto(path);
      // Astro inlines the toggle's small module in the page; should it ever become a file, that file is measured.
      const toggle = await page.evaluate(() => {
        const inline = Array.from(document.querySelectorAll('script:not([src])'), (s) => s.textContent ?? '').filter((t) => t.includes('data-theme-toggle'));
        const files = Array.from(document.querySelectorAll('script[src], script[data-src]'), (s) => s.getAttribute('src') ?? s.getAttribute('data-src') ?? '').filter((u) => /ThemeToggle/.test(u));
        return { inline, files };
      });
      const code = toggle.inline.length === 1 && toggle.files.length === 0 ? toggle.inline[0]! : toggle.files.length === 1 ? chunkText(toggle.files[0]!) : null;
      expect(code, `${path}: one toggle script (${toggle.inline.length} inline, ${toggle.files.length} files)`).not.toBeNull();
      const bytes = gzipSync(Buffer.from(code ?? '')).length;
      console.log(`budget theme toggle ${path}: ${bytes} B gzip (${(code ?? '').length} B)`);
      expect(bytes, path).toBeLessThanOrEqual(TOGGLE_BUDGET);
      // No imports: nothing else is fetched for it.
      expect(code ?? '').not.toMatch(/\bimport\s*[("'{*\w]/);
    }
  });

  test('the search suggestions code loads on first focus of the box', async ({ page }) => {
    const loaded: string[] = [];
    page.on('response', (res) => { if (res.request().resourceType() === 'script') loaded.push(res.url()); });
    await page.goto('/search?q=Sto', { waitUntil: 'networkidle' });
    expect(loaded.some((u) => /SearchBox/.test(u))).toBe(false);
    await page.getByPlaceholder('Search by Block / Txn / Address / Token').first().focus();
    await expect.poll(() => loaded.some((u) => /SearchBox/.test(u))).toBe(true);
  });
  test('the header loads only the RPC resource; the search box adds search and the token list when used', async ({ page }) => {
    await page.goto('/terms-of-service');
    const entries = await entryChunks(page);
    const scripts = entries.filter((u) => !/SearchBox|client\.|react/i.test(u));
    const header = resourcesIn([...reachableChunks(scripts).values()].join('\n'));
    console.log(`header scripts ${scripts.join(', ')}: ${header.join(', ')}`);
    expect(header).toEqual(['RPC proxy']);
    const search = entries.filter((u) => /SearchBox/.test(u));
    expect(search).toHaveLength(1);
    expect(resourcesIn([...reachableChunks(search).values()].join('\n'))).toEqual(['search']);
  });

  test("the home page's live script can load only the resources the home page reads", async ({ page }) => {
    await page.goto('/');
    const scripts = await page.evaluate(() =>
      Array.from(document.querySelectorAll('script[type="text/x-after-paint"]'), (el) => el.getAttribute('data-src') ?? ''),
    );
    const home = scripts.filter((u) => /\/index\.astro_astro_type_script/.test(u));
    expect(home).toHaveLength(1);
    const chunks = reachableChunks(home);
    const found = resourcesIn([...chunks.values()].join('\n'));
    console.log(`home live script: ${chunks.size} chunk(s), ${[...chunks.values()].reduce((n, t) => n + gzipSync(t).length, 0)} B gzip in all, resources: ${found.join(', ')}`);
    expect(found.sort()).toEqual(['blocks list', 'health', 'network statistics', 'RPC proxy', 'transactions list'].sort());
  });
  test('the verification form island loads only where the form is shown', async ({ page }) => {
    const s = scenario();
    const loaded: string[] = [];
    page.on('response', (res) => { if (res.request().resourceType() === 'script') loaded.push(res.url()); });
    // A wallet, and a contract's Transactions tab: no form, no island.
    for (const path of [`/address/${s.accounts[0]}`, `/address/${s.playground.address}`]) {
      loaded.length = 0;
      await page.goto(path, { waitUntil: 'networkidle' });
      expect(loaded.filter((u) => /VerifyForm/.test(u)), path).toEqual([]);
    }
    const { bytes, urls } = await scriptBytesBeforeInteraction(page, '/verify-contract');
    console.log(`budget /verify-contract: ${bytes} B transferred, ${urls.length} script file(s)`);
    expect(urls.some((u) => /VerifyForm/.test(u))).toBe(true);
    // React and the form; the indexer transport and the contracts resource load only when the form is sent.
    expect(bytes).toBeLessThanOrEqual(110 * KB);
    expect(urls.filter((u) => /\/transport\.|\/contracts\./.test(u))).toEqual([]);
  });
});
