import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { screens, test, bannerSettled } from './fixtures.ts';

for (const width of [1280, 375]) {
  test(`no serious or critical accessibility findings at ${width}px`, async ({ page }) => {
    // 33 screens, each waiting for the cookie banner's entrance before the scan: about 1.8 min on a loaded machine.
    test.setTimeout(300_000);
    await page.setViewportSize({ width, height: 900 });
    const findings: string[] = [];
    for (const [name, path] of screens()) {
      await page.goto(path);
      await bannerSettled(page);
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      for (const v of result.violations) {
        if (v.impact === 'serious' || v.impact === 'critical') {
          findings.push(`${name} (${path}): ${v.id} [${v.impact}] ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
        }
      }
    }
    expect(findings).toEqual([]);
  });
}
