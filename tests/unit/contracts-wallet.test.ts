import { describe, expect, it } from 'vitest';
import { chainMismatchMessage, discoverWallets, safeIcon, sendWithWallet, walletMessage, WalletError, type Eip1193Provider, type WriteRequest } from '../../src/lib/contracts/wallet.ts';

// The visitor's browser wallet: EIP-6963 discovery with window.ethereum as fallback, and
// eth_requestAccounts → eth_chainId → eth_sendTransaction.

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const SVG = 'data:image/svg+xml;base64,PHN2Zy8+';

/** A window as far as discovery needs one: a real EventTarget with setTimeout and an optional window.ethereum. */
class FakeWindow extends EventTarget {
  ethereum?: unknown;
  /** Listeners still attached for the announce event (to check discovery cleans up). */
  announceListeners = 0;
  setTimeout(handler: () => void, ms: number): number {
    return setTimeout(handler, ms) as unknown as number;
  }
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: AddEventListenerOptions | boolean): void {
    if (type === 'eip6963:announceProvider') this.announceListeners++;
    super.addEventListener(type, listener, options);
  }
  override removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: EventListenerOptions | boolean): void {
    if (type === 'eip6963:announceProvider') this.announceListeners--;
    super.removeEventListener(type, listener, options);
  }
}

const asWindow = (win: FakeWindow) => win as unknown as Window & { ethereum?: unknown };

function provider(label = 'p'): Eip1193Provider & { label: string } {
  return { label, request: async () => null };
}

interface Info {
  uuid?: unknown;
  name?: unknown;
  icon?: unknown;
  rdns?: unknown;
}

/** An installed wallet: answers each eip6963:requestProvider by announcing itself (after `delayMs` when given). */
function install(win: FakeWindow, detail: { info?: Info; provider?: unknown } | null, delayMs: number | null = null): void {
  const announce = () => win.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  win.addEventListener('eip6963:requestProvider', () => {
    if (delayMs === null) announce();
    else setTimeout(announce, delayMs);
  });
}

function info(uuid: string, name: string, icon: string = PNG): Info {
  return { uuid, name, icon, rdns: `io.${name.toLowerCase()}` };
}

describe('safeIcon', () => {
  it.each<[string, unknown, string | null]>([
    ['a PNG data URI', PNG, PNG],
    ['an SVG data URI', SVG, SVG],
    ['an SVG data URI with a charset', 'data:image/svg+xml;charset=utf-8,%3Csvg%2F%3E', 'data:image/svg+xml;charset=utf-8,%3Csvg%2F%3E'],
    ['a WebP data URI', 'data:image/webp;base64,UklGRg==', 'data:image/webp;base64,UklGRg=='],
    ['a URL-encoded SVG data URI (RFC 2397 without parameters)', 'data:image/svg+xml,%3Csvg%2F%3E', 'data:image/svg+xml,%3Csvg%2F%3E'],
    ['a javascript: URI', 'javascript:alert(1)', null],
    ['an https: URL', 'https://wallet.example/icon.png', null],
    ['an http: URL', 'http://wallet.example/icon.png', null],
    ['an HTML data URI', 'data:text/html;base64,PHNjcmlwdD4=', null],
    ['a data URI hidden after text', `x ${PNG}`, null],
    ['an empty string', '', null],
    ['a non-string', 42, null],
    ['undefined', undefined, null],
  ])('%s', (_name, icon, expected) => {
    expect(safeIcon(icon)).toBe(expected);
  });

  it('a huge icon is dropped', () => {
    expect(safeIcon(`data:image/png;base64,${'A'.repeat(200_000)}`)).toBeNull();
  });
});

