// Revoking an approval with the visitor's wallet: approve(spender, 0) for an ERC-20 allowance,
// setApprovalForAll(operator, false) for an operator, sent only from the owner's account and on this explorer's chain
// (sendWithWallet asks the wallet to switch; nothing is sent when the explorer's chain id cannot be read), then the
// receipt polled through the indexer's read-only RPC proxy.
// Loaded by the approvals views only when the visitor clicks Revoke.
import { sendWithWallet, walletMessage, type WalletChoice } from '../contracts/wallet.ts';
import type { RpcResult } from '../indexer-api/rpc.ts';
import type { ApprovalKind } from '../model/approval.ts';

/** The approval to take back. */
export interface RevokeTarget {
  owner: string;
  token: string;
  spender: string;
  kind: ApprovalKind;
}

/** approve(address,uint256) and setApprovalForAll(address,bool). */
const APPROVE = '0x095ea7b3';
const SET_APPROVAL_FOR_ALL = '0xa22cb465';
const ZERO_WORD = '0'.repeat(64);

/** The calldata that revokes an approval: approve(spender, 0) or setApprovalForAll(operator, false). */
export function revokeCalldata(t: Pick<RevokeTarget, 'spender' | 'kind'>): string {
  const spender = t.spender.slice(2).toLowerCase().padStart(64, '0');
  return `${t.kind === 'allowance' ? APPROVE : SET_APPROVAL_FOR_ALL}${spender}${ZERO_WORD}`;
}

/** What a revoke reports as it goes. */
export type RevokeProgress =
  | { stage: 'sending' }
  | { stage: 'sent'; hash: string }
  | { stage: 'mined'; hash: string; block: number | null }
  | { stage: 'failed'; hash: string }
  | { stage: 'pending'; hash: string }
  | { stage: 'error'; message: string };

/** The texts of a revoke. */
export const REVOKE_MESSAGES = {
  noWallet: 'No browser wallet found. Install one to revoke approvals.',
  notOwner: (owner: string, from: string) => `Only the owner can revoke: connect ${owner} in your wallet (it shared ${from}).`,
  walletError: (message: string) => `Error sending transaction: ${message}`,
  unknownChain: 'This explorer could not read its chain id, so it cannot make sure your wallet is on its chain: nothing was sent. Try again in a moment.',
} as const;

/** What a revoke needs from the page. */
export interface RevokeDeps {
  wallets: () => Promise<WalletChoice[]>;
  /** One JSON-RPC call through the indexer's proxy (the chain id, receipts). */
  rpc: (method: string, params: unknown[]) => Promise<RpcResult<unknown>>;
  sleep: (ms: number) => Promise<void>;
}

/** Time between two receipt polls, and how many before the revoke is shown as not mined yet (three minutes). */
const POLL_MS = 1_000;
const MAX_POLLS = 180;

/** Of several wallets, the one already connected to the owner's account (eth_accounts asks nothing of the visitor), else the first. */
async function ownersWallet(wallets: readonly WalletChoice[], owner: string): Promise<WalletChoice | undefined> {
  if (wallets.length < 2) return wallets[0];
  for (const w of wallets) {
    const accounts = await w.provider.request({ method: 'eth_accounts' }).catch(() => null);
    if (Array.isArray(accounts) && accounts.some((a) => typeof a === 'string' && a.toLowerCase() === owner.toLowerCase())) return w;
  }
  return wallets[0];
}

/** The explorer's chain id from the indexer's RPC proxy, or null when it cannot be read. */
async function explorerChainId(deps: RevokeDeps): Promise<bigint | null> {
  const answer = await deps.rpc('eth_chainId', []);
  if (!answer.ok || typeof answer.value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(answer.value)) return null;
  return BigInt(answer.value);
}

/** Sends the revoke through the owner's wallet, from the owner's account only, and follows it until it is mined. */
export async function revokeApproval(target: RevokeTarget, deps: RevokeDeps, report: (p: RevokeProgress) => void): Promise<void> {
  report({ stage: 'sending' });
  const wallet = await ownersWallet(await deps.wallets(), target.owner);
  if (wallet === undefined) return report({ stage: 'error', message: REVOKE_MESSAGES.noWallet });
  let hash: string;
  try {
    const accounts = await wallet.provider.request({ method: 'eth_requestAccounts' });
    const from = Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : '';
    if (from.toLowerCase() !== target.owner.toLowerCase()) return report({ stage: 'error', message: REVOKE_MESSAGES.notOwner(target.owner, from || 'no account') });
    // Without the explorer's chain the wallet's cannot be checked, and a revoke sent on another chain would be a
    // transaction to whatever sits at the token's address there: refuse rather than send unchecked.
    const chainId = await explorerChainId(deps);
    if (chainId === null) return report({ stage: 'error', message: REVOKE_MESSAGES.unknownChain });
    hash = (await sendWithWallet(wallet.provider, { to: target.token, data: revokeCalldata(target), value: null, chainId })).hash;
  } catch (error) {
    return report({ stage: 'error', message: REVOKE_MESSAGES.walletError(walletMessage(error)) });
  }
  report({ stage: 'sent', hash });
  for (let i = 0; i < MAX_POLLS; i++) {
    const answer = await deps.rpc('eth_getTransactionReceipt', [hash]);
    const receipt = answer.ok && typeof answer.value === 'object' && answer.value !== null ? (answer.value as { status?: unknown; blockNumber?: unknown }) : null;
    if (receipt !== null && typeof receipt.status === 'string') {
      const block = typeof receipt.blockNumber === 'string' ? Number(BigInt(receipt.blockNumber)) : null;
      return report(BigInt(receipt.status) === 1n ? { stage: 'mined', hash, block } : { stage: 'failed', hash });
    }
    await deps.sleep(POLL_MS);
  }
  report({ stage: 'pending', hash });
}
