import { readFileSync } from 'node:fs';
import { wcagScan } from './axe.ts';
import { expect, type Page } from '@playwright/test';
import { COMPILER_SETTINGS } from '../../devnet/compile.ts';
import { devnetCompilerVersion } from '../../devnet/verification.ts';
import { startSite } from '../../scripts/site.ts';
import { indexedTx, indexerJson, indexerUrl, scenario, rpc, test, bannerSettled } from './fixtures.ts';
import { installWallet } from './wallet.ts';

// The read/write interface in Chromium against the run's devnet and indexer: reads
// through the indexer, writes through an injected EIP-1193 wallet backed by a devnet account (anvil signs for its
// unlocked dev accounts), proxies read through their implementation. Runs in the 'interaction' project, after the
// others: it verifies the Playground, which makes every identical Playground verified.

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

const PLAYGROUND_SOURCE = readFileSync(new URL('../../devnet/contracts/Playground.sol', import.meta.url), 'utf8');
const ISLAND = 'astro-island[component-url*="ContractInteract"]';


/** The island hydrates when it scrolls into view, as a visitor would see it; Astro then drops its ssr attribute. */
async function hydrated(page: Page): Promise<void> {
  await page.locator('[data-test="interact"], [data-test="no-functions"]').first().scrollIntoViewIfNeeded();
  await expect(page.locator(ISLAND)).not.toHaveAttribute('ssr');
}

function fn(page: Page, signature: string) {
  return page.locator(`[data-test="function"][data-signature="${signature}"]`);
}

test.beforeAll(async () => {
  // Verify the Playground through the indexer's API (idempotent: an already verified one answers success too).
  const s = scenario();
  const res = await fetch(`${indexerUrl()}/contracts/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      address: s.playground.address,
      sourceCode: PLAYGROUND_SOURCE,
      compilerVersion: devnetCompilerVersion(),
      contractName: 'Playground',
      optimizationUsed: COMPILER_SETTINGS.optimizer.enabled,
      runs: COMPILER_SETTINGS.optimizer.runs,
      evmVersion: COMPILER_SETTINGS.evmVersion,
      license: 'MIT',
    }),
  });
  const body = (await res.json()) as { success?: boolean; error?: string };
  expect(body.error ?? null, 'Playground verification').toBeNull();
  expect((await indexerJson<{ verified: boolean }>(`/contracts/${s.playground.address}/verified`)).verified).toBe(true);
});

test('the Contract tab has Read and Write; their island loads only on those views, within its budget', async ({ page }) => {
  const s = scenario();
  const scripts: string[] = [];
  const sizes = new Map<string, number>();
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    const path = new URL(res.url()).pathname;
    scripts.push(path);
    // As sent: the precompressed file's length.
    sizes.set(path, Number(res.headers()['content-length'] ?? 0));
  });
  await page.goto(`/address/${s.playground.address}?tab=contract`, { waitUntil: 'networkidle' });
  const subtabs = page.getByTestId('contract-subtabs');
  await expect(subtabs.getByRole('link')).toHaveText(['Contract', 'Read', 'Write']);
  await expect(subtabs.getByRole('link', { name: 'Contract' })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator(ISLAND)).toHaveCount(0);
  expect(scripts.filter((p) => /ContractInteract|\/encode\./.test(p))).toEqual([]);

  scripts.length = 0;
  await subtabs.getByRole('link', { name: 'Read' }).click();
  await expect(page).toHaveURL(/[?&]view=read\b/);
  await hydrated(page);
  await expect(page.getByTestId('select-prompt')).toHaveText('Select a function to interact with the contract');
  // Reading never downloads the write encoder.
  expect(scripts.some((p) => /ContractInteract/.test(p))).toBe(true);
  expect(scripts.filter((p) => /\/encode\./.test(p))).toEqual([]);
  let bytes = 0;
  for (const path of new Set(scripts)) bytes += sizes.get(path) ?? 0;
  console.log(`budget Read view: ${bytes} B transferred, ${new Set(scripts).size} script file(s)`);
  expect(bytes).toBeLessThanOrEqual(100 * 1024);
});

test('Read: functions grouped by mutability; a view with arguments gives its typed result; inputs reset on selection', async ({ page }) => {
  const s = scenario();
  await page.goto(`/address/${s.playground.address}?tab=contract&view=read`);
  await hydrated(page);
  const read = page.getByTestId('read-functions');
  await expect(read.getByRole('heading')).toHaveText('Read Functions');
  await expect(read.getByTestId('mutability-group')).toHaveText(['view: reads state', 'pure: computes from its inputs']);
  // Only view and pure functions: no setValue here.
  await expect(fn(page, 'setValue(uint256)')).toHaveCount(0);
  await expect(page.getByTestId('write-functions')).toHaveCount(0);

  await fn(page, 'add(uint256,uint256)').click();
  await expect(page).toHaveURL(/fn=add%28uint256%2Cuint256%29/);
  const inputs = page.getByTestId('function-input');
  await expect(inputs).toHaveCount(2);
  await expect(inputs.first()).toHaveAttribute('placeholder', 'Enter uint256 value');
  await inputs.nth(0).fill('20');
  await inputs.nth(1).fill('22');
  await page.getByRole('button', { name: 'Execute add' }).click();
  await expect(page.getByTestId('result-value')).toHaveText('42');

  // A tuple-returning view with named outputs comes back as JSON, uint as decimal text.
  await fn(page, 'sum(uint256[])').click();
  await expect(page.getByTestId('interact-result')).toHaveCount(0);
  await expect(page.getByTestId('function-input')).toHaveValue('');
  await page.getByTestId('function-input').fill('[1, 2, 123456789012345678901234567890]');
  await page.getByRole('button', { name: 'Execute sum' }).click();
  await expect(page.getByTestId('result-value')).toHaveText(JSON.stringify({ total: '123456789012345678901234567893', count: '3' }, null, 2));
  await expect(page.getByTestId('interact-result')).toContainText('uint256 total, uint256 count');

  // Empty read inputs become '0': depositOf needs an address, add takes 0 + 0.
  await fn(page, 'add(uint256,uint256)').click();
  await page.getByRole('button', { name: 'Execute add' }).click();
  await expect(page.getByTestId('result-value')).toHaveText('0');

  // A function without inputs says so; the struct comes back by field name and matches the indexer's answer.
  await fn(page, 'getInfo()').click();
  await expect(page.getByTestId('no-inputs')).toHaveText("This function doesn't require any inputs");
  await page.getByRole('button', { name: 'Execute getInfo' }).click();
  const direct = await (await fetch(`${indexerUrl()}/contracts/${s.playground.address}/interact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method: 'getInfo', params: [] }) })).json() as { result: unknown };
  await expect(page.getByTestId('result-value')).toHaveText(JSON.stringify(direct.result, null, 2));
  expect(JSON.stringify(direct.result)).toContain('"message"');
});

