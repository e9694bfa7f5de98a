import { Wallet, keccak256, toUtf8Bytes } from 'ethers';
import { describe, expect, it } from 'vitest';
import { TX_TYPE_LABELS, delegationTarget, txTypeLabel } from '../../common/tx-types.ts';
import { appliedAuthorizations, readAuthorizations, recoverAuthority, withAuthority, type Authorization, type AuthorityState, type StoredAuthorization } from '../../indexer/src/chain/authorization.ts';
import { typeDetailsRow } from '../../indexer/src/sync/tx-types.ts';
import type { RawReceipt, RawTransaction } from '../../indexer/src/chain/types.ts';
import { normalizeTransactionDetail, normalizeTypedFields } from '../../src/lib/normalize/tx-types.ts';
import { normalizeTxType } from '../../src/lib/normalize/tx-type.ts';
import { normalizeTransaction } from '../../src/lib/normalize/transaction.ts';
import { authorizationStatus, txTypeText } from '../../src/lib/transactions/tx-types.ts';

const DELEGATE = '0xc66ab83418c20a65c3f8e83b3d11c8c3a6097b6f';
/** The devnet's authority: key keccak256("sto-devnet-7702-authority"). */
const AUTHORITY = '0x082caa19d914071ebed9bfbb448e12ce6c01dd43';
/** Its authorization for DELEGATE on chain 31337 at nonce 0, as anvil served it in the devnet's set-code transaction. */
const RECORDED = {
  chainId: '0x7a69',
  address: DELEGATE,
  nonce: '0x0',
  yParity: '0x0',
  r: '0x16b2df767fa0114ad88b7e2bca8e67d85719e8da1b631a4852cba79b9aaa5651',
  s: '0x460006981d500eb70baa4b60fc3e3c814e62ee2cc799e1ab18e6bd700d3d22e',
};
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

describe('transaction type labels', () => {
  it.each([
    [0, 'Legacy'],
    [1, 'EIP-2930'],
    [2, 'EIP-1559'],
    [3, 'EIP-4844'],
    [4, 'EIP-7702'],
    [126, 'Type 126'],
    [null, null],
    [undefined, null],
    [-1, null],
    [1.5, null],
  ] as const)('type %s → %s', (type, label) => {
    expect(txTypeLabel(type)).toBe(label);
  });

  it('labels every transaction type, 0 to 4, and writes the number beside it on the page', () => {
    expect(Object.values(TX_TYPE_LABELS)).toEqual(['Legacy', 'EIP-2930', 'EIP-1559', 'EIP-4844', 'EIP-7702']);
    expect(txTypeText(4)).toBe('EIP-7702 (type 4)');
    expect(txTypeText(null)).toBeNull();
  });

  it.each([
    ['0x4', 4],
    [2, 2],
    ['2', 2],
    ['0x7e', 126],
    ['0x80', null],
    [null, null],
    ['legacy', null],
  ] as const)('normalizes the type %j → %j', (raw, type) => {
    expect(normalizeTxType(raw)).toBe(type);
  });
});

describe('delegation designators (EIP-7702)', () => {
  it.each([
    [`0xef0100${DELEGATE.slice(2)}`, DELEGATE],
    [`0xEF0100${DELEGATE.slice(2).toUpperCase()}`, DELEGATE],
    ['0xef0100' + '00'.repeat(20), '0x' + '00'.repeat(20)],
    [`0xef0100${DELEGATE.slice(2, 40)}`, null],
    [`0xef0100${DELEGATE.slice(2)}00`, null],
    [`0xef0000${DELEGATE.slice(2)}`, null],
    [`ef0100${DELEGATE.slice(2)}`, null],
    [`0xef0100${DELEGATE.slice(2, 40)}zz`, null],
    ['0x', null],
    ['0x6080604052348015600f57600080fd5b50', null],
    [null, null],
    [undefined, null],
  ])('code %s → %s', (code, delegate) => {
    expect(delegationTarget(code)).toBe(delegate);
  });
});

