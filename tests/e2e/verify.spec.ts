import { readFileSync } from 'node:fs';
import { wcagScan } from './axe.ts';
import { expect, type Page } from '@playwright/test';
import { devnetStandardJsonInput } from '../../devnet/verification.ts';
import { indexerJson, scenario, test, bannerSettled } from './fixtures.ts';
import { styleDifferences } from './styles.ts';

// Contract verification through the site's form, against the run's devnet and indexer with real solc-js. This file
// runs in its own Playwright project after every other one (playwright.config.ts): verifying a Playground makes every
// Playground instance verified (identical code: a similar match), which the address tests must not see earlier.

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

const PLAYGROUND_SOURCE = readFileSync(new URL('../../devnet/contracts/Playground.sol', import.meta.url), 'utf8');
const COMPILER = 'v0.8.30+commit.73712a01';

function playgrounds(): string[] {
  return scenario().contracts.filter((c) => c.contract === 'Playground').map((c) => c.address);
}

function contractOf(name: string): string {
  const found = scenario().contracts.find((c) => c.contract === name);
  if (!found) throw new Error(`no ${name} in the scenario`);
  return found.address;
}

/**
 * Scrolls to the form, as a visitor would (its island hydrates when visible: below an unverified contract's functions
 * read from its bytecode it starts out of view), and waits until it has hydrated (Astro drops the ssr attribute then).
 */
async function hydrated(page: Page): Promise<void> {
  const island = page.locator('astro-island[component-url*="VerifyForm"]');
  await island.scrollIntoViewIfNeeded();
  await expect(island).not.toHaveAttribute('ssr');
}

async function fillPlayground(page: Page, optimizer: boolean): Promise<void> {
  const form = page.getByTestId('verify-form');
  await form.getByLabel('Contract Name').fill('Playground');
  await form.getByTestId('compiler-select').selectOption(COMPILER);
  // The EVM version follows the compiler: 0.8.30 compiles for prague.
  await expect(form.getByTestId('evm-select')).toHaveValue('prague');
  if (optimizer) await form.getByTestId('optimization').check();
  else await form.getByTestId('optimization').uncheck();
  await form.getByTestId('source').fill(PLAYGROUND_SOURCE);
}

test('address Contract tab: a wrong optimizer setting says why, keeps the form, then the right one verifies', async ({ page }) => {
  const address = playgrounds()[1] ?? '';
  expect((await indexerJson<{ verified: boolean }>(`/contracts/${address}/verified`)).verified).toBe(false);
  await page.goto(`/address/${address}?tab=contract`);
  await expect(page.getByTestId('verification-state')).toHaveText('Unverified');
  await expect(page.getByTestId('unverified-warning')).toContainText("This contract's source code has not been verified.");
  await hydrated(page);
  const form = page.getByTestId('verify-form');
  // Runs appear only with the optimizer on.
  await expect(form.getByTestId('runs')).toBeHidden();
  await fillPlayground(page, false);
  await form.getByTestId('verify-submit').click();
  await expect(form.getByTestId('verify-submit')).toHaveText('Verifying...');
  const error = form.getByTestId('verify-error');
  await expect(error).toContainText('Verification failed: matches with optimizer enabled and runs 200');
  await error.getByRole('button', { name: 'Show details' }).click();
  await expect(error.getByTestId('verify-logs')).toContainText('Deployed code: no match');
  await expect(form.getByTestId('network-response')).toContainText('Network response: 400');
  // Nothing typed is lost.
  await expect(form.getByLabel('Contract Name')).toHaveValue('Playground');
  await expect(form.getByTestId('source')).toHaveValue(PLAYGROUND_SOURCE);
  await expect(form.getByTestId('compiler-select')).toHaveValue(COMPILER);

  await form.getByTestId('optimization').check();
  await expect(form.getByTestId('runs')).toBeVisible();
  await expect(form.getByTestId('runs')).toHaveValue('200');
  await form.getByTestId('verify-submit').click();
  await page.waitForURL(new RegExp(`/address/${address}\\?tab=contract&verified=1$`, 'i'));
  const success = page.getByTestId('verify-success');
  await expect(success).toContainText('Contract Verified Successfully!');
  await expect(success).toContainText('Contract verified successfully (full match)');
  await success.getByText('Show logs').click();
  await expect(success.getByTestId('verify-logs')).toContainText('Deployed code: full match');
  await expect(page.getByTestId('verification-state')).toHaveText('✓ Verified');
  // The browser remembers the verified flag.
  expect(await page.evaluate((a) => localStorage.getItem(`sto-explorer:verified:${a.toLowerCase()}`), address)).toBe('true');
  await expect(page.getByTestId('detail-match')).toHaveText('Full match');
  await expect(page.getByTestId('detail-optimization')).toHaveText('Enabled (200 runs)');
  await expect(page.getByTestId('detail-evm-version')).toHaveText('prague');
  await expect(page.getByTestId('detail-license')).toHaveText('MIT');
  await expect(page.getByTestId('detail-contract-name')).toHaveText('Playground');
  await expect(page.getByTestId('detail-compiler-version')).toHaveText(COMPILER);
  await expect(page.getByRole('button', { name: 'Copy Code to clipboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy ABI to clipboard' })).toBeVisible();
  // Highlighted on the server: the keyword 'contract' carries its colour class.
  const code = page.getByTestId('source-file').first();
  await expect(code).toContainText('contract Playground');
  await expect(code.locator('.text-violet-700', { hasText: /^contract$/ }).first()).toBeVisible();
  await expect(page.getByTestId('contract-abi')).toContainText('"name": "setValue"');
  expect(await indexerJson<{ verified: boolean; matchType: string }>(`/contracts/${address}/verified`)).toMatchObject({ verified: true, matchType: 'full' });
});

