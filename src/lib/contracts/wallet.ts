// The visitor's browser wallet: found through EIP-6963 announcements (every installed wallet
// answers) with window.ethereum as the fallback, then asked for an account (eth_requestAccounts), checked to be on
// this explorer's chain, and asked to send the transaction (eth_sendTransaction with from, to, data and, for a
// payable function, the value as hex wei). Nothing here signs or holds a key: the wallet does.

/** An EIP-1193 provider: all this code needs of a wallet. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | Record<string, unknown> }): Promise<unknown>;
}

/** One wallet the visitor can choose. */
export interface WalletChoice {
  /** EIP-6963 uuid, or 'injected' for window.ethereum. */
  id: string;
  name: string;
  /** The wallet's icon: a data: image URI only (anything else is dropped). */
  icon: string | null;
  provider: Eip1193Provider;
}

interface AnnounceDetail {
  info?: { uuid?: unknown; name?: unknown; icon?: unknown; rdns?: unknown };
  provider?: unknown;
}

function isProvider(value: unknown): value is Eip1193Provider {
  return typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function';
}

/** An icon is shown only when it is an inline image (a wallet could announce any URL). */
export function safeIcon(icon: unknown): string | null {
  return typeof icon === 'string' && /^data:image\/(png|svg\+xml|webp|gif|jpeg)[;,]/i.test(icon) && icon.length < 200_000 ? icon : null;
}

/**
 * Collects the wallets that announce themselves (EIP-6963) within `waitMs`, then adds window.ethereum when no
 * announced wallet is that same provider. An empty list means no wallet.
 */
export async function discoverWallets(win: Window & { ethereum?: unknown }, waitMs = 150): Promise<WalletChoice[]> {
  const found: WalletChoice[] = [];
  const onAnnounce = (event: Event): void => {
    const detail = (event as CustomEvent<AnnounceDetail>).detail;
    if (!detail || !isProvider(detail.provider)) return;
    const info = detail.info ?? {};
    const id = typeof info.uuid === 'string' && info.uuid ? info.uuid : `wallet-${found.length + 1}`;
    if (found.some((w) => w.id === id || w.provider === detail.provider)) return;
    const name = typeof info.name === 'string' && info.name.trim() ? info.name.trim().slice(0, 60) : 'Browser wallet';
    found.push({ id, name, icon: safeIcon(info.icon), provider: detail.provider });
  };
  win.addEventListener('eip6963:announceProvider', onAnnounce);
  try {
    win.dispatchEvent(new Event('eip6963:requestProvider'));
    await new Promise((resolve) => win.setTimeout(resolve, waitMs));
  } finally {
    win.removeEventListener('eip6963:announceProvider', onAnnounce);
  }
  const injected = win.ethereum;
  if (isProvider(injected) && !found.some((w) => w.provider === injected)) {
    found.push({ id: 'injected', name: 'Browser wallet', icon: null, provider: injected });
  }
  return found;
}

/** A wallet refusal or failure, with the wallet's own words. */
export class WalletError extends Error {
  override name = 'WalletError';
  readonly code: number | null;
  constructor(message: string, code: number | null = null) {
    super(message);
    this.code = code;
  }
}

/** The message of whatever a wallet threw (EIP-1193 errors are plain objects with code and message). */
export function walletMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error !== null) {
    const { message, code } = error as { message?: unknown; code?: unknown };
    if (typeof message === 'string' && message) return message;
    if (code === 4001) return 'User rejected the request.';
  }
  return typeof error === 'string' && error ? error : 'Unknown error';
}

function codeOf(error: unknown): number | null {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : null;
  return typeof code === 'number' ? code : null;
}

async function ask<T>(provider: Eip1193Provider, method: string, params?: unknown[]): Promise<T> {
  try {
    return (await provider.request(params ? { method, params } : { method })) as T;
  } catch (error) {
    throw new WalletError(walletMessage(error), codeOf(error));
  }
}

/** A chain id as the wallet answers it (hex or decimal text), or a WalletError. */
function chainIdOf(answer: unknown): bigint {
  try {
    if (typeof answer === 'string' || typeof answer === 'number') return BigInt(answer);
  } catch {
    // Not a number: refused below.
  }
  throw new WalletError(`The wallet answered an unreadable chain id: ${String(answer).slice(0, 40)}`);
}

/** The chain mismatch explained: what the wallet is on, what this explorer shows. */
export function chainMismatchMessage(walletChain: bigint, chain: bigint): string {
  return `Your wallet is connected to chain ${walletChain}, but this explorer shows chain ${chain}. Switch your wallet to chain ${chain} and try again.`;
}

/** A transaction for the wallet to send. */
export interface WriteRequest {
  to: string;
  data: string;
  /** Wei, sent only for payable functions (null otherwise). */
  value: bigint | null;
  /** The explorer's chain id; null when unknown (then not checked). */
  chainId: bigint | null;
}

/**
 * Asks the wallet for an account, makes sure it is on the explorer's chain (asking it to switch once), and has it
 * send the transaction. Answers the transaction hash and the sending account; throws a WalletError otherwise.
 */
export async function sendWithWallet(provider: Eip1193Provider, request: WriteRequest): Promise<{ hash: string; from: string }> {
  const accounts = await ask<unknown>(provider, 'eth_requestAccounts');
  const from = Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : null;
  if (!from) throw new WalletError('The wallet did not share an account');
  if (request.chainId !== null) {
    const current = chainIdOf(await ask<unknown>(provider, 'eth_chainId'));
    if (current !== request.chainId) {
      try {
        await ask(provider, 'wallet_switchEthereumChain', [{ chainId: `0x${request.chainId.toString(16)}` }]);
      } catch {
        throw new WalletError(chainMismatchMessage(current, request.chainId));
      }
      const after = chainIdOf(await ask<unknown>(provider, 'eth_chainId'));
      if (after !== request.chainId) throw new WalletError(chainMismatchMessage(after, request.chainId));
    }
  }
  const tx: Record<string, string> = { from, to: request.to, data: request.data };
  if (request.value !== null) tx['value'] = `0x${request.value.toString(16)}`;
  const hash = await ask<unknown>(provider, 'eth_sendTransaction', [tx]);
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) throw new WalletError('The wallet did not return a transaction hash');
  return { hash: hash.toLowerCase(), from };
}
