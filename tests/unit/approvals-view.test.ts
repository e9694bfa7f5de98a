// The approvals views' texts (amounts with Unlimited, kinds), the normalizer of the indexer's rows, and the revoke:
// its calldata, and a run that refuses any account but the owner's, any chain but the explorer's (or an unknown one), and
// follows the receipt once sent.
import { describe, expect, it } from 'vitest';
import { approvalAmount, approvalKindLabel } from '../../src/lib/approvals/format.ts';
import { approvalsHaveNext } from '../../src/lib/approvals/load.ts';
import type { TokenApproval } from '../../src/lib/model/approval.ts';
import { REVOKE_MESSAGES, revokeApproval, revokeCalldata, type RevokeProgress } from '../../src/lib/approvals/revoke.ts';
import { chainMismatchMessage, type WalletChoice } from '../../src/lib/contracts/wallet.ts';
import { failure, type RpcResult } from '../../src/lib/indexer-api/rpc.ts';
import { normalizeApprovals } from '../../src/lib/normalize/approval.ts';

const MAX = 2n ** 256n - 1n;
const OWNER = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';
const TOKEN = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const SPENDER = '0x0165878A594ca255338adfa4d48449f69242Eb8F';

describe('approvalAmount', () => {
  it.each([
    ['max uint256', { value: MAX, tokenDecimals: 6, tokenSymbol: 'SUSD' }, 'Unlimited'],
    ['a little below the maximum (spent from)', { value: MAX - 10n ** 24n, tokenDecimals: 18, tokenSymbol: 'SGOV' }, 'Unlimited'],
    ['2^255', { value: 2n ** 255n, tokenDecimals: 0, tokenSymbol: 'LPT' }, 'Unlimited'],
    ['2^255 - 1', { value: 2n ** 255n - 1n, tokenDecimals: 77, tokenSymbol: 'X' }, '0.5789 X'],
    ['600 with 18 decimals', { value: 600n * 10n ** 18n, tokenDecimals: 18, tokenSymbol: 'SGOV' }, '600 SGOV'],
    ['1,200 with 0 decimals', { value: 1_200n, tokenDecimals: 0, tokenSymbol: 'LPT' }, '1,200 LPT'],
    ['unknown decimals: raw units', { value: 1_234n, tokenDecimals: null, tokenSymbol: null }, '1,234'],
  ])('%s', (_name, a, expected) => {
    expect(approvalAmount({ kind: 'allowance', ...a })).toBe(expected);
  });

  it('says All tokens for an operator', () => {
    expect(approvalAmount({ kind: 'operator', value: null, tokenDecimals: null, tokenSymbol: 'SHAPE' })).toBe('All tokens');
  });
});

describe('approvalKindLabel', () => {
  it.each([
    ['allowance', 'ERC20', 'ERC-20 allowance'],
    ['allowance', null, 'ERC-20 allowance'],
    ['operator', 'ERC721', 'ApprovalForAll (ERC-721)'],
    ['operator', 'ERC1155', 'ApprovalForAll (ERC-1155)'],
    ['operator', null, 'ApprovalForAll'],
  ] as const)('%s of %s', (kind, tokenType, expected) => {
    expect(approvalKindLabel({ kind, tokenType })).toBe(expected);
  });
});

describe('normalizeApprovals', () => {
  it('reads the bundled indexer rows and drops what is unreadable', () => {
    const rows = normalizeApprovals([
      { owner: OWNER, tokenAddress: TOKEN, tokenName: '<script>x</script>', tokenSymbol: 'SUSD', tokenDecimals: 6, tokenType: 'ERC20', kind: 'allowance', spender: SPENDER, spenderName: 'Playground', value: MAX.toString(), valueSource: 'chain', blockNumber: 192, transactionHash: `0x${'a'.repeat(64)}`, timestamp: 1_700_000_000, indexPosition: 3 },
      { owner: OWNER, tokenAddress: TOKEN, tokenType: 'ERC721', kind: 'operator', spender: SPENDER, value: null, valueSource: 'event', blockNumber: '0x10' },
      { tokenAddress: TOKEN, kind: 'allowance', spender: SPENDER, value: null },
      { tokenAddress: 'nope', kind: 'operator', spender: SPENDER },
      { tokenAddress: TOKEN, kind: 'mystery', spender: SPENDER },
      'garbage',
    ]);
    expect(rows).toEqual([
      { owner: OWNER, token: TOKEN, tokenName: '<script>x</script>', tokenSymbol: 'SUSD', tokenDecimals: 6, tokenType: 'ERC20', kind: 'allowance', spender: SPENDER, spenderName: 'Playground', value: MAX, valueSource: 'chain', blockNumber: 192, transactionHash: `0x${'a'.repeat(64)}`, timestamp: 1_700_000_000, indexPosition: 3 },
      { owner: OWNER, token: TOKEN, tokenName: null, tokenSymbol: null, tokenDecimals: null, tokenType: 'ERC721', kind: 'operator', spender: SPENDER, spenderName: null, value: null, valueSource: 'event', blockNumber: 16, transactionHash: null, timestamp: null, indexPosition: null },
    ]);
  });
});

