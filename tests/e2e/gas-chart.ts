import { expect, type Page } from '@playwright/test';

// The gas tracker's bars chart island as a test reads it (gastracker.spec.ts for the polls, live-stream-push.spec.ts
// for the stream's `gas` events).

/**
 * The newest block the bars chart island draws: the legend of its drawn uPlot chart reads the block under the pointer,
 * here its right end (the chart is drawn again as the store moves, so the pointer is moved again until it reads).
 */
export async function chartedBlock(page: Page, atLeast: number): Promise<number> {
  const chart = page.getByTestId('gas-bars-chart');
  await chart.scrollIntoViewIfNeeded();
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
