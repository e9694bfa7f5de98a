import { wcagScan } from './axe.ts';
import { expect, type Page } from '@playwright/test';
import { bannerSettled, READ_SCREENS, scenario, test } from './fixtures.ts';

// The screen sweeps, in one place: every screen is scanned with axe (WCAG 2.0 and 2.1, A and AA: no serious or critical
// finding) at a desktop width and on a 360 px phone, the narrowest common one, where nothing may scroll
// sideways either. One test per screen and width, so that a failure names its screen and the runner spreads the scans
// over its workers; the phone's two checks share one load of the screen.

const DESKTOP = { width: 1280, height: 900 } as const;
const PHONE = { width: 360, height: 740 } as const;

type Scenario = ReturnType<typeof scenario>;

/** Screens scanned at the desktop width: the read screens, and the live pages beside them. */
const DESKTOP_SCREENS: ReadonlyArray<readonly [string, (s: Scenario) => string]> = [
  ...READ_SCREENS,
  ['gas tracker', () => '/gastracker'],
  ['AI dashboard', () => '/ai-dashboard'],
  ['AI dashboard, visualization', () => '/ai-dashboard?tab=visualization'],
  ['AI dashboard, metrics', () => '/ai-dashboard?tab=metrics'],
  // The chart pages: the cards, a series page (its chart drawn, as a visitor sees it once it is in view), a
  // token's series page and a bad range.
  ['charts', () => '/charts'],
  ['chart', () => '/charts/median-gas-price'],
  ['token chart', (s) => `/tokens/${s.holderToken.address}/charts/holders`],
  ['chart, bad range', () => '/charts/blocks?range=x'],
];

/**
 * Every screen of the site on the phone: the read screens, and the live, form, admin, AI, legal and error pages. Paths
 * are made from the run's scenario inside each test (the names are known before the stack starts, when Playwright
 * collects the tests).
 */
const PHONE_SCREENS: ReadonlyArray<readonly [string, (s: Scenario) => string]> = [
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
  // The charts.
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

/** The serious and critical findings of axe on the page as it is now, one line each. */
async function findings(page: Page): Promise<string[]> {
  const result = await wcagScan(page).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} [${v.impact}] ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

/**
 * Opens a screen as a first visitor sees it once it settled: a series chart scrolled into view and drawn, and the
 * cookie banner (fixed, shown after a second) faded in, as a scan during its fade-in would measure the contrast of
 * half-transparent text.
 */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  const chart = page.locator('[data-series-chart] [data-chart]');
  if ((await chart.count()) > 0) {
    await chart.scrollIntoViewIfNeeded();
    await expect(chart).toHaveAttribute('data-state', 'drawn');
  }
  await bannerSettled(page);
}

// The scans share nothing but the read-only stack: any worker may take any of them.
test.describe.configure({ mode: 'parallel' });

test.describe(`${DESKTOP.width} px: no serious or critical accessibility findings`, () => {
  test.use({ viewport: DESKTOP });
  for (const [name, pathOf] of DESKTOP_SCREENS) {
    test(name, async ({ page }) => {
      const path = pathOf(scenario());
      await open(page, path);
      expect(await findings(page), `${name} (${path})`).toEqual([]);
    });
  }
});

test.describe(`${PHONE.width} px phone: no sideways scrolling, no serious or critical accessibility findings`, () => {
  test.use({ viewport: PHONE });
  for (const [name, pathOf] of PHONE_SCREENS) {
    test(name, async ({ page }) => {
      const path = pathOf(scenario());
      await open(page, path);
      const { by, widest } = await sidewaysOverflow(page);
      expect(by, `${name} (${path}) scrolls ${by} px sideways at ${PHONE.width} px; widest: ${widest || 'none found'}`).toBeLessThanOrEqual(0);
      expect(await findings(page), `${name} (${path})`).toEqual([]);
    });
  }
});
