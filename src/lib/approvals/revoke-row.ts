// The Revoke button of an approvals row, loaded on the first click: runs revokeApproval with the browser's wallets and
// the indexer's RPC proxy, and writes its progress into the row (text and links built with the DOM, never as HTML).
import { discoverWallets } from '../contracts/wallet.ts';
import { rpcCall } from '../indexer-api/rpc.ts';
import { browserTransport } from '../indexer-api/transport.ts';
import { blockUrl, txUrl } from '../url/links.ts';
import { revokeApproval, type RevokeProgress } from './revoke.ts';

/** A link in a status line. */
interface Link {
  href: string;
  text: string;
  test: string;
}

/** A status line of text and links. */
function say(status: HTMLElement, ...parts: (string | Link)[]): void {
  status.replaceChildren(
    ...parts.map((part) => {
      if (typeof part === 'string') return document.createTextNode(part);
      const a = document.createElement('a');
      a.href = part.href;
      a.textContent = part.text;
      a.dataset['test'] = part.test;
      a.className = 'font-mono text-indigo-700 hover:underline break-all';
      return a;
    }),
  );
}

/** Revokes the approval of the row holding `button`. */
export function revokeRow(button: HTMLButtonElement): void {
  const row = button.closest<HTMLElement>('[data-approval]');
  const list = button.closest<HTMLElement>('[data-approvals]');
  const status = row?.querySelector<HTMLElement>('[data-revoke-status]');
  if (!row || !list || !status || button.disabled) return;
  const { owner = '', indexer = '' } = list.dataset;
  const { token = '', spender = '', kind } = row.dataset;
  const transport = browserTransport(indexer);
  button.disabled = true;
  const show = (p: RevokeProgress): void => {
    if (p.stage === 'sending') {
      say(status, 'Confirm in your wallet…');
      return;
    }
    if (p.stage === 'error') {
      say(status, p.message);
      button.disabled = false;
      return;
    }
    const tx: Link = { href: txUrl(p.hash), text: p.hash, test: 'revoke-hash' };
    if (p.stage === 'sent') say(status, 'Sent ', tx, '. Waiting for it to be mined…');
    else if (p.stage === 'pending') say(status, 'Not mined yet: ', tx);
    else if (p.stage === 'failed') {
      say(status, 'The revoke failed: ', tx);
      button.disabled = false;
    } else {
      // Mined: the approval is gone; the row says so until the page is loaded again (then it is not listed).
      row.dataset['revoked'] = '1';
      const amount = row.querySelector<HTMLElement>('[data-test="approval-amount"]');
      if (amount) amount.textContent = 'Revoked';
      button.remove();
      if (p.block === null) say(status, 'Revoked by ', tx);
      else say(status, 'Revoked in block ', { href: blockUrl(p.block), text: String(p.block), test: 'revoke-block' }, ' by ', tx);
    }
  };
  void revokeApproval(
    { owner, token, spender, kind: kind === 'operator' ? 'operator' : 'allowance' },
    {
      wallets: () => discoverWallets(window),
      rpc: (method, params) => rpcCall(transport, method, params),
      sleep: (ms) => new Promise((resolve) => window.setTimeout(resolve, ms)),
    },
    show,
  );
}
