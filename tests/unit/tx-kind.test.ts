import { describe, expect, it } from 'vitest';
import { ACTIVITY_KINDS, activityKind, addressListFunction, addressListKind, txCardKind, type KindInput } from '../../src/lib/transactions/kind.ts';

const TO = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const TRANSFER_INPUT =
  '0xa9059cbb00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c800000000000000000000000000000000000000000000003635c9adc5dea00000';
const APPROVE_INPUT = `0x095ea7b3${'0'.repeat(128)}`;
const OTHER_CALL = '0xdeadbeef0000';

const creation: KindInput = { to: null, input: '0x6080604052', value: 0n };
const seedTransfer: KindInput = { to: TO, input: TRANSFER_INPUT, value: 0n, tokenTransfers: [{ symbol: 'SEED' }] };
const unrecordedTransfer: KindInput = { to: TO, input: TRANSFER_INPUT, value: 0n };
const call: KindInput = { to: TO, input: OTHER_CALL, value: 0n };
const plain: KindInput = { to: TO, input: '0x', value: 10n ** 18n };

describe('txCardKind', () => {
  it.each<[string, KindInput, string]>([
    ['no to', creation, 'Contract Creation'],
    ['undefined to', { input: '0x', value: 0n }, 'Contract Creation'],
    ['empty to', { to: '', input: '0x', value: 0n }, 'Contract Creation'],
    ['recorded token transfers', seedTransfer, 'SEED Transfer'],
    ['transfer without a symbol', { ...unrecordedTransfer, tokenTransfers: [{ symbol: '' }] }, 'TOKEN Transfer'],
    ['zero value and the transfer selector', unrecordedTransfer, 'Token Transfer'],
    ['upper-case transfer selector', { ...unrecordedTransfer, input: TRANSFER_INPUT.toUpperCase().replace('0X', '0x') }, 'Token Transfer'],
    ['transfer selector with value', { ...unrecordedTransfer, value: 1n }, 'Contract Interaction'],
    ['other input', call, 'Contract Interaction'],
    ['plain send', plain, 'STO Transfer'],
    ['empty input', { to: TO, input: '', value: 0n }, 'STO Transfer'],
    ['missing input', { to: TO, value: 5n }, 'STO Transfer'],
  ])('%s → %s', (_, tx, expected) => {
    expect(txCardKind(tx)).toBe(expected);
  });
});

describe('addressListKind and the Function column', () => {
  it.each<[string, KindInput & { method?: string }, string, string]>([
    ['creation', creation, 'contract creation', 'contract creation'],
    ['a call the signature database names', { ...call, method: 'grantRole' }, 'contract call', 'grantRole'],
    ['the database\'s name wins over the ERC-20 one', { ...unrecordedTransfer, method: 'transferLike' }, 'contract call', 'transferLike'],
    ['a creation is never named', { ...creation, method: 'grantRole' }, 'contract creation', 'contract creation'],
    ['a plain send is never named', { ...plain, method: 'grantRole' }, 'transfer', 'transfer'],
    ['known ERC-20 call', unrecordedTransfer, 'contract call', 'transfer'],
    ['approve call', { to: TO, input: APPROVE_INPUT, value: 0n }, 'contract call', 'approve'],
    ['other call', call, 'contract call', 'contract call'],
    ['plain send', plain, 'transfer', 'transfer'],
  ])('%s → %s / %s', (_, tx, kind, fn) => {
    expect(addressListKind(tx)).toBe(kind);
    expect(addressListFunction(tx)).toBe(fn);
  });
});

describe('activityKind for the AI canvas', () => {
  it('lists the six kinds', () => {
    expect(ACTIVITY_KINDS).toEqual(['NATIVE_STO', 'ERC20_TOKEN', 'CONTRACT_CALL', 'CONTRACT_DEPLOY', 'NFT_TRANSFER', 'DEFAULT']);
  });

  it.each<[string, KindInput, string]>([
    ['no to', creation, 'CONTRACT_DEPLOY'],
    ['NFT in the symbol', { ...seedTransfer, tokenTransfers: [{ symbol: 'SNFT' }] }, 'NFT_TRANSFER'],
    ['NFT in the name', { ...seedTransfer, tokenTransfers: [{ symbol: 'ART', name: 'Studio nft Collection' }] }, 'NFT_TRANSFER'],
    ['token transfer', seedTransfer, 'ERC20_TOKEN'],
    ['unrecorded transfer() call', unrecordedTransfer, 'ERC20_TOKEN'],
    ['input longer than 10 characters', call, 'CONTRACT_CALL'],
    ['input of exactly 10 characters with value', { to: TO, input: '0xdeadbeef', value: 1n }, 'NATIVE_STO'],
    ['plain send', plain, 'NATIVE_STO'],
    ['zero-value empty transaction', { to: TO, input: '0x', value: 0n }, 'DEFAULT'],
  ])('%s → %s', (_, tx, expected) => {
    expect(activityKind(tx)).toBe(expected);
  });
});
