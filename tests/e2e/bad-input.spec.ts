import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { indexerUrl, scenario, test } from './fixtures.ts';

// Bad input: a table of malformed paths and queries across every route of the site and of the bundled indexer. Each
// answer is a 4xx with the spec's message (or a redirect or a 200 where the input is merely odd), never a 5xx; no
// markup a visitor typed comes back unescaped; none hangs. How fast they answer is not a test's business (a loaded
// machine answers late, not wrong): the site's own deadline answers a slow indexer with a 504 (indexer-failing.spec).

/** Markup that tries to break out of text and attributes; its tag name is looked for unescaped in every answer. */
const PROBE_TAG = 'x-probe';
const MARKUP = [
  `<${PROBE_TAG}>`,
  `"><${PROBE_TAG} a=1>`,
  `'><${PROBE_TAG}>`,
  `</script><${PROBE_TAG}>`,
  `javascript:<${PROBE_TAG}>`,
  `<svg/onload=alert(1)><${PROBE_TAG}>`,
];

/** Values that are not what a route wants: percent-encoded as a browser sends them. */
const NUMBERS = ['-1', '0', '1.5', '1e3', '0x10', 'abc', '', ' ', '99999999999999999999999999', '١٢', 'NaN', 'Infinity', '%00', '%2e%2e', '9'.repeat(400)];
const HASHES = [
  '0x123',
  `0x${'g'.repeat(64)}`,
  `0x${'a'.repeat(63)}`,
  `0x${'a'.repeat(65)}`,
  `0x${'a'.repeat(5000)}`,
  `0X${'A'.repeat(64)}`,
  `${'a'.repeat(64)}`,
  '%00',
  '%E2%80%AE',
  '..%2F..%2Fetc%2Fpasswd',
  '%',
  '%FF%FE',
];
const ADDRESSES = [
  '0x123',
  `0x${'g'.repeat(40)}`,
  `0x${'a'.repeat(39)}`,
  `0x${'a'.repeat(41)}`,
  `0x${'a'.repeat(3000)}`,
  `${'a'.repeat(40)}`,
  '0x0000000000000000000000000000000000000000%00',
  '%E2%80%8B0x5FbDB2315678afecb367f032d93F642f64180aa3',
  '%',
  'constructor',
  '__proto__',
];
const WORDS = ['%3Cx%3E', 'constructor', '__proto__', 'toString', '', '%00', '%E2%80%AE', 'a'.repeat(2000), '%', '%C0%AF'];
const QUERIES = [...MARKUP.map(encodeURIComponent), '%00', '%E2%80%AE%E2%80%8B', '%FF', '%', 'a'.repeat(5000), '%20%20%20', '%0D%0ALocation:%20x'];

interface Case {
  /** 'site' or 'indexer'. */
  target: 'site' | 'indexer';
  path: string;
}

/** Every case of the sweep, site and indexer. */
function cases(): Case[] {
  const s = scenario();
  const token = s.holderToken.address;
  const nft = s.nfts[0]?.address ?? token;
  const wallet = s.accounts[1] ?? '';
  const site = (path: string): Case => ({ target: 'site', path });
  const api = (path: string): Case => ({ target: 'indexer', path });
  const list: Case[] = [];
  for (const n of NUMBERS) {
    list.push(site(`/blocks/${n}`), site(`/blocks?page=${n}&size=${n}`), site(`/transactions?page=${n}&size=${n}`));
    list.push(site(`/address/${wallet}?page=${n}&size=${n}`), site(`/tokens?page=${n}&size=${n}`), site(`/nfts?page=${n}&size=${n}`));
    list.push(site(`/nfts/${nft}/${n}`), site(`/tokens/${token}?tab=holders&page=${n}`), site(`/block/${n}`));
    list.push(api(`/blocks/${n}`), api(`/blocks?limit=${n}&offset=${n}`), api(`/transactions?limit=${n}&offset=${n}`), api(`/nfts/${nft}/${n}`));
  }
  for (const h of HASHES) {
    list.push(site(`/transactions/${h}`), site(`/transactions/${h}?tab=logs`), site(`/blocks/${h}`), site(`/tx/${h}`), site(`/search?q=${h}`));
    list.push(api(`/transactions/${h}`), api(`/transactions/${h}/receipt`), api(`/blocks/${h}`));
  }
  for (const a of ADDRESSES) {
    list.push(site(`/address/${a}`), site(`/address/${a}?tab=tokens`), site(`/tokens/${a}`), site(`/nfts/${a}`), site(`/contracts/${a}`));
    list.push(site(`/token-logos/${a}.png`), site(`/verify-contract?address=${a}`));
    list.push(api(`/address/${a}`), api(`/address/${a}/transactions`), api(`/tokens/${a}`), api(`/contracts/${a}/verification`));
  }
  for (const w of WORDS) {
    list.push(site(`/address/${wallet}?tab=${w}`), site(`/tokens?sort=${w}&dir=${w}`), site(`/nfts?sort=${w}`), site(`/tokens/${token}?tab=${w}`));
    list.push(site(`/transactions/${s.samples.erc20Transfer}?tab=${w}`), site(`/nfts/${nft}/1?tab=${w}`), site(`/ai-dashboard?tab=${w}&range=${w}`));
    list.push(api(`/api?module=${w}&action=${w}`), api(`/nfts?sort=${w}`));
  }
  for (const q of QUERIES) {
    list.push(site(`/search?q=${q}`), site(`/nfts?q=${q}`), site(`/tokens?q=${q}`), site(`/address/${wallet}?tab=tokens&q=${q}`));
    list.push(api(`/search?q=${q}`), api(`/tokens?search=${q}`));
  }
  list.push(site('/%'), site('/%00'), site(`/${'a'.repeat(8000)}`), site('/blocks/%2F..%2F..'), site('/search'), site('/search?q'), site('/search?q=&q=1'));
  list.push(api('/%'), api('/%00'), api(`/${'a'.repeat(8000)}`), api('/api'), api('/api?module=account&action=balance&address=0x123'));
  return list;
}