test('Read: "Executing..." while the call runs; malformed inputs and reverts get clear messages', async ({ page }) => {
  const s = scenario();
  await page.goto(`/address/${s.playground.address}?tab=contract&view=read&fn=${encodeURIComponent('echo(string)')}`);
  await hydrated(page);
  // Hold the request (not answer it) to see the running state; it then goes to the real indexer.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/interact', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByTestId('function-input').fill('hello, [world]');
  await page.getByRole('button', { name: 'Execute echo' }).click();
  await expect(page.getByTestId('execute')).toHaveText('Executing...');
  await expect(page.getByTestId('execute')).toBeDisabled();
  release();
  await expect(page.getByTestId('result-value')).toHaveText('hello, [world]');
  await expect(page.getByTestId('execute')).toHaveText('Execute echo');
  await page.unroute('**/interact');

  await fn(page, 'add(uint256,uint256)').click();
  await page.getByTestId('function-input').nth(0).fill('abc');
  await page.getByTestId('function-input').nth(1).fill('-1');
  await page.getByRole('button', { name: 'Execute add' }).click();
  await expect(page.getByTestId('interact-error')).toHaveText('a (uint256): "abc" is not a number (uint256 takes a whole number, decimal or 0x hex)\nb (uint256): uint256 cannot be negative');

  await fn(page, 'depositOf(address)').click();
  // The checksummed address with one letter's case flipped: still mixed case, so its checksum must hold.
  const flipped = (s.accounts[1] ?? '').replace(/(?<=^0x.*?)[a-fA-F]/, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()));
  await page.getByTestId('function-input').fill(flipped);
  await page.getByRole('button', { name: 'Execute depositOf' }).click();
  await expect(page.getByTestId('interact-error')).toContainText('wrong checksum');

  // A reverting read: the decoded reason, in the tab's failure format.
  await fn(page, 'fail()').click();
  await page.getByRole('button', { name: 'Execute fail' }).click();
  await expect(page.getByTestId('interact-error')).toHaveText('Failed to execute function: Execution reverted: Playground: this call always reverts');
});

