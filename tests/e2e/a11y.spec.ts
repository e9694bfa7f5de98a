import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { scenario, test, bannerSettled } from './fixtures.ts';

/** The screens of the core browsing issue, at desktop and phone widths. */
function screens(): Array<[string, string]> {
  const s = scenario();
  return [
    ['home', '/'],
    ['block list', '/blocks'],
    ['block detail', `/blocks/${s.busyBlock.number}`],
    ['block not found', '/blocks/99999999'],
    ['transaction list', '/transactions'],
    ['transaction detail', `/transactions/${s.samples.erc20Transfer}`],
    ['transaction logs', `/transactions/${s.samples.erc20Transfer}?tab=logs`],
    ['transaction input', `/transactions/${s.samples.erc20Transfer}?tab=input`],
    ['wallet', `/address/${s.accounts[0]}`],
    ['token contract holders', `/address/${s.holderToken.address}?tab=holders`],
    ['token list', '/tokens'],
    ['token detail', `/tokens/${s.holderToken.address}`],
    ['token transfers', `/tokens/${s.holderToken.address}?tab=transfers`],
    ['token holders', `/tokens/${s.holderToken.address}?tab=holders`],
    ['hostile token', `/tokens/${s.hostile.erc20[0]?.address}`],
    ['token not found', '/tokens/0x0000000000000000000000000000000000000001'],
    ['NFT list', '/nfts'],
    ['NFT list, no match', '/nfts?q=zzzz'],
    ['NFT list, new, 48', '/nfts?sort=new&size=48'],
    ['NFT detail', `/nfts/${s.nfts[0]?.address}/1`],
    ['NFT properties', `/nfts/${s.nfts[0]?.address}/1?tab=properties`],
    ['NFT history', `/nfts/${s.nfts[0]?.address}/1?tab=history`],
    ['hostile NFT properties', `/nfts/${s.hostile.erc721.address}/2?tab=properties`],
    ['NFT not found', `/nfts/${s.nfts[0]?.address}/99999999`],
    ['collection', `/nfts/${s.nfts[0]?.address}`],
    ['hostile collection', `/nfts/${s.hostile.erc721.address}`],
    ['verify contract', '/verify-contract'],
    ['unverified contract tab (form)', `/address/${s.erc1155.address}?tab=contract`],
    ['unverified contract page', `/contracts/${s.erc1155.address}`],
    ['search results', '/search?q=Sto'],
    ['search empty', '/search?q='],
    ['legal', '/privacy-policy'],
    ['not found', '/no-such-page'],
  ];
}

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
