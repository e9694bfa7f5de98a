import { expect, type Page } from '@playwright/test';

// The gas tracker's bars chart island as a test reads it (gastracker.spec.ts for the polls, live-stream-push.spec.ts
// for the stream's `gas` events).

/**
 * Scrolls the bars chart island into view and waits until it has drawn, on a page whose clock Playwright holds: the
 * island loads uPlot and draws on idle moments (requestIdleCallback, which the page's clock runs), so the clock is
 * moved on half a second at a time until it has.
 */
export async function barsChartDrawn(page: Page): Promise<void> {
  const chart = page.getByTestId('gas-bars-chart');
  await chart.scrollIntoViewIfNeeded();
  await expect(async () => {
    await page.clock.runFor(500);
    await expect(chart).toHaveAttribute('data-state', 'drawn', { timeout: 500 });
  }).toPass({ timeout: 20_000 });
}

/**
 * The newest block the drawn bars chart island shows: the legend of its uPlot chart reads the block under the pointer,
 * here its right end (the island draws again as the store moves, so the pointer is moved again until it reads).
 */
export async function chartedBlock(page: Page, atLeast: number): Promise<number> {
  const chart = page.getByTestId('gas-bars-chart');
  await expect(chart).toHaveAttribute('data-state', 'drawn');
  let block = -1;
  await expect(async () => {
    const box = (await chart.locator('.u-over').boundingBox())!;
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
    block = Number((await chart.locator('.u-legend .u-value').first().innerText()).replace(/[#,]/g, '') || 'NaN');
    expect(block).toBeGreaterThanOrEqual(atLeast);
  }).toPass({ timeout: 20_000 });
  return block;
}
