import { expect, type Page } from '@playwright/test';
import { getAddress } from 'ethers';
import { approvalAmount, approvalKindLabel } from '../../src/lib/approvals/format.ts';
import type { ApprovalRef, ScenarioInfo } from '../../devnet/types.ts';
import { indexerJson, scenario, test } from './fixtures.ts';
import { installWallet } from './wallet.ts';

// Token approvals: dev account 5's approvals after the devnet's history (devnet/scenario/approvals.ts) on
// the address page's Approvals tab and on /approvals, read without JavaScript; with it, Revoke buttons whose code loads
// on the first click and refuses any account but the owner's. The real revoke through the wallet is in
// contract-interact.spec.ts (the interaction project, which runs after this one).

/** The decimals and symbol of a scenario token (NFT collections have none). */
function tokenOf(s: ScenarioInfo, address: string): { decimals: number | null; symbol: string | null } {
  const t = s.tokens.find((x) => x.address.toLowerCase() === address.toLowerCase());
  return { decimals: t?.decimals ?? null, symbol: t?.symbol ?? null };
}

/** The amount a row shows for an approval of the scenario. */
function amountOf(s: ScenarioInfo, a: ApprovalRef): string {
  const t = tokenOf(s, a.token);
  return approvalAmount({ kind: a.kind, value: a.value === null ? null : BigInt(a.value), tokenDecimals: t.decimals, tokenSymbol: t.symbol });
}

/** Waits until the indexer lists the owner's approvals (its head has passed the scenario's last approval block). */
async function indexed(s: ScenarioInfo): Promise<void> {
  await expect.poll(async () => (await indexerJson<unknown[]>(`/address/${s.approvals.owner}/approvals`)).length, { timeout: 30_000 }).toBe(s.approvals.inForce.length);
}

/** Checks the rows against ScenarioInfo.approvals.inForce, in order, and that nothing gone is listed. */
async function expectRows(page: Page, s: ScenarioInfo): Promise<void> {
  const rows = page.getByTestId('approval-row');
  await expect(rows).toHaveCount(s.approvals.inForce.length);
  for (const [i, a] of s.approvals.inForce.entries()) {
    const row = rows.nth(i);
    await expect(row, `row ${i}`).toHaveAttribute('data-token', a.token.toLowerCase());
    await expect(row).toHaveAttribute('data-spender', a.spender.toLowerCase());
    await expect(row.getByTestId('approval-amount')).toHaveText(amountOf(s, a));
    await expect(row.getByTestId('approval-kind')).toHaveText(approvalKindLabel(a));
    await expect(row.getByTestId('approval-spender').getByTestId('address')).toHaveAttribute('title', getAddress(a.spender));
    if (a.spenderName) await expect(row.getByTestId('approval-spender-name')).toHaveText(a.spenderName);
    await expect(row.getByTestId('approval-token')).toHaveAttribute('href', a.kind === 'allowance' ? `/tokens/${getAddress(a.token)}` : `/nfts/${getAddress(a.token)}`);
    await expect(row.locator(`a[href="/transactions/${a.grantTx}"]`)).toHaveCount(1);
    await expect(row.locator(`a[href="/blocks/${a.grantBlock}"]`)).toHaveCount(1);
    await expect(row.getByTestId('approval-indexed')).toHaveCount(0);
  }
  for (const g of s.approvals.gone) {
    await expect(page.locator(`[data-test="approval-row"][data-token="${g.token.toLowerCase()}"][data-spender="${g.spender.toLowerCase()}"][data-kind="${g.kind}"]`), `${g.how}: ${g.token} → ${g.spender}`).toHaveCount(0);
  }
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("the address page's Approvals tab lists what is in force: spent, lowered and revoked ones as they are on chain", async ({ page }) => {
    const s = scenario();
    await indexed(s);
    // The allowance spent through transferFrom had no event since its grant: the chain's value is shown, not the event's.
    const spent = s.approvals.inForce.find((a) => a.indexedValue !== a.value);
    expect(spent?.value).not.toBe(spent?.indexedValue);
    expect(s.approvals.inForce.filter((a) => a.unlimited)).toHaveLength(1);
    const res = await page.goto(`/address/${s.approvals.owner}?tab=approvals`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('link', { name: 'Approvals', exact: true }).last()).toHaveAttribute('aria-current', 'page');
    await expectRows(page, s);
    await expect(page.getByTestId('approval-amount').filter({ hasText: 'Unlimited' })).toHaveCount(1);
    // Revoking needs a wallet: no button without JavaScript.
    await expect(page.getByTestId('revoke-button').first()).toBeHidden();
  });

  test('/approvals: reached from the header, a form for the address, the same rows; 400 for a malformed address', async ({ page }) => {
    const s = scenario();
    await indexed(s);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).last().getByRole('link', { name: 'Token Approvals' }).click();
    await expect(page).toHaveURL(/\/approvals$/);
    await expect(page.getByTestId('approval-row')).toHaveCount(0);
    await page.getByLabel('Address').fill(s.approvals.owner.toLowerCase());
    await page.getByRole('button', { name: 'Check approvals' }).click();
    await expect(page).toHaveURL(`/approvals?address=${s.approvals.owner.toLowerCase()}`);
    await expectRows(page, s);

    const bad = await page.goto('/approvals?address=0x12345');
    expect(bad?.status()).toBe(400);
    await expect(page.getByTestId('invalid-address')).toContainText('This is not a valid address. An address is 0x followed by 40 hexadecimal characters (0-9, a-f).');
    await expect(page.getByTestId('address-input')).toHaveText('0x12345');
    await page.goto(`/approvals?address=0x${'0'.repeat(37)}e29`);
    await expect(page.getByTestId('approvals')).toContainText('No token approvals in force for this address');
  });
});

test('with JavaScript, every row has Revoke, whose code loads on the first click and sends nothing from an account that is not the owner', async ({ page }) => {
  const s = scenario();
  await indexed(s);
  const other = s.accounts[4] as string;
  const wallet = await installWallet(page, { account: other });
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto(`/address/${s.approvals.owner}?tab=approvals`);
  await expect(page.getByTestId('revoke-button')).toHaveCount(s.approvals.inForce.length);
  for (const button of await page.getByTestId('revoke-button').all()) await expect(button).toBeVisible();
  await page.goto(`/approvals?address=${s.approvals.owner}`);
  const row = page.getByTestId('approval-row').first();
  await expect(row.getByTestId('revoke-button')).toBeVisible();
  const before = scripts.length;
  await row.getByTestId('revoke-button').click();
  await expect(row.getByTestId('revoke-status')).toHaveText(`Only the owner can revoke: connect ${s.approvals.owner} in your wallet (it shared ${other}).`);
  expect(scripts.length).toBeGreaterThan(before);
  expect(wallet.calls.map((c) => c.method)).not.toContain('eth_sendTransaction');
  await expect(row.getByTestId('revoke-button')).toBeEnabled();
});
