import { test as base, expect, type Locator, type Page, type Response } from '@playwright/test';
import type { ScenarioInfo } from '../../devnet/types.ts';
import { selectStack } from './stacks.ts';

/** What the devnet scenario of this run deployed and did (published by the global setup). */
export function scenario(): ScenarioInfo {
  const raw = process.env['E2E_SCENARIO'];
  const info = raw ? (JSON.parse(raw) as ScenarioInfo | null) : null;
  if (!info) throw new Error('no devnet scenario: the e2e stack was started against an external indexer');
  return info;
}

/** The bundled indexer of this run. */
export function indexerUrl(): string {
  const url = process.env['E2E_INDEXER_URL'];
  if (!url) throw new Error('E2E_INDEXER_URL is not set: run through the Playwright global setup');
  return url;
}

/** The devnet's JSON-RPC URL of this run. */
export function rpcUrl(): string {
  const url = process.env['E2E_RPC_URL'];
  if (!url) throw new Error('E2E_RPC_URL is not set: the e2e stack did not start a devnet');
  return url;
}

/** GET a JSON document from the run's indexer (to compare pages with the data they show). */
export async function indexerJson<T = unknown>(path: string): Promise<T> {
  const res = await fetch(`${indexerUrl()}${path}`);
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

/** The last block the run's indexer has stored (its /health), -1 before the first. */
export async function indexedHead(): Promise<number> {
  return (await indexerJson<{ lastBlock: number | null }>('/health')).lastBlock ?? -1;
}

/** Waits until the run's indexer has a transaction (its block indexed): its GET /transactions/{hash} answers 200. */
export async function indexedTx(hash: string, timeout = 20_000): Promise<void> {
  await expect.poll(async () => (await fetch(`${indexerUrl()}/transactions/${hash}`)).status, { timeout }).toBe(200);
}

/** One JSON-RPC call to the run's devnet; an RPC error throws with the method's name. */
export async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const res = await fetch(rpcUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/**
 * The screens of the read-only site (a11y and security-header specs), by name, with their paths made from the scenario when asked: Playwright collects tests before
 * the global setup starts the stack, so a spec that makes one test per screen (the accessibility sweep) takes the
 * names now and the paths inside each test.
 */
export const READ_SCREENS: ReadonlyArray<readonly [string, (s: ScenarioInfo) => string]> = [
  ['home', () => '/'],
  ['block list', () => '/blocks'],
  ['block detail', (s) => `/blocks/${s.busyBlock.number}`],
  ['block not found', () => '/blocks/99999999'],
  ['transaction list', () => '/transactions'],
  ['transaction detail', (s) => `/transactions/${s.samples.erc20Transfer}`],
  ['transaction logs', (s) => `/transactions/${s.samples.erc20Transfer}?tab=logs`],
  ['transaction input', (s) => `/transactions/${s.samples.erc20Transfer}?tab=input`],
  ['EIP-7702 transaction (authorizations, access list)', (s) => `/transactions/${s.txTypes.setCodeTx}`],
  ['wallet', (s) => `/address/${s.accounts[0]}`],
  ['token contract holders', (s) => `/address/${s.holderToken.address}?tab=holders`],
  ['token approvals', (s) => `/approvals?address=${s.approvals.owner}`],
  ['token list', () => '/tokens'],
  ['token detail', (s) => `/tokens/${s.holderToken.address}`],
  ['token transfers', (s) => `/tokens/${s.holderToken.address}?tab=transfers`],
  ['token holders', (s) => `/tokens/${s.holderToken.address}?tab=holders`],
  ['hostile token', (s) => `/tokens/${s.hostile.erc20[0]?.address}`],
  ['token not found', () => '/tokens/0x0000000000000000000000000000000000000001'],
  ['NFT list', () => '/nfts'],
  ['NFT list, no match', () => '/nfts?q=zzzz'],
  ['NFT list, new, 48', () => '/nfts?sort=new&size=48'],
  ['NFT detail', (s) => `/nfts/${s.nfts[0]?.address}/1`],
  ['NFT properties', (s) => `/nfts/${s.nfts[0]?.address}/1?tab=properties`],
  ['NFT history', (s) => `/nfts/${s.nfts[0]?.address}/1?tab=history`],
  ['hostile NFT properties', (s) => `/nfts/${s.hostile.erc721.address}/2?tab=properties`],
  ['NFT not found', (s) => `/nfts/${s.nfts[0]?.address}/99999999`],
  ['collection', (s) => `/nfts/${s.nfts[0]?.address}`],
  ['hostile collection', (s) => `/nfts/${s.hostile.erc721.address}`],
  ['verify contract', () => '/verify-contract'],
  ['unverified contract tab (form)', (s) => `/address/${s.erc1155.address}?tab=contract`],
  ['unverified contract page', (s) => `/contracts/${s.erc1155.address}`],
  ['search results', () => '/search?q=Sto'],
  ['search empty', () => '/search?q='],
  ['legal', () => '/privacy-policy'],
  ['not found', () => '/no-such-page'],
];

/** The read screens with their paths. */
export function screens(): Array<[string, string]> {
  const s = scenario();
  return READ_SCREENS.map(([name, path]) => [name, path(s)]);
}

/**
 * Waits until the current document's module scripts have run (the head script then marks <html data-scripts="ready">):
 * the fixture's goto() and reload() do it, but a navigating click or a submitted form waits for none of it, and
 * waitForURL() only for the load event, which can come first (they load after the first paint). Until then a control a
 * script enhances (a page-size select that submits itself, a link handled in place) is its plain HTML self.
 */
export async function scriptsReady(page: Page): Promise<void> {
  await page.locator('html[data-scripts="ready"]').waitFor({ state: 'attached' });
}

/**
 * Waits until React islands have hydrated (Astro removes an island's `ssr` attribute once its component ran in the
 * browser): those the page hydrates by itself (`client:load` and `client:idle`), or only those inside `scope`. Until
 * then an island is its server HTML: a click on its buttons does nothing and no store reaches it. Islands that wait
 * for the visitor (`client:visible` off screen, `client:interaction`) are not waited for unless named by `scope`.
 */
export async function hydrated(page: Page, scope?: Locator): Promise<void> {
  if (scope) {
    const islands = scope.locator('xpath=ancestor-or-self::astro-island | .//astro-island');
    await expect(islands.first()).toBeAttached();
    await expect(islands.and(page.locator('[ssr]'))).toHaveCount(0);
    return;
  }
  // Waited for in the page, on each frame (expect's retries would look again only after 100, 250, 500 ms...: a wait of
  // up to a second on every goto of a page with islands, which most of them hydrate well within).
  await page.locator('astro-island[ssr]:is([client="idle"], [client="load"])').first().waitFor({ state: 'detached' });
}

/** What Chromium reports when the page's Content-Security-Policy refuses something (a console error). */
const CSP_VIOLATION = /Content Security Policy/i;

/**
 * Playwright's test, with pages whose goto() and reload() also wait for the page's module scripts (which load after
 * the first paint; a headless browser may paint after the load event) and for the islands it hydrates by itself
 * (client:idle, client:load): a test then acts on a page whose live parts and controls (copy buttons, live figures,
 * feeds) are wired, as a visitor does once the page is on screen. A page's clock paused before goto() would hold
 * the islands' idle callback: resume it first. Pages without
 * JavaScript, and answers that are not HTML, are returned as they arrive.
 */
export const test = base.extend<object, { stack: void }>({
  // Each worker reads the stack of its project (tests/e2e/stacks.ts), before any test of it runs.
  stack: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      selectStack(workerInfo.project.name);
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  page: async ({ page, javaScriptEnabled }, use) => {
    const settle = async (response: Response | null): Promise<Response | null> => {
      if (javaScriptEnabled !== false && response && /^text\/html/.test(response.headers()['content-type'] ?? '')) {
        await scriptsReady(page);
        await hydrated(page);
      }
      return response;
    };
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => settle(await goto(url, options));
    page.reload = async (options) => settle(await reload(options));
    // Every page of every test runs under the site's Content-Security-Policy: anything it refuses fails the test.
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && CSP_VIOLATION.test(message.text())) refused.push(`${page.url()}: ${message.text()}`);
    });
    await use(page);
    expect(refused, 'Content-Security-Policy violations').toEqual([]);
  },
});

/**
 * Waits until the cookie banner (shown 1 s after load, fading in over 200 ms) is fully shown: an accessibility scan
 * that ran during the fade would measure the contrast of half-transparent text. Pages that already stored a choice
 * have no banner to wait for.
 */
export async function bannerSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    if (!document.documentElement.classList.contains('js')) return true;
    const stored = ((): string | null => {
      try {
        return localStorage.getItem('cookie_consent');
      } catch {
        return 'unavailable';
      }
    })();
    const banner = document.getElementById('cookie-banner');
    if (!banner || stored !== null) return true;
    return !banner.hidden && getComputedStyle(banner).opacity === '1';
  });
}

/**
 * The page's indexer answers GET /events with a 404, as the chain operator's indexer (no stream) does: the page's live
 * parts poll as they did before the stream. Tests of the polling itself use it; a browser-side stub of
 * that one endpoint, everything else is the real stack.
 */
export async function withoutStream(page: Page): Promise<void> {
  await page.route(
    (url) => url.href.startsWith(`${indexerUrl()}/events`),
    (route) => route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ error: 'Not found' }) }),
  );
}