test('Read works without JavaScript: the plain form runs on the server and keeps what was typed', async ({ browser }) => {
  const s = scenario();
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/address/${s.playground.address}?tab=contract&view=read`);
  await expect(page.getByTestId('select-prompt')).toBeVisible();
  await fn(page, 'add(uint256,uint256)').click();
  await page.getByTestId('function-input').nth(0).fill('1000000000000000000000');
  await page.getByTestId('function-input').nth(1).fill('0x10');
  await page.getByRole('button', { name: 'Execute add' }).click();
  await expect(page.getByTestId('result-value')).toHaveText('1000000000000000000016');
  await expect(page.getByTestId('function-input').nth(0)).toHaveValue('1000000000000000000000');
  await expect(page.getByTestId('function-input').nth(1)).toHaveValue('0x10');
  // The contract page's source and ABI are HTML too.
  await page.goto(`/contracts/${s.playground.address}`);
  await expect(page.getByTestId('contract-name')).toHaveText('Playground');
  await expect(page.getByTestId('contract-tabs').getByRole('link')).toHaveText(['Source Code', 'Interact']);
  await expect(page.getByTestId('source-file').first()).toContainText('function add(uint256 a, uint256 b)');
  await expect(page.getByTestId('contract-abi')).toContainText('"name": "getValue"');
  await context.close();
});

test('Write: without a wallet the spec message; an empty input is required; a wallet rejection is reported', async ({ page }) => {
  const s = scenario();
  await page.goto(`/address/${s.playground.address}?tab=contract&view=write`);
  await hydrated(page);
  const write = page.getByTestId('write-functions');
  await expect(write.getByTestId('mutability-group')).toHaveText(['nonpayable: changes state', 'payable: changes state and accepts STO']);
  await fn(page, 'setValue(uint256)').click();
  await page.getByRole('button', { name: 'Execute setValue' }).click();
  await expect(page.getByTestId('interact-error')).toHaveText('Parameter newValue (uint256) is required');
  await page.getByTestId('function-input').fill('5');
  await page.getByRole('button', { name: 'Execute setValue' }).click();
  await expect(page.getByTestId('interact-error')).toHaveText('No Web3 provider detected. Please install MetaMask or another Web3 wallet.');
});

test('Write: the wallet rejects, or is on another chain: each is explained', async ({ page }) => {
  const s = scenario();
  const account = s.accounts[8] ?? '';
  await installWallet(page, { account, reject: true });
  await page.goto(`/address/${s.playground.address}?tab=contract&view=write&fn=${encodeURIComponent('setValue(uint256)')}`);
  await hydrated(page);
  await page.getByTestId('function-input').fill('5');
  await page.getByRole('button', { name: 'Execute setValue' }).click();
  await expect(page.getByTestId('interact-error')).toHaveText('Error sending transaction: User rejected the request.');

  const other = await page.context().newPage();
  await installWallet(other, { account, chainId: '0x1' });
  await other.goto(`/address/${s.playground.address}?tab=contract&view=write&fn=${encodeURIComponent('setValue(uint256)')}`);
  await hydrated(other);
  await other.getByTestId('function-input').fill('5');
  await other.getByRole('button', { name: 'Execute setValue' }).click();
  const chain = BigInt(await rpc<string>('eth_chainId', []));
  await expect(other.getByTestId('interact-error')).toHaveText(`Error sending transaction: Your wallet is connected to chain 1, but this explorer shows chain ${chain}. Switch your wallet to chain ${chain} and try again.`);
});

test('Write: a payable call with a value through the injected wallet; its hash, status and page', async ({ page }) => {
  const s = scenario();
  const account = s.accounts[8] ?? '';
  const wallet = await installWallet(page, { account });
  await page.goto(`/address/${s.playground.address}?tab=contract&view=write`);
  await hydrated(page);
  await fn(page, 'tip(string)').click();
  await page.getByTestId('function-input').fill('thanks from e2e');
  await expect(page.getByTestId('value-input')).toHaveAttribute('placeholder', '0');
  await page.getByLabel('value (ETH)').fill('0.25');
  await page.getByRole('button', { name: 'Execute tip' }).click();
  const hashLink = page.getByTestId('write-hash');
  await expect(hashLink).toHaveText(/^0x[0-9a-f]{64}$/);
  const hash = (await hashLink.textContent()) ?? '';
  await expect(page.getByTestId('write-status')).toContainText('Success', { timeout: 30_000 });
  const sent = wallet.calls.find((c) => c.method === 'eth_sendTransaction');
  expect(wallet.calls.map((c) => c.method).slice(0, 2)).toEqual(['eth_requestAccounts', 'eth_chainId']);
  expect((sent?.params as [Record<string, string>])[0]).toMatchObject({ from: account, to: s.playground.address, value: `0x${(25n * 10n ** 16n).toString(16)}` });
  expect((sent?.params as [Record<string, string>])[0]['data']).toMatch(/^0x[0-9a-f]{8}/);

  // The indexer has it once its head reaches the block; the page shows value, status and the verified contract.
  await indexedTx(hash, 30_000);
  await hashLink.click();
  await expect(page).toHaveURL(new RegExp(`/transactions/${hash}$`));
  await expect(page.getByTestId('status')).toHaveText('Success');
  await expect(page.getByTestId('value')).toContainText('0.25 STO');
  await expect(page.getByTestId('interacted-name')).toContainText('Playground');
});

test('Write: with several wallets (EIP-6963) the visitor chooses one, and only that one is asked', async ({ page }) => {
  const s = scenario();
  const wallet = await installWallet(page, { account: s.accounts[8] ?? '', announce: ['First Wallet', 'Second Wallet'], injected: false });
  await page.goto(`/address/${s.playground.address}?tab=contract&view=write&fn=${encodeURIComponent('setValue(uint256)')}`);
  await hydrated(page);
  await page.getByTestId('function-input').fill('77');
  await page.getByRole('button', { name: 'Execute setValue' }).click();
  const options = page.getByTestId('wallet-option');
  await expect(options).toHaveText(['First Wallet', 'Second Wallet']);
  // An announced icon that is not an inline image is not shown.
  await expect(page.getByTestId('wallet-choice').locator('img')).toHaveCount(0);
  await options.filter({ hasText: 'Second Wallet' }).click();
  await expect(page.getByTestId('write-status')).toContainText('Success', { timeout: 30_000 });
  expect(new Set(wallet.calls.map((c) => c.wallet))).toEqual(new Set(['Second Wallet']));
});

test('the contract page: Source Code and Interact tabs; a failed call in the page format', async ({ page }) => {
  const s = scenario();
  await page.goto(`/contracts/${s.playground.address}`);
  await expect(page.getByTestId('verified-badge')).toHaveText('✓ Verified');
  await expect(page.locator(ISLAND)).toHaveCount(0);
  await page.getByTestId('contract-tabs').getByRole('link', { name: 'Interact' }).click();
  await hydrated(page);
  await expect(page.getByTestId('read-functions').getByRole('heading')).toHaveText('Read Functions');
  await expect(page.getByTestId('write-functions').getByRole('heading')).toHaveText('Write Functions');
  await fn(page, 'multiply(int256,int256)').click();
  await page.getByTestId('function-input').nth(0).fill('-6');
  await page.getByTestId('function-input').nth(1).fill('7');
  await page.getByRole('button', { name: 'Execute multiply' }).click();
  await expect(page.getByTestId('result-value')).toHaveText('-42');
  await fn(page, 'fail()').click();
  await page.getByRole('button', { name: 'Execute fail' }).click();
  await expect(page.getByTestId('interact-error')).toHaveText('Failed to execute function: Execution reverted: Playground: this call always reverts');
});

test('the contract page: the address copies with a 2-second confirmation', async ({ page, context }) => {
  const s = scenario();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.clock.install();
  await page.goto(`/contracts/${s.playground.address}`);
  const copy = page.getByRole('button', { name: 'Copy to clipboard' }).first();
  await expect(copy).toHaveText('Copy');
  // An installed clock still runs with the wall clock: paused, the confirmation lasts its 2 s of page time however
  // long the machine takes between the steps below.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await copy.click();
  await expect(copy).toHaveText('Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(s.playground.address);
  await page.clock.runFor(1_900);
  await expect(copy).toHaveText('Copied!');
  await page.clock.runFor(200);
  await expect(copy).toHaveText('Copy');
});

test('the contract page says so when the contract details cannot be loaded (its indexer is gone)', async ({ page }) => {
  // The same built site, started against an indexer address where nothing listens.
  const site = await startSite({ indexerUrl: 'http://127.0.0.1:9', quiet: true });
  try {
    const s = scenario();
    const res = await page.goto(`${site.url}/contracts/${s.playground.address}`);
    // No answer at all: 503 Service unavailable (src/lib/indexer-api/errors.ts failureStatus).
    expect(res?.status()).toBe(503);
    await expect(page.getByTestId('error')).toHaveText('Failed to load contract details. The contract may not be verified.');
    await expect(page.getByTestId('contract-address')).toHaveText(s.playground.address);
  } finally {
    await site.stop();
  }
});

test('a proxy names its implementation and reads through it on its own storage', async ({ page }) => {
  const s = scenario();
  await page.goto(`/address/${s.proxy.address}?tab=contract`);
  // Its owner() answers the zero address through the Playground's code: no owner is shown; its creator is.
  await expect(page.getByTestId('owner')).not.toContainText('0x0000000000000000000000000000000000000000');
  await expect(page.getByTestId('creator').getByRole('link')).toHaveAttribute('href', new RegExp(`/address/${s.accounts[9]}$`, 'i'));
  const note = page.getByTestId('proxy-note');
  await expect(note).toContainText('EIP-1967 proxy.');
  await expect(note.getByTestId('proxy-implementation')).toHaveText(s.playground.address, { ignoreCase: true });
  await expect(note).toContainText('(Playground, verified)');
  const subtabs = page.getByTestId('contract-subtabs');
  await expect(subtabs.getByRole('link')).toHaveText(['Contract', 'Read as Proxy', 'Write as Proxy']);
  await subtabs.getByRole('link', { name: 'Read as Proxy' }).click();
  await hydrated(page);
  await fn(page, 'getValue()').click();
  await page.getByRole('button', { name: 'Execute getValue' }).click();
  // The proxy's own storage: the value its constructor set, not the Playground's.
  await expect(page.getByTestId('result-value')).toHaveText(String(s.proxy.value));
  const own = await (await fetch(`${indexerUrl()}/contracts/${s.playground.address}/interact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method: 'getValue', params: [] }) })).json() as { result: string };
  expect(own.result).not.toBe(String(s.proxy.value));

  await page.goto(`/contracts/${s.proxy.address}?tab=interact&as=proxy`);
  await expect(page.getByTestId('contract-tabs').getByRole('link', { name: 'Interact as Proxy' })).toHaveAttribute('aria-current', 'page');
  await hydrated(page);
  await fn(page, 'getValue()').click();
  await page.getByRole('button', { name: 'Execute getValue' }).click();
  await expect(page.getByTestId('result-value')).toHaveText(String(s.proxy.value));
});