/**
 * What a 4xx page may say: the spec's messages and, where the spec names none for malformed
 * input, the page's own sentence saying what was wrong.
 */
const PAGE_MESSAGES = [
  'Bad request: The server could not understand the request',
  'Not found: The requested resource does not exist',
  'Invalid block number',
  'Block not found',
  'Transaction not found',
  'Address not found',
  'Token not found',
  'NFT not found',
  'No results found',
  'Please enter a search query',
  'Too many requests: Rate limit exceeded',
  'Invalid transaction hash: a transaction hash is 0x followed by 64 hexadecimal characters.',
  'This is not a valid address. An address is 0x followed by 40 hexadecimal characters (0-9, a-f).',
  'Invalid collection address',
  'Invalid contract address',
  'Invalid NFT address or token ID',
  'Page not found',
];

/**
 * Requests in flight at once: the cases are independent reads, and one after the other they kept a worker busy for
 * minutes on a loaded machine.
 */
const IN_FLIGHT = 6;

/** Whether Chromium's HTML parser finds an element or attribute of the probe in a page (markup that broke out). */
async function brokeOut(page: Page, html: string): Promise<boolean> {
  return page.evaluate(
    ([source, tag]) => {
      const doc = new DOMParser().parseFromString(source, 'text/html');
      return doc.querySelector(tag) !== null || doc.querySelector('[onload], [onerror], svg[onload]') !== null;
    },
    [html, PROBE_TAG] as const,
  );
}

async function answerOf(request: APIRequestContext, url: string): Promise<{ status: number; type: string; nosniff: boolean; body: string }> {
  // A hung answer fails here (after 30 s) rather than holding the run until the test's own time-out.
  const res = await request.get(url, { maxRedirects: 0, timeout: 30_000 });
  const body = await res.text();
  const headers = res.headers();
  return { status: res.status(), type: headers['content-type'] ?? '', nosniff: headers['x-content-type-options'] === 'nosniff', body };
}

test('at least 300 malformed paths and queries: a 4xx with the spec message, a redirect or a 200, never a 5xx, markup escaped, none hangs', async ({ request, page }) => {
  test.setTimeout(600_000);
  const all = cases();
  expect(all.length).toBeGreaterThanOrEqual(300);
  expect(new Set(all.map((c) => `${c.target} ${c.path}`)).size).toBeGreaterThanOrEqual(300);
  const site = process.env['E2E_SITE_URL'] ?? '';
  // Per case, so that the list reads in the table's order whatever order the answers came in.
  const failuresOf: string[][] = all.map(() => []);
  const check = async (i: number): Promise<void> => {
    const c = all[i]!;
    const failures = failuresOf[i]!;
    const url = `${c.target === 'site' ? site : indexerUrl()}${c.path}`;
    const answer = await answerOf(request, url);
    const where = `${c.target} ${c.path.slice(0, 120)} → ${answer.status}`;
    if (answer.status >= 500) failures.push(`${where}: server error`);
    else if (answer.status >= 400 && c.target === 'site' && /html/.test(answer.type) && !PAGE_MESSAGES.some((m) => answer.body.includes(m))) {
      failures.push(`${where}: no spec message`);
    } else if (answer.status >= 400 && c.target === 'indexer' && !/"(error|message)"\s*:\s*"/.test(answer.body)) {
      failures.push(`${where}: no error message`);
    }
    // A page may quote what was typed (in text, escaped; in an attribute value, where '<' is only text): it must never
    // become an element. Other answers (JSON, plain text) must not be taken for HTML.
    if (/html/.test(answer.type) ? await brokeOut(page, answer.body) : answer.body.includes(`<${PROBE_TAG}`) && !/^application\/json/.test(answer.type)) {
      failures.push(`${where}: markup came back unescaped`);
    }
    if (!answer.nosniff) failures.push(`${where}: no X-Content-Type-Options: nosniff`);
    if (/\bat [\w.$<>]+ \(|node:internal|SQLITE_|SqliteError|TypeError|RangeError/.test(answer.body)) failures.push(`${where}: internal detail shown`);
  };
  // IN_FLIGHT lanes, each taking the next case when its last one is answered.
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < all.length) await check(next++);
    }),
  );
  expect(failuresOf.flat()).toEqual([]);
});
