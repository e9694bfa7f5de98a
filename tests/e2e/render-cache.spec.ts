import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { indexerJson, scenario, test } from './fixtures.ts';

test.describe('pages of final blocks are kept like a CDN would', () => {
  test('an old block page and a transaction in it are rendered once, then served from memory', async ({ request }) => {
    const s = scenario();
    for (const path of [`/blocks/${s.busyBlock.number}`, `/transactions/${s.samples.erc20Transfer}`]) {
      // A token logo uploaded in between (the token admin tests run beside this one) starts new keys: try again.
      await expect(async () => {
        const first = await request.get(`${path}?cache-probe=${randomUUID()}`);
        expect(first.status()).toBe(200);
        expect(first.headers()['cache-control']).toMatch(/s-maxage=\d+/);
        expect(first.headers()['x-render-cache']).toBe('miss');
        const again = await request.get(new URL(first.url()).pathname + new URL(first.url()).search);
        expect(again.headers()['x-render-cache']).toBe('hit');
        expect(await again.text()).toBe(await first.text());
      }).toPass({ timeout: 30_000 });
    }
  });

  test('the head block, lists of the moment and errors are not served from memory', async ({ request }) => {
    const { lastBlock } = await indexerJson<{ lastBlock: number }>('/health');
    for (const path of [`/blocks/${lastBlock}`, '/blocks/99999999', '/blocks', `/address/${scenario().accounts[0]}?tab=contract`]) {
      await request.get(path);
      const again = await request.get(path);
      expect(again.headers()['x-render-cache'], path).toBeUndefined();
    }
  });

  test('an address page is kept while the head block stays the same, and rendered again for the next block', async ({ request }) => {
    const path = `/address/${scenario().accounts[2]}?cache-probe=${Date.now()}`;
    const first = await request.get(path);
    expect(first.status()).toBe(200);
    // The same head: the same page from memory (retried in case a block arrived between the two requests).
    await expect.poll(async () => (await request.get(path)).headers()['x-render-cache']).toBe('hit');
    // The live devnet mines a new block every few seconds: the page is then rendered afresh, once.
    const { lastBlock } = await indexerJson<{ lastBlock: number }>('/health');
    await expect.poll(async () => (await indexerJson<{ lastBlock: number }>('/health')).lastBlock, { timeout: 20_000 }).toBeGreaterThan(lastBlock);
    await expect.poll(async () => (await request.get(path)).headers()['x-render-cache'], { timeout: 20_000 }).toBe('miss');
  });
});
