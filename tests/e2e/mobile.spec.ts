import { expect, type Page } from '@playwright/test';
import { bannerSettled, READ_SCREENS, scenario, test } from './fixtures.ts';

// Every screen at 360 px, the narrowest common phone (issue 25): nothing may scroll sideways. One test per screen, so
// that a failure names its screen; the message names the widest element that sticks out, where the fix goes.

const PHONE = { width: 360, height: 740 } as const;

type Scenario = ReturnType<typeof scenario>;

/**
 * Every screen of the site: the read screens of the accessibility sweep (fixtures' READ_SCREENS), and the live, form,
 * admin, AI, legal and error pages it does not scan. Paths are made from the run's scenario inside each test (the list of
 * names is known before the stack starts, when Playwright collects the tests).
 */
const SCREENS: ReadonlyArray<readonly [string, (s: Scenario) => string]> = [
  ...READ_SCREENS,
  ['block list, with transactions, 50', () => '/blocks?withTxs=1&size=50'],
  ['block, invalid number', () => '/blocks/not-a-number'],
  ['ERC-1155 batch logs', (s) => `/transactions/${s.samples.erc1155Batch}?tab=logs`],
  ['contract creation', (s) => `/transactions/${s.samples.contractCreation}`],
  ['reverted transaction', (s) => `/transactions/${s.samples.reverted}`],
  ['transaction, malformed hash', () => '/transactions/0x123'],
  ['wallet token transfers', (s) => `/address/${s.accounts[0]}?tab=token-transfers`],
  ['wallet NFTs', (s) => `/address/${s.accounts[0]}?tab=nfts`],
  ['contract internal transactions', (s) => `/address/${s.factory.address}?tab=internal-transactions`],
  ['contract tab, Read', (s) => `/address/${s.playground.address}?tab=contract&view=read`],
  ['contract tab, Write', (s) => `/address/${s.playground.address}?tab=contract&view=write`],
  ['address, malformed', () => '/address/0x1234'],
  ['contract page, interact', (s) => `/contracts/${s.playground.address}?tab=interact`],
  ['verify contract, prefilled', (s) => `/verify-contract?address=${s.playground.address}`],
  ['AI dashboard', () => '/ai-dashboard'],
  ['AI dashboard, visualization', () => '/ai-dashboard?tab=visualization'],
  ['AI dashboard, metrics', () => '/ai-dashboard?tab=metrics'],
  ['AI test', () => '/ai-test'],
  ['token admin login', () => '/token-admin'],
  ['cookie policy', () => '/cookie-policy'],
  ['terms of service', () => '/terms-of-service'],
  // Issue 30's charts.
  ['charts', () => '/charts'],
  ['chart', () => '/charts/average-block-size'],
  ['chart, bad range', () => '/charts/transactions?range=10Y'],
  ['token chart', (s) => `/tokens/${s.holderToken.address}/charts/transfers`],
  ['gas tracker', () => '/gastracker'],
];

/** How far the page scrolls sideways, and the element that sticks out furthest (tag, id, classes and text). */
async function sidewaysOverflow(page: Page): Promise<{ by: number; widest: string }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const by = root.scrollWidth - root.clientWidth;
    let widest = '';
    let right = root.clientWidth;
    // Content inside a scrolling or clipping box (or a closed <details>) does not scroll the page.
    const clipped = (el: Element): boolean => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible' || (up instanceof HTMLDetailsElement && !up.open)) return true;
      }
      return false;
    };
    const all = Array.from(document.body.querySelectorAll('*'));
    const free = all.filter((el) => !clipped(el));
    for (const el of free) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= right + 0.5) continue;
      right = box.right;
      const classes = (el.getAttribute('class') ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 6).join('.');
      widest = `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${classes ? `.${classes}` : ''}> ${Math.round(box.width)} px wide, right edge at ${Math.round(box.right)} px: "${(el.textContent ?? '').trim().slice(0, 60)}"`;
    }
    // Text wider than its box (a long word that cannot wrap) sticks out of a box that fits: named by its text.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      const parent = node.parentElement;
      if (!parent || box.width === 0 || box.right <= right + 0.5 || clipped(parent)) continue;
      right = box.right;
      const classes = (parent.getAttribute('class') ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 6).join('.');
      widest = `text in <${parent.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> ${Math.round(box.width)} px wide, right edge at ${Math.round(box.right)} px: "${(node.textContent ?? '').trim().slice(0, 60)}"`;
    }
    // Failing all else: the innermost visible box whose content is wider than it is (text that cannot wrap inside it).
    if (by > 0 && !widest) {
      const spilling = all.filter((el) => !clipped(el) && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === 'visible');
      const inner = spilling.filter((el) => !spilling.some((other) => other !== el && el.contains(other))).pop();
      if (inner) widest = `<${inner.tagName.toLowerCase()}.${(inner.getAttribute('class') ?? '').trim().split(/\s+/).slice(0, 6).join('.')}> content ${inner.scrollWidth} px wide in ${inner.clientWidth} px: "${(inner.textContent ?? '').trim().slice(0, 60)}"`;
    }
    return { by, widest };
  });
}

test.describe('360 px phone: no screen scrolls sideways', () => {
  test.use({ viewport: PHONE });
  for (const [name, pathOf] of SCREENS) {
    test(name, async ({ page }) => {
      const path = pathOf(scenario());
      await page.goto(path);
      // The cookie banner (fixed, shown after a second) is part of the screen a first visitor sees.
      await bannerSettled(page);
      const { by, widest } = await sidewaysOverflow(page);
      expect(by, `${name} (${path}) scrolls ${by} px sideways at ${PHONE.width} px; widest: ${widest || 'none found'}`).toBeLessThanOrEqual(0);
    });
  }
});