for (const width of [1280, 375]) {
  test(`read and write views: no serious or critical accessibility findings at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const s = scenario();
    const findings: string[] = [];
    const views = [
      `/address/${s.playground.address}?tab=contract&view=read&fn=${encodeURIComponent('add(uint256,uint256)')}&arg=1&arg=2&run=1`,
      `/address/${s.playground.address}?tab=contract&view=write&fn=${encodeURIComponent('tip(string)')}`,
      `/address/${s.proxy.address}?tab=contract&view=readProxy`,
      `/contracts/${s.playground.address}?tab=interact&fn=${encodeURIComponent('fail()')}&run=1`,
    ];
    for (const path of views) {
      await page.goto(path);
      await hydrated(page);
      await bannerSettled(page);
      const result = await wcagScan(page).analyze();
      for (const v of result.violations) {
        if (v.impact === 'serious' || v.impact === 'critical') findings.push(`${path}: ${v.id} [${v.impact}] ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
      }
    }
    expect(findings).toEqual([]);
    // The server answered the submitted read and the failing call in the HTML.
    await page.goto(views[0] ?? '');
    await expect(page.getByTestId('result-value')).toHaveText('3');
    await page.goto(views[3] ?? '');
    await expect(page.getByTestId('interact-error')).toHaveText('Failed to execute function: Execution reverted: Playground: this call always reverts');
  });
}