describe('authority recovery', () => {
  const wallet = new Wallet(keccak256(toUtf8Bytes('sto-devnet-7702-authority')));

  it('recovers the recorded devnet authorization to its signer', () => {
    expect(wallet.address.toLowerCase()).toBe(AUTHORITY);
    expect(readAuthorizations([RECORDED])).toEqual([{ chainId: '31337', address: DELEGATE, nonce: '0', yParity: 0, r: RECORDED.r, s: `0x0${RECORDED.s.slice(2)}`, authority: AUTHORITY }]);
  });

  it.each([
    ['another nonce', { nonce: 1n }, 'other'],
    ['another chain', { chainId: 1n }, 'other'],
    ['parity 2', { yParity: 2 }, null],
    ['s = 0', { s: `0x${'00'.repeat(32)}` }, null],
    ['high s', { s: `0x${(N - 1n).toString(16)}` }, null],
  ] as const)('with %s: %s', (_name, change, expected) => {
    const base = { chainId: 31337n, address: DELEGATE, nonce: 0n, yParity: 0, r: RECORDED.r, s: RECORDED.s };
    const got = recoverAuthority({ ...base, ...change });
    if (expected === null) expect(got).toBeNull();
    else expect(got).not.toBe(AUTHORITY);
  });

  it('recovers what ethers signs, and reads v = 27/28 as the parity', () => {
    const signed = wallet.authorizeSync({ address: DELEGATE, nonce: 5, chainId: 0 });
    const raw = { chainId: '0x0', address: DELEGATE, nonce: '0x5', v: `0x${(27 + signed.signature.yParity).toString(16)}`, r: signed.signature.r, s: signed.signature.s };
    expect(readAuthorizations([raw])[0]?.authority).toBe(AUTHORITY);
  });

  it('drops entries that are no tuples', () => {
    expect(readAuthorizations([null, 'x', { ...RECORDED, address: '0x12' }, { ...RECORDED, r: 'nope' }, RECORDED]).map((a) => a.authority)).toEqual([AUTHORITY]);
    expect(readAuthorizations(undefined)).toEqual([]);
  });
});

describe('which authorizations were applied', () => {
  const auth = (authority: string | null, nonce: number, chainId = 31337): Authorization => ({ chainId: String(chainId), address: DELEGATE, nonce: String(nonce), yParity: 0, r: '0x1', s: '0x1', authority });
  const A = AUTHORITY;
  const B = '0x86dc4a1946b98253d6c2efeb01ab4bf390c91141';
  const account = (nonce: number): AuthorityState => ({ nonce: BigInt(nonce), delegatable: true });
  const states = new Map<string, AuthorityState | null>([[A, account(0)], [B, account(3)]]);

  it.each([
    ['the matching nonce on this chain', [auth(A, 0)], [true]],
    ['chain id 0 (any chain)', [auth(A, 0, 0)], [true]],
    ['another chain id', [auth(A, 0, 1)], [false]],
    ['a wrong nonce', [auth(B, 7)], [false]],
    ['an invalid signature', [auth(null, 0)], [false]],
    ['two of one authority, nonces in turn', [auth(A, 0), auth(A, 1)], [true, true]],
    ['two of one authority, the same nonce', [auth(A, 0), auth(A, 0)], [true, false]],
    ['an applied and a skipped one', [auth(A, 0), auth(B, 7)], [true, false]],
  ] as const)('%s', (_name, list, expected) => {
    expect(appliedAuthorizations(list, 31337n, states)).toEqual(expected);
  });

  it('skips an authority that is a contract, and cannot tell without its state', () => {
    expect(appliedAuthorizations([auth(A, 0)], 31337n, new Map([[A, { nonce: 0n, delegatable: false }]]))).toEqual([false]);
    expect(appliedAuthorizations([auth(A, 0), auth(B, 3)], 31337n, new Map([[A, null], [B, account(3)]]))).toEqual([null, true]);
  });
});