describe('discoverWallets', () => {
  it('collects every announced wallet, in announcement order', async () => {
    const win = new FakeWindow();
    const metamask = provider('metamask');
    const rabby = provider('rabby');
    install(win, { info: info('uuid-1', 'MetaMask', PNG), provider: metamask });
    install(win, { info: info('uuid-2', 'Rabby', SVG), provider: rabby });
    expect(await discoverWallets(asWindow(win), 20)).toEqual([
      { id: 'uuid-1', name: 'MetaMask', icon: PNG, provider: metamask },
      { id: 'uuid-2', name: 'Rabby', icon: SVG, provider: rabby },
    ]);
    expect(win.announceListeners).toBe(0);
  });

  it('falls back to window.ethereum when nothing announces itself', async () => {
    const win = new FakeWindow();
    const injected = provider('injected');
    win.ethereum = injected;
    expect(await discoverWallets(asWindow(win), 10)).toEqual([{ id: 'injected', name: 'Browser wallet', icon: null, provider: injected }]);
  });

  it('no wallet at all gives an empty list', async () => {
    expect(await discoverWallets(asWindow(new FakeWindow()), 10)).toEqual([]);
    const win = new FakeWindow();
    win.ethereum = { isMetaMask: true };
    expect(await discoverWallets(asWindow(win), 10)).toEqual([]);
  });

  it('a provider both announced and injected is listed once, as announced', async () => {
    const win = new FakeWindow();
    const metamask = provider('metamask');
    win.ethereum = metamask;
    install(win, { info: info('uuid-1', 'MetaMask'), provider: metamask });
    expect(await discoverWallets(asWindow(win), 10)).toEqual([{ id: 'uuid-1', name: 'MetaMask', icon: PNG, provider: metamask }]);
  });

  it('an injected provider other than the announced ones is added last', async () => {
    const win = new FakeWindow();
    const metamask = provider('metamask');
    const other = provider('other');
    win.ethereum = other;
    install(win, { info: info('uuid-1', 'MetaMask'), provider: metamask });
    expect((await discoverWallets(asWindow(win), 10)).map((w) => [w.id, w.provider])).toEqual([
      ['uuid-1', metamask],
      ['injected', other],
    ]);
  });

  it('the same provider announced twice, or the same uuid twice, is listed once', async () => {
    const win = new FakeWindow();
    const metamask = provider('metamask');
    install(win, { info: info('uuid-1', 'MetaMask'), provider: metamask });
    install(win, { info: info('uuid-9', 'MetaMask again'), provider: metamask });
    install(win, { info: info('uuid-1', 'Impostor'), provider: provider('impostor') });
    expect(await discoverWallets(asWindow(win), 10)).toEqual([{ id: 'uuid-1', name: 'MetaMask', icon: PNG, provider: metamask }]);
  });

  it('keeps icons only when they are data:image URIs', async () => {
    const win = new FakeWindow();
    install(win, { info: info('a', 'Script', 'javascript:alert(document.cookie)'), provider: provider() });
    install(win, { info: info('b', 'Remote', 'https://evil.example/track.png'), provider: provider() });
    install(win, { info: info('c', 'Inline', SVG), provider: provider() });
    install(win, { info: { uuid: 'd', name: 'None' }, provider: provider() });
    expect((await discoverWallets(asWindow(win), 10)).map((w) => [w.name, w.icon])).toEqual([
      ['Script', null],
      ['Remote', null],
      ['Inline', SVG],
      ['None', null],
    ]);
  });

  it('names: trimmed, at most 60 characters, "Browser wallet" when missing; ids from the position when no uuid', async () => {
    const win = new FakeWindow();
    install(win, { info: { name: '  Spaced  ' }, provider: provider() });
    install(win, { info: { uuid: '', name: 'x'.repeat(80) }, provider: provider() });
    install(win, { info: { uuid: 'u3', name: '   ' }, provider: provider() });
    install(win, { provider: provider() });
    expect((await discoverWallets(asWindow(win), 10)).map((w) => [w.id, w.name])).toEqual([
      ['wallet-1', 'Spaced'],
      ['wallet-2', 'x'.repeat(60)],
      ['u3', 'Browser wallet'],
      ['wallet-4', 'Browser wallet'],
    ]);
  });

  it('ignores announcements without a usable provider', async () => {
    const win = new FakeWindow();
    install(win, null);
    install(win, { info: info('a', 'No provider') });
    install(win, { info: info('b', 'Not a provider'), provider: { request: 'nope' } });
    install(win, { info: info('c', 'Null provider'), provider: null });
    win.dispatchEvent(new Event('eip6963:announceProvider'));
    expect(await discoverWallets(asWindow(win), 10)).toEqual([]);
  });

  it('waits for wallets that answer late, up to the wait, and stops listening afterwards', async () => {
    const win = new FakeWindow();
    const quick = provider('quick');
    const slow = provider('slow');
    install(win, { info: info('quick', 'Quick'), provider: quick }, 5);
    install(win, { info: info('slow', 'Slow'), provider: slow }, 120);
    const wallets = await discoverWallets(asWindow(win), 40);
    expect(wallets.map((w) => w.provider)).toEqual([quick]);
    expect(win.announceListeners).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(wallets.map((w) => w.provider)).toEqual([quick]);
  });
});