test('Approvals: the owner revokes its unlimited allowance through the injected wallet; the row says so once mined, then the list drops it', async ({ page }) => {
  const s = scenario();
  const { owner, revocable } = s.approvals;
  const wallet = await installWallet(page, { account: owner });
  await page.goto(`/address/${owner}?tab=approvals`);
  const row = page.locator(`[data-test="approval-row"][data-token="${revocable.token.toLowerCase()}"][data-spender="${revocable.spender.toLowerCase()}"]`);
  await expect(row.getByTestId('approval-amount')).toHaveText('Unlimited');
  // The spender is the Playground, verified by this file's beforeAll: named from its verification.
  await expect(row.getByTestId('approval-spender-name')).toHaveText('Playground');
  await row.getByTestId('revoke-button').click();
  await expect(row.getByTestId('approval-amount')).toHaveText('Revoked', { timeout: 30_000 });
  await expect(row.getByTestId('revoke-status')).toContainText(/^Revoked in block \d+ by 0x[0-9a-f]{64}$/);
  await expect(row.getByTestId('revoke-button')).toHaveCount(0);
  const hash = (await row.getByTestId('revoke-hash').textContent()) ?? '';
  await expect(row.getByTestId('revoke-hash')).toHaveAttribute('href', `/transactions/${hash}`);
  const sent = wallet.calls.find((c) => c.method === 'eth_sendTransaction');
  const word = (a: string) => a.slice(2).toLowerCase().padStart(64, '0');
  expect((sent?.params as [Record<string, string>])[0]).toMatchObject({ from: owner, to: revocable.token.toLowerCase(), data: `0x095ea7b3${word(revocable.spender)}${'0'.repeat(64)}` });
  expect(BigInt(await rpc<string>('eth_call', [{ to: revocable.token, data: `0xdd62ed3e${word(owner)}${word(revocable.spender)}` }, 'latest']))).toBe(0n);
  // Loaded again, once the indexer has the block: the allowance is no longer listed, the others still are.
  await indexedTx(hash, 30_000);
  await page.reload();
  await expect(page.getByTestId('approval-row')).toHaveCount(s.approvals.inForce.length - 1);
  await expect(row).toHaveCount(0);
});

