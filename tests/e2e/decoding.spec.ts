import { expect } from '@playwright/test';
import { scenario, test } from './fixtures.ts';

// Decoding without verified source: the devnet's registry (never verified, signatures in the bundled set)
// and its mystery ledger (signatures nobody knows), on the transaction page and the address page's list.

const NOTE = 'decoded from a signature, not from verified source';
const decoding = () => scenario().decoding;

test.describe('decoding without verified source', () => {
  test('the call and its log are named from the bundled set, marked as such; the raw hex is one click away', async ({ page }) => {
    const { registry } = decoding();
    await page.goto(`/transactions/${registry.grantTx}`);
    const interaction = page.getByTestId('contract-interaction');
    await expect(interaction.getByTestId('interaction-function')).toHaveText('grantRole');
    await expect(interaction.getByTestId('signature-note')).toHaveText(NOTE);

    await interaction.getByRole('link', { name: 'View input data' }).click();
    await expect(page.getByTestId('input-hex')).toBeVisible();
    await expect(page.getByTestId('input-hex')).toHaveText(/^0x2f2ff15d/);
    const panel = page.getByTestId('decoded-call');
    await expect(panel.getByTestId('function-name')).toHaveText('grantRole');
    await expect(panel.getByTestId('function-typed')).toHaveText('(bytes32 role, address account)');
    await expect(panel.getByTestId('signature-note')).toHaveText(NOTE);
    const params = panel.getByTestId('decoded-param');
    await expect(params).toHaveCount(2);
    await expect(params.nth(0).getByTestId('param-value')).toHaveText(registry.role);
    await expect(params.nth(1).getByRole('link')).toHaveAttribute('href', new RegExp(`^/address/${registry.member}$`, 'i'));

    await page.getByRole('navigation', { name: 'Transaction sections' }).getByRole('link', { name: /^Logs/ }).click();
    const log = page.getByTestId('log');
    await expect(log).toHaveCount(1);
    await expect(log.getByTestId('event-name')).toHaveText('RoleGranted');
    await expect(log.getByTestId('signature-note')).toHaveText(NOTE);
    await expect(log.getByTestId('event-param')).toHaveCount(3);
    await expect(log.getByTestId('event-param').nth(1).getByRole('link')).toHaveAttribute('href', new RegExp(`^/address/${registry.member}$`, 'i'));
    // The raw topics and data stay beside the decoding.
    await expect(log.getByTestId('log-topic')).toHaveCount(4);
    await expect(log.getByTestId('log-data')).toHaveText('0x');
  });

  test('an unknown selector shows its 32-byte words and guessed types, labelled as a guess', async ({ page }) => {
    const { mystery } = decoding();
    await page.goto(`/transactions/${mystery.settleTx}?tab=input`);
    const panel = page.getByTestId('decoded-call');
    await expect(panel.getByTestId('decode-fallback')).toContainText('could not be decoded');
    await expect(panel.getByTestId('signature-note')).toHaveCount(0);
    const guess = panel.getByTestId('call-guess');
    await expect(guess.getByTestId('guess-label')).toContainText('a guess');
    await expect(guess.getByTestId('guess-types')).toHaveText('(uint256, address, bytes)');
    await expect(guess.getByRole('columnheader', { name: 'Type (guess)' })).toBeVisible();
    await expect(guess.getByTestId('guess-param')).toHaveCount(3);
    await expect(guess.getByTestId('guess-param').nth(0)).toContainText(mystery.amount);
    await expect(guess.getByTestId('calldata-word')).toHaveCount(5);
    await expect(guess.getByTestId('calldata-word').first()).toHaveText(`0x${BigInt(mystery.amount).toString(16).padStart(64, '0')}`);
    await expect(page.getByTestId('input-hex')).toBeVisible();
  });

  test("an unverified contract's Contract tab lists the functions read from its bytecode, named where known", async ({ page }) => {
    const { registry, mystery } = decoding();
    await page.goto(`/address/${registry.address}?tab=contract`);
    const found = page.getByTestId('bytecode-functions');
    await expect(found.locator('summary')).toHaveText('Functions read from the bytecode (5)');
    await found.locator('summary').click();
    await expect(found.getByTestId('bytecode-function').filter({ hasText: '0x2f2ff15d' }).getByTestId('bytecode-signature')).toHaveText('grantRole(bytes32,address)');
    await expect(found.getByTestId('bytecode-event')).toHaveCount(3);
    await page.goto(`/address/${mystery.address}?tab=contract`);
    await expect(page.getByTestId('bytecode-functions').getByTestId('bytecode-signature').first()).toHaveText('unknown');
  });

  test("the address page's Function column names the call from the signature database", async ({ page }) => {
    const { registry } = decoding();
    await page.goto(`/address/${registry.address}`);
    const row = page.getByTestId('tx-row').filter({ has: page.locator(`a[href="/transactions/${registry.grantTx}" i]`) });
    await expect(row.getByTestId('tx-function')).toHaveText('grantRole');
  });
});
