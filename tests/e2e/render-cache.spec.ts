import { expect, test } from '@playwright/test';
import { indexerJson, scenario } from './fixtures.ts';

test.describe('pages of final blocks are kept like a CDN would', () => {
  test('an old block page and a transaction in it are rendered once, then served from memory', async ({ request }) => {
    const s = scenario();
    for (const path of [`/blocks/${s.busyBlock.number}`, `/transactions/${s.samples.erc20Transfer}`]) {
      const first = await request.get(`${path}?cache-probe=${Date.now()}`);
      expect(first.status()).toBe(200);
      expect(first.headers()['cache-control']).toMatch(/s-maxage=\d+/);
      expect(first.headers()['x-render-cache']).toBe('miss');
      const again = await request.get(new URL(first.url()).pathname + new URL(first.url()).search);
      expect(again.headers()['x-render-cache']).toBe('hit');
      expect(await again.text()).toBe(await first.text());
    }
  });

  test('the head block, lists of the moment and errors are not served from memory', async ({ request }) => {
    const { lastBlock } = await indexerJson<{ lastBlock: number }>('/health');
    for (const path of [`/blocks/${lastBlock}`, '/blocks/99999999', '/blocks', `/address/${scenario().accounts[0]}`]) {
      await request.get(path);
      const again = await request.get(path);
      expect(again.headers()['x-render-cache'], path).toBeUndefined();
    }
  });
});
