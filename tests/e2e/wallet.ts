import type { Page } from '@playwright/test';
import { rpc } from './fixtures.ts';

// The injected wallet of the tests that write through the visitor's wallet (contract interaction, approvals' revoke).

/**
 * An EIP-1193 wallet in the page (window.ethereum, and announced through EIP-6963 when `announce` names wallets),
 * whose requests the test answers from Node: accounts and chain id as configured, everything else forwarded to the
 * devnet, where anvil signs for its unlocked dev account.
 */
export async function installWallet(page: Page, options: { account: string; chainId?: string; reject?: boolean; announce?: string[]; injected?: boolean }): Promise<{ calls: { wallet: string; method: string; params: unknown }[] }> {
  const calls: { wallet: string; method: string; params: unknown }[] = [];
  await page.exposeFunction('__devnetWallet', async (wallet: string, method: string, params: unknown[] | undefined) => {
    calls.push({ wallet, method, params });
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return { result: [options.account] };
    if (method === 'eth_chainId' && options.chainId) return { result: options.chainId };
    if (method === 'wallet_switchEthereumChain') return { error: { code: 4902, message: 'Unrecognized chain ID.' } };
    if (method === 'eth_sendTransaction' && options.reject) return { error: { code: 4001, message: 'User rejected the request.' } };
    try {
      return { result: await rpc(method, params ?? []) };
    } catch (error) {
      return { error: { code: -32000, message: (error as Error).message } };
    }
  });
  await page.addInitScript(({ announce, injected }) => {
    type Answer = { result?: unknown; error?: { code: number; message: string } };
    const bridge = (window as unknown as { __devnetWallet: (w: string, m: string, p: unknown) => Promise<Answer> }).__devnetWallet;
    const make = (name: string) => ({
      request: async ({ method, params }: { method: string; params?: unknown }) => {
        const answer = await bridge(name, method, params);
        if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
        return answer.result;
      },
    });
    if (injected) (window as unknown as { ethereum: unknown }).ethereum = make('injected');
    for (const [i, name] of announce.entries()) {
      const provider = make(name);
      const detail = Object.freeze({ info: { uuid: `uuid-${i}`, name, icon: 'javascript:alert(1)', rdns: `test.wallet${i}` }, provider });
      const announceIt = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
      window.addEventListener('eip6963:requestProvider', announceIt);
      announceIt();
    }
  }, { announce: options.announce ?? [], injected: options.injected ?? true });
  return { calls };
}