/** A fake EIP-1193 wallet recording each request; answers by method, an Error-like object or a thrown value. */
function wallet(answers: Record<string, (params: unknown) => unknown>) {
  const requests: { method: string; params?: unknown }[] = [];
  const p: Eip1193Provider = {
    async request(args) {
      requests.push(args);
      const answer = answers[args.method];
      // EIP-1193 errors are plain objects with code and message, not Error instances.
      if (!answer) return throwing({ code: 4200, message: `The wallet does not support ${args.method}` })();
      return answer(args.params);
    },
  };
  return { provider: p, requests };
}

const FROM = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const TO = '0x0165878A594ca255338adfa4d48449f69242Eb8F';
const DATA = '0x55241077000000000000000000000000000000000000000000000000000000000000002a';
const HASH = `0x${'ab'.repeat(32)}`;
const CHAIN = 31337n;
const REJECTED = { code: 4001, message: 'User rejected the request.' };

function throwing(error: unknown) {
  return () => {
    throw error;
  };
}

/** The WalletError sendWithWallet rejected with; fails the test when it resolved or threw something else. */
async function walletFailure(promise: Promise<unknown>): Promise<WalletError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(WalletError);
    return error as WalletError;
  }
  return expect.unreachable('sendWithWallet resolved');
}

describe('sendWithWallet', () => {
  const request: WriteRequest = { to: TO, data: DATA, value: null, chainId: CHAIN };

  it('asks for an account, checks the chain, then sends {from, to, data}', async () => {
    const w = wallet({ eth_requestAccounts: () => [FROM], eth_chainId: () => '0x7a69', eth_sendTransaction: () => HASH });
    expect(await sendWithWallet(w.provider, request)).toEqual({ hash: HASH, from: FROM });
    expect(w.requests).toEqual([{ method: 'eth_requestAccounts' }, { method: 'eth_chainId' }, { method: 'eth_sendTransaction', params: [{ from: FROM, to: TO, data: DATA }] }]);
  });

  it('sends the value as hex wei when given', async () => {
    const w = wallet({ eth_requestAccounts: () => [FROM], eth_chainId: () => '0x7a69', eth_sendTransaction: () => HASH });
    await sendWithWallet(w.provider, { ...request, value: 1_500_000_000_000_000_000n });
    await sendWithWallet(w.provider, { ...request, value: 0n });
    const sent = w.requests.filter((r) => r.method === 'eth_sendTransaction').map((r) => r.params);
    expect(sent).toEqual([[{ from: FROM, to: TO, data: DATA, value: '0x14d1120d7b160000' }], [{ from: FROM, to: TO, data: DATA, value: '0x0' }]]);
  });

  it('does not check the chain when the explorer does not know it', async () => {
    const w = wallet({ eth_requestAccounts: () => [FROM], eth_sendTransaction: () => HASH });
    expect(await sendWithWallet(w.provider, { ...request, chainId: null })).toEqual({ hash: HASH, from: FROM });
    expect(w.requests.map((r) => r.method)).toEqual(['eth_requestAccounts', 'eth_sendTransaction']);
  });

  it('answers the hash in lower case', async () => {
    const w = wallet({ eth_requestAccounts: () => [FROM], eth_chainId: () => '0x7a69', eth_sendTransaction: () => HASH.toUpperCase().replace('0X', '0x') });
    expect((await sendWithWallet(w.provider, request)).hash).toBe(HASH);
  });

  it('on another chain asks the wallet to switch once, then sends', async () => {
    const chains = ['0x1', '0x7a69'];
    const w = wallet({ eth_requestAccounts: () => [FROM], eth_chainId: () => chains.shift(), wallet_switchEthereumChain: () => null, eth_sendTransaction: () => HASH });
    expect(await sendWithWallet(w.provider, request)).toEqual({ hash: HASH, from: FROM });
    expect(w.requests).toEqual([
      { method: 'eth_requestAccounts' },
      { method: 'eth_chainId' },
      { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] },
      { method: 'eth_chainId' },
      { method: 'eth_sendTransaction', params: [{ from: FROM, to: TO, data: DATA }] },
    ]);
  });

  it('a refused switch gives the mismatch message and sends nothing', async () => {
    const w = wallet({ eth_requestAccounts: () => [FROM], eth_chainId: () => '0x1', wallet_switchEthereumChain: throwing(REJECTED), eth_sendTransaction: () => HASH });
    const error = await walletFailure(sendWithWallet(w.provider, request));
    expect(error.message).toBe('Your wallet is connected to chain 1, but this explorer shows chain 31337. Switch your wallet to chain 31337 and try again.');
    expect(w.requests.map((r) => r.method)).toEqual(['eth_requestAccounts', 'eth_chainId', 'wallet_switchEthereumChain']);
  });

  it('a switch that leaves the wallet on a wrong chain gives the mismatch message with that chain', async () => {
    const chains = ['0x1', '0x5'];
    const w = wallet({ eth_requestAccounts: () => [FROM], eth_chainId: () => chains.shift(), wallet_switchEthereumChain: () => null, eth_sendTransaction: () => HASH });
    const error = await walletFailure(sendWithWallet(w.provider, request));
    expect(error.message).toBe(chainMismatchMessage(5n, CHAIN));
    expect(w.requests.filter((r) => r.method === 'wallet_switchEthereumChain')).toHaveLength(1);
    expect(w.requests.map((r) => r.method)).not.toContain('eth_sendTransaction');
  });

  it("a rejected account request becomes a WalletError with the wallet's words and code", async () => {
    const w = wallet({ eth_requestAccounts: throwing(REJECTED) });
    const error = await walletFailure(sendWithWallet(w.provider, request));
    expect(error.message).toBe('User rejected the request.');
    expect(error.code).toBe(4001);
    expect(error.name).toBe('WalletError');
    expect(w.requests.map((r) => r.method)).toEqual(['eth_requestAccounts']);
  });

  it('a rejected transaction becomes a WalletError with the wallet\'s words', async () => {
    const w = wallet({ eth_requestAccounts: () => [FROM], eth_chainId: () => '0x7a69', eth_sendTransaction: throwing(REJECTED) });
    const error = await walletFailure(sendWithWallet(w.provider, request));
    expect([error.message, error.code]).toEqual(['User rejected the request.', 4001]);
  });

  it('a wallet that shares no account is refused', async () => {
    for (const accounts of [[], null, [42], 'not a list']) {
      const w = wallet({ eth_requestAccounts: () => accounts, eth_chainId: () => '0x7a69', eth_sendTransaction: () => HASH });
      const error = await walletFailure(sendWithWallet(w.provider, request));
      expect(error.message).toBe('The wallet did not share an account');
      expect(w.requests.map((r) => r.method)).toEqual(['eth_requestAccounts']);
    }
  });

  it.each<[string, unknown]>([
    ['a word', 'ok'],
    ['null', null],
    ['a short hex', '0x1234'],
    ['a number', 42],
    ['an object', { hash: HASH }],
    ['a hash without 0x', 'ab'.repeat(32)],
    ['a hash one digit too long', `${HASH}0`],
  ])('a non-hash answer (%s) is refused', async (_name, answer) => {
    const w = wallet({ eth_requestAccounts: () => [FROM], eth_chainId: () => '0x7a69', eth_sendTransaction: () => answer });
    const error = await walletFailure(sendWithWallet(w.provider, request));
    expect(error.message).toBe('The wallet did not return a transaction hash');
  });

  it('a malformed chain id from the wallet is a WalletError too', async () => {
    const w = wallet({ eth_requestAccounts: () => [FROM], eth_chainId: () => 'mainnet', eth_sendTransaction: () => HASH });
    await walletFailure(sendWithWallet(w.provider, request));
    expect(w.requests.map((r) => r.method)).not.toContain('eth_sendTransaction');
  });
});

