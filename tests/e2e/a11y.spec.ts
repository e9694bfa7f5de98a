import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { bannerSettled, READ_SCREENS, scenario, test } from './fixtures.ts';

// The accessibility sweep: every read screen of the site at a desktop and a phone width, one test per screen and width,
// so that a failure names its screen and the runner spreads the scans over its workers.

/** The WCAG 2.0 and 2.1 rules at levels A and AA. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Screens scanned here beyond the fixtures' read screens. */
const MORE_SCREENS: typeof READ_SCREENS = [
  ['gas tracker', () => '/gastracker'],
];

// The scans share nothing but the read-only stack: any worker may take any of them.
test.describe.configure({ mode: 'parallel' });

for (const width of [1280, 375]) {
  for (const [name, path] of [...READ_SCREENS, ...MORE_SCREENS]) {
    test(`${name} at ${width}px: no serious or critical accessibility findings`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const url = path(scenario());
      await page.goto(url);
      // A scan during the cookie banner's fade-in would measure the contrast of half-transparent text.
      await bannerSettled(page);
      const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      const findings = result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} [${v.impact}] ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
      expect(findings, `${name} (${url})`).toEqual([]);
    });
  }
}

// Issue 30's chart pages, at both widths: the cards, a series page (its chart drawn, as a visitor sees it once it is in
// view), a token's series page and a bad range.
const CHART_SCREENS: ReadonlyArray<readonly [string, (s: ReturnType<typeof scenario>) => string]> = [
  ['charts', () => '/charts'],
  ['chart', () => '/charts/median-gas-price'],
  ['token chart', (s) => `/tokens/${s.holderToken.address}/charts/holders`],
  ['chart, bad range', () => '/charts/blocks?range=x'],
];

for (const width of [1280, 375]) {
  for (const [name, path] of CHART_SCREENS) {
    test(`${name} at ${width}px: no serious or critical accessibility findings`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path(scenario()));
      const chart = page.locator('[data-series-chart] [data-chart]');
      if ((await chart.count()) > 0) {
        await chart.scrollIntoViewIfNeeded();
        await expect(chart).toHaveAttribute('data-state', 'drawn');
      }
      await bannerSettled(page);
      const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      const findings = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} [${v.impact}] ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
      expect(findings, name).toEqual([]);
    });
  }
}