describe('typed fields: the indexer row and the site normalizer', () => {
  const receipt = { blobGasUsed: '0x20000', blobGasPrice: '0x1' } as RawReceipt;
  const base = { hash: '0x' + '11'.repeat(32), from: AUTHORITY, to: DELEGATE, value: '0x0', gas: '0x5208', nonce: '0x0', transactionIndex: '0x0' } as RawTransaction;

  it('stores nothing for a transaction without extras, and the lists of one with them', () => {
    expect(typeDetailsRow(7, { ...base, type: '0x2', accessList: [] }, receipt)).toBeNull();
    expect(typeDetailsRow(7, { ...base, type: '0x0' }, receipt)).toBeNull();
    expect(typeDetailsRow(7, { ...base, type: '0x1', accessList: [{ address: DELEGATE.toUpperCase().replace('0X', '0x'), storageKeys: ['0x' + '0A'.repeat(32)] }] }, receipt)).toEqual([
      7, JSON.stringify([{ address: DELEGATE, storageKeys: ['0x' + '0a'.repeat(32)] }]), null, null, null, null, null,
    ]);
    const blob = typeDetailsRow(8, { ...base, type: '0x3', blobVersionedHashes: ['0x01' + 'ab'.repeat(31)], maxFeePerBlobGas: '0x3b9aca00' }, receipt);
    expect(blob).toEqual([8, null, null, JSON.stringify(['0x01' + 'ab'.repeat(31)]), '1000000000', '131072', '1']);
    // The sync stores the tuple; its authority is recovered on request (withAuthority).
    const setCode = typeDetailsRow(9, { ...base, type: '0x4', authorizationList: [RECORDED] }, receipt);
    const stored = (JSON.parse(String(setCode?.[2])) as StoredAuthorization[])[0];
    expect(stored && 'authority' in stored).toBe(false);
    expect(stored && withAuthority(stored).authority).toBe(AUTHORITY);
    expect(withAuthority({ ...(stored as StoredAuthorization), authority: null }).authority).toBeNull();
  });

  it('normalizes what the bundled indexer serves, and nothing from an answer without the fields', () => {
    const served = {
      accessList: [{ address: DELEGATE, storageKeys: ['0x' + '00'.repeat(32), 'junk'] }, { address: 'nope' }],
      authorizationList: [{ chainId: '31337', address: DELEGATE, nonce: '0', authority: AUTHORITY, applied: true }, { chainId: '31338', address: DELEGATE, nonce: '7', authority: null, applied: 'yes' }, { junk: 1 }],
      blobVersionedHashes: ['0x01' + 'ab'.repeat(31)],
      maxFeePerBlobGas: '1000000000',
      blobGasUsed: '131072',
      blobGasPrice: '1',
    };
    expect(normalizeTypedFields(served)).toEqual({
      accessList: [{ address: DELEGATE, storageKeys: ['0x' + '00'.repeat(32)] }],
      authorizations: [
        { chainId: 31337n, address: DELEGATE, nonce: 0n, authority: AUTHORITY, applied: true },
        { chainId: 31338n, address: DELEGATE, nonce: 7n, authority: null, applied: null },
      ],
      blob: { versionedHashes: ['0x01' + 'ab'.repeat(31)], maxFeePerBlobGas: 1_000_000_000n, blobGasUsed: 131_072n, blobGasPrice: 1n },
    });
    const upstream = normalizeTransactionDetail({ hash: base.hash, from: AUTHORITY, to: DELEGATE, value: '0' });
    expect(upstream?.type).toBeNull();
    expect(upstream && 'typed' in upstream).toBe(false);
    expect(normalizeTransactionDetail({ hash: base.hash, from: AUTHORITY, type: '0x4', ...served })?.typed?.authorizations).toHaveLength(2);
    // Lists carry the type only.
    expect(normalizeTransaction({ hash: base.hash, from: AUTHORITY, type: '0x4', ...served })).toMatchObject({ type: 4 });
    expect('typed' in (normalizeTransaction({ hash: base.hash, from: AUTHORITY, type: '0x4', ...served }) ?? {})).toBe(false);
  });

  it.each([
    [true, 'Applied'],
    [false, 'Skipped'],
    [null, 'Unknown'],
  ] as const)('authorization status %s → %s', (applied, text) => {
    expect(authorizationStatus(applied).text).toBe(text);
  });
});

describe('the Contract tab of a delegated account', () => {
  it('is shown and kept for an account with a delegate, and not for a plain account', async () => {
    const { resolveTab, visibleTabs } = await import('../../src/lib/address/params.ts');
    const account = { type: 'wallet', contractType: 'none', nftCount: 0 } as const;
    expect(visibleTabs({ ...account, delegatedTo: DELEGATE })).toContain('contract');
    expect(resolveTab('contract', { ...account, delegatedTo: DELEGATE })).toBe('contract');
    expect(visibleTabs({ ...account, delegatedTo: null })).not.toContain('contract');
    expect(resolveTab('contract', account)).toBe('transactions');
  });
});