describe('walletMessage and chainMismatchMessage', () => {
  it.each<[string, unknown, string]>([
    ['an Error', new Error('Internal JSON-RPC error.'), 'Internal JSON-RPC error.'],
    ['an EIP-1193 error object', REJECTED, 'User rejected the request.'],
    ['a rejection code without a message', { code: 4001 }, 'User rejected the request.'],
    ['an object with an empty message and another code', { code: -32603, message: '' }, 'Unknown error'],
    ['a string', 'nope', 'nope'],
    ['an empty string', '', 'Unknown error'],
    ['null', null, 'Unknown error'],
    ['undefined', undefined, 'Unknown error'],
    ['an Error without a message', new Error(''), 'Unknown error'],
  ])('walletMessage of %s', (_name, error, expected) => {
    expect(walletMessage(error)).toBe(expected);
  });

  it('the chain mismatch message names both chains', () => {
    expect(chainMismatchMessage(1n, 31337n)).toBe('Your wallet is connected to chain 1, but this explorer shows chain 31337. Switch your wallet to chain 31337 and try again.');
  });

  it('WalletError keeps its code, null by default', () => {
    expect(new WalletError('x').code).toBeNull();
    expect(new WalletError('x', 4001).code).toBe(4001);
    expect(new WalletError('x')).toBeInstanceOf(Error);
  });
});