test('/verify-contract: address first, compiler from the indexer, success shows the verified source', async ({ page }) => {
  const address = playgrounds()[2] ?? '';
  await page.goto('/verify-contract');
  await expect(page.getByRole('heading', { name: 'Verify & Publish Contract Source Code' })).toBeVisible();
  await expect(page.getByTestId('verify-tips').getByRole('listitem')).toHaveCount(7);
  await hydrated(page);
  const form = page.getByTestId('verify-form');
  // The indexer's offline compilers come first; no fallback message.
  await expect(form.getByTestId('compiler-select').locator('option').nth(1)).toHaveText('v0.8.37+commit.f401782d');
  await expect(form.getByText('Failed to load compiler versions. Using fallback list.')).toHaveCount(0);
  await form.getByRole('button', { name: 'Verify Contract' }).click();
  await expect(form.getByTestId('form-errors')).toContainText('Contract address is required');
  await expect(form.getByTestId('form-errors')).toContainText('Contract name is required');
  await expect(form.getByTestId('form-errors')).toContainText('Source code is required');
  await form.getByLabel('Contract Address').fill(address);
  await fillPlayground(page, true);
  await form.getByTestId('verify-submit').click();
  await page.waitForURL(/\?tab=contract&verified=1$/);
  await expect(page.getByTestId('verify-success')).toContainText('Contract Verified Successfully!');
  await expect(page.getByTestId('verification-state')).toHaveText('✓ Verified');
  await expect(page.getByTestId('source-file').first()).toContainText('contract Playground');
});