test('Approvals: the owner unsets an ERC-1155 operator through the injected wallet: setApprovalForAll(operator, false), the row says so once mined', async ({ page }) => {
  const s = scenario();
  const { owner } = s.approvals;
  const op = s.approvals.inForce.find((a) => a.kind === 'operator' && a.tokenType === 'ERC1155');
  expect(op).toBeDefined();
  const { token, spender } = op ?? { token: '', spender: '' };
  const wallet = await installWallet(page, { account: owner });
  await page.goto(`/address/${owner}?tab=approvals`);
  const row = page.locator(`[data-test="approval-row"][data-token="${token.toLowerCase()}"][data-spender="${spender.toLowerCase()}"]`);
  await expect(row.getByTestId('approval-amount')).toHaveText('All tokens');
  await row.getByTestId('revoke-button').click();
  await expect(row.getByTestId('approval-amount')).toHaveText('Revoked', { timeout: 30_000 });
  await expect(row.getByTestId('revoke-status')).toContainText(/^Revoked in block \d+ by 0x[0-9a-f]{64}$/);
  const word = (a: string) => a.slice(2).toLowerCase().padStart(64, '0');
  const sent = wallet.calls.find((c) => c.method === 'eth_sendTransaction');
  expect((sent?.params as [Record<string, string>])[0]).toMatchObject({ from: owner, to: token.toLowerCase(), data: `0xa22cb465${word(spender)}${'0'.repeat(64)}` });
  // isApprovedForAll(owner, operator) is false on chain.
  expect(BigInt(await rpc<string>('eth_call', [{ to: token, data: `0xe985e9c5${word(owner)}${word(spender)}` }, 'latest']))).toBe(0n);
});