describe('approvalsHaveNext', () => {
  /** Rows at these places of the owner's list. */
  const rows = (...positions: (number | null)[]) => positions.map((indexPosition) => ({ indexPosition }) as TokenApproval);
  it.each([
    ['a full page', rows(0, 1, 2), { page: 1, size: 3 }, true],
    ['a short page without gaps: the end', rows(0, 1), { page: 1, size: 3 }, false],
    ['a short page whose rows skip a place (one spent to zero): maybe more', rows(0, 2), { page: 1, size: 3 }, true],
    ['page 2, a gap before its last row', rows(10, 12), { page: 2, size: 10 }, true],
    ['page 2, no gap', rows(10, 11), { page: 2, size: 10 }, false],
    ['an empty page', rows(), { page: 3, size: 10 }, false],
    ['an indexer without positions, short', rows(null), { page: 1, size: 10 }, false],
  ])('%s', (_name, list, paging, expected) => {
    expect(approvalsHaveNext(list, paging)).toBe(expected);
  });
});

describe('revoke', () => {
  it.each([
    ['allowance', '0x095ea7b3'],
    ['operator', '0xa22cb465'],
  ] as const)('%s: calldata with the spender and a zero word', (kind, selector) => {
    expect(revokeCalldata({ kind, spender: SPENDER })).toBe(`${selector}${'0'.repeat(24)}${SPENDER.slice(2).toLowerCase()}${'0'.repeat(64)}`);
  });

  /** How the wallet and the explorer answer: the wallet's chain (the devnet's unless told), the explorer's chain id. */
  interface Chains {
    wallet?: string;
    explorer?: RpcResult<unknown>;
  }

  /** A wallet sharing `account`, recording what it is asked; it refuses to switch chains. */
  const wallet = (account: string, asked: string[], chain = '0x7a69'): WalletChoice => ({
    id: 'injected',
    name: 'Test',
    icon: null,
    provider: {
      request: ({ method }) => {
        asked.push(method);
        if (method === 'eth_requestAccounts' || method === 'eth_accounts') return Promise.resolve([account]);
        if (method === 'eth_chainId') return Promise.resolve(chain);
        if (method === 'eth_sendTransaction') return Promise.resolve(`0x${'b'.repeat(64)}`);
        if (method === 'wallet_switchEthereumChain') return Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }));
        return Promise.reject(new Error(`unexpected ${method}`));
      },
    },
  });

  const run = async (account: string | null, receipts: unknown[], others: string[] = [], chains: Chains = {}) => {
    const asked: string[] = [];
    const seen: RevokeProgress[] = [];
    await revokeApproval(
      { owner: OWNER, token: TOKEN, spender: SPENDER, kind: 'allowance' },
      {
        wallets: () => Promise.resolve(account === null ? [] : [...others.map((a) => wallet(a, [])), wallet(account, asked, chains.wallet)]),
        rpc: (method) => Promise.resolve(method === 'eth_chainId' ? (chains.explorer ?? { ok: true, value: '0x7a69' }) : { ok: true, value: receipts.shift() ?? null }),
        sleep: () => Promise.resolve(),
      },
      (p) => seen.push(p),
    );
    return { asked, seen };
  };

  it('sends from the owner on the explorer\'s chain and reports the block once mined', async () => {
    const { asked, seen } = await run(OWNER.toLowerCase(), [null, null, { status: '0x1', blockNumber: '0xc8' }]);
    expect(asked).toContain('eth_sendTransaction');
    expect(seen).toEqual([{ stage: 'sending' }, { stage: 'sent', hash: `0x${'b'.repeat(64)}` }, { stage: 'mined', hash: `0x${'b'.repeat(64)}`, block: 200 }]);
  });

  it("picks, of several wallets, the one connected to the owner's account", async () => {
    const { asked, seen } = await run(OWNER, [{ status: '0x1', blockNumber: '0x2' }], ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8']);
    expect(asked).toContain('eth_sendTransaction');
    expect(seen.at(-1)).toEqual({ stage: 'mined', hash: `0x${'b'.repeat(64)}`, block: 2 });
  });

  it('reports a reverted revoke', async () => {
    const { seen } = await run(OWNER, [{ status: '0x0', blockNumber: '0x1' }]);
    expect(seen.at(-1)).toEqual({ stage: 'failed', hash: `0x${'b'.repeat(64)}` });
  });

  it('sends nothing from another account, or without a wallet', async () => {
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const { asked, seen } = await run(other, []);
    expect(asked).not.toContain('eth_sendTransaction');
    expect(seen.at(-1)).toEqual({ stage: 'error', message: REVOKE_MESSAGES.notOwner(OWNER, other) });
    expect((await run(null, [])).seen.at(-1)).toEqual({ stage: 'error', message: REVOKE_MESSAGES.noWallet });
  });

  it('sends nothing from a wallet on another chain that refuses to switch, and says which chains', async () => {
    const { asked, seen } = await run(OWNER, [], [], { wallet: '0x1' });
    expect(asked).toContain('wallet_switchEthereumChain');
    expect(asked).not.toContain('eth_sendTransaction');
    expect(seen).toEqual([{ stage: 'sending' }, { stage: 'error', message: REVOKE_MESSAGES.walletError(chainMismatchMessage(1n, 31337n)) }]);
  });

  it.each([
    ['the indexer fails', failure<unknown>()],
    ['the answer is no chain id', { ok: true, value: 'mainnet' } as const],
  ])("sends nothing when the explorer's chain id cannot be read (%s), rather than send unchecked", async (_, explorer) => {
    // The wallet is on another chain: an unchecked send would go there.
    const { asked, seen } = await run(OWNER, [], [], { wallet: '0x1', explorer });
    expect(asked).not.toContain('eth_sendTransaction');
    expect(seen).toEqual([{ stage: 'sending' }, { stage: 'error', message: REVOKE_MESSAGES.unknownChain }]);
  });
});