test('library rows: Remove is disabled on the last empty row', async ({ page }) => {
  await page.goto('/verify-contract');
  await hydrated(page);
  const form = page.getByTestId('verify-form');
  const rows = form.getByTestId('library-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole('button', { name: 'Remove' })).toBeDisabled();
  await form.getByRole('button', { name: 'Add library' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).getByRole('button', { name: 'Remove' })).toBeEnabled();
  await rows.nth(1).getByRole('button', { name: 'Remove' }).click();
  await expect(rows).toHaveCount(1);
  await rows.first().getByLabel('Library 1 name').fill('MathLib');
  await expect(rows.first().getByRole('button', { name: 'Remove' })).toBeEnabled();
});

test('standard JSON input pasted into the form verifies a contract with imports (the hostile NFT)', async ({ page }) => {
  const address = contractOf('HostileNFT');
  await page.goto(`/address/${address}?tab=contract`);
  await hydrated(page);
  const form = page.getByTestId('verify-form');
  await form.getByLabel('Contract Name').fill('HostileNFT.sol:HostileNFT');
  await form.getByTestId('compiler-select').selectOption(COMPILER);
  await form.getByTestId('source').fill(JSON.stringify(devnetStandardJsonInput()));
  await form.getByTestId('verify-submit').click();
  await page.waitForURL(/verified=1$/);
  await expect(page.getByTestId('verification-state')).toHaveText('✓ Verified');
  // Every file of the input is shown, the contract's own first.
  const files = page.getByTestId('source-file');
  expect(await files.count()).toBeGreaterThan(5);
  await expect(files.first()).toContainText('HostileNFT.sol');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the plain form posts, says why it failed with the values kept, then verifies and shows the source', async ({ page }) => {
    const address = contractOf('BadUtf8Token');
    await page.goto(`/address/${address}?tab=contract`);
    const form = page.getByTestId('verify-form');
    await expect(form.getByTestId('runs')).toBeHidden();
    await form.getByLabel('Contract Name').fill('BadUtf8Token.sol:BadUtf8Token');
    await form.getByTestId('compiler-select').selectOption(COMPILER);
    await form.getByTestId('evm-select').selectOption('prague');
    await form.getByTestId('source').fill(JSON.stringify(devnetStandardJsonInput()));
    // A wrong constructor argument is a precise failure.
    await form.getByLabel('Constructor Arguments (optional, ABI-encoded)').fill('0x1234');
    await form.getByTestId('verify-submit').click();
    await expect(page.getByTestId('verify-error')).toContainText('Verification failed: constructor arguments differ from the creation transaction (expected 0x');
    const again = page.getByTestId('verify-form');
    await expect(again.getByLabel('Contract Name')).toHaveValue('BadUtf8Token.sol:BadUtf8Token');
    await expect(again.getByLabel('Constructor Arguments (optional, ABI-encoded)')).toHaveValue('0x1234');
    await again.getByLabel('Constructor Arguments (optional, ABI-encoded)').fill('');
    await again.getByTestId('verify-submit').click();
    await expect(page.getByTestId('verify-success')).toContainText('Contract Verified Successfully!');
    await expect(page.getByTestId('verification-state')).toHaveText('✓ Verified');
    await expect(page.getByTestId('source-file').first()).toContainText('BadUtf8Token.sol');
    await expect(page.getByTestId('contract-abi')).toBeVisible();
  });
});

test('/contracts/{address} shows a verified source and links an unverified contract to the form', async ({ page }) => {
  const verified = playgrounds()[1] ?? '';
  await page.goto(`/contracts/${verified}`);
  await expect(page.getByTestId('contract-name')).toHaveText('Playground');
  await expect(page.getByTestId('verified-badge')).toHaveText('✓ Verified');
  await expect(page.getByTestId('source-file').first()).toContainText('contract Playground');
  // The source view adds its own styles (line numbers) to the page's stylesheet: its part styles it as the whole does.
  expect((await styleDifferences(page)).differences).toEqual([]);
  const unverified = contractOf('GameItems');
  await page.goto(`/contracts/${unverified}`);
  await expect(page.getByTestId('not-verified')).toContainText('This contract is not verified');
  await page.getByRole('link', { name: 'Verify and publish its source code' }).click();
  await expect(page).toHaveURL(new RegExp(`/verify-contract\\?address=${unverified}$`, 'i'));
  await expect(page.getByTestId('verify-form').getByLabel('Contract Address')).toHaveValue(new RegExp(unverified, 'i'));
});

for (const width of [1280, 375]) {
  test(`verified views: no serious or critical accessibility findings at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const verified = playgrounds()[1] ?? '';
    const findings: string[] = [];
    for (const path of [`/address/${verified}?tab=contract`, `/address/${verified}?tab=contract&verified=1`, `/contracts/${verified}`]) {
      await page.goto(path);
      await bannerSettled(page);
      const result = await wcagScan(page).analyze();
      for (const v of result.violations) {
        if (v.impact === 'serious' || v.impact === 'critical') findings.push(`${path}: ${v.id} [${v.impact}] ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
      }
    }
    expect(findings).toEqual([]);
  });
}
