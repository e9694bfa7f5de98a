import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { bannerSettled, scenario, screens, test } from './fixtures.ts';

// The accessibility sweep: every read screen of the site at a desktop and a phone width, one test per screen and width,
// so that a failure names its screen and the runner spreads the scans over its workers.

type Scenario = ReturnType<typeof scenario>;

/**
 * The read screens of fixtures' screens(), by name. Playwright collects the tests before the global setup starts the
 * stack, when there is no scenario to make paths from yet, so the paths are made inside each test; the first test
 * checks that this list is still the fixtures' list, name for name and path for path.
 */
const SCREENS: ReadonlyArray<readonly [string, (s: Scenario) => string]> = [
  ['home', () => '/'],
  ['block list', () => '/blocks'],
  ['block detail', (s) => `/blocks/${s.busyBlock.number}`],
  ['block not found', () => '/blocks/99999999'],
  ['transaction list', () => '/transactions'],
  ['transaction detail', (s) => `/transactions/${s.samples.erc20Transfer}`],
  ['transaction logs', (s) => `/transactions/${s.samples.erc20Transfer}?tab=logs`],
  ['transaction input', (s) => `/transactions/${s.samples.erc20Transfer}?tab=input`],
  ['wallet', (s) => `/address/${s.accounts[0]}`],
  ['token contract holders', (s) => `/address/${s.holderToken.address}?tab=holders`],
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

/** The WCAG 2.0 and 2.1 rules at levels A and AA. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

// The scans share nothing but the read-only stack: any worker may take any of them.
test.describe.configure({ mode: 'parallel' });

test("the sweep's screens are the fixtures' read screens", () => {
  const s = scenario();
  expect(SCREENS.map(([name, path]) => [name, path(s)])).toEqual(screens());
});

for (const width of [1280, 375]) {
  for (const [name, path] of SCREENS) {
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
