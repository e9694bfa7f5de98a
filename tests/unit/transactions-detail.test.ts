import { describe, expect, it } from 'vitest';
import {
  detailTransfers,
  isTxHash,
  loadTransactionDetail,
  transferAmountText,
  type DetailTransfer,
  type TxDetailSource,
} from '../../src/lib/transactions/load.ts';
import { txSummary } from '../../src/lib/transactions/summary.ts';
import { httpError, networkError } from '../../src/lib/indexer-api/errors.ts';
import { TRANSFER_TOPIC } from '../../src/lib/transactions/transfer-logs.ts';
import type { DecodedTransaction, Log, Receipt, TokenTransfer, Transaction } from '../../src/lib/model/types.ts';

const HASH = `0x${'ab'.repeat(32)}`;
const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const topic = (address: string) => `0x${'0'.repeat(24)}${address.slice(2).toLowerCase()}`;
const word = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`;
const TRANSFER_INPUT = `0xa9059cbb${topic(TO).slice(2)}${word(5n * 10n ** 18n).slice(2)}`;

function tx(extra: Partial<Transaction> = {}): Transaction {
  return {
    hash: HASH, blockNumber: 5, timestamp: 1_792_752_059, from: FROM, to: TOKEN, contractAddress: null, value: 0n,
    input: TRANSFER_INPUT, gasUsed: 51_615n, gasPrice: 1_300_000_000n, gasLimit: 75_000n, nonce: 7, transactionIndex: 0,
    status: null, tokenTransfers: [], ...extra,
  };
}

function transferLog(token = TOKEN, amount = 5n * 10n ** 18n, logIndex = 0): Log {
  return { address: token, topics: [TRANSFER_TOPIC, topic(FROM), topic(TO)], data: word(amount), logIndex, transactionHash: HASH, blockNumber: 5 };
}

function receipt(extra: Partial<Receipt> = {}): Receipt {
  return { transactionHash: HASH, blockNumber: 5, from: FROM, to: TOKEN, status: true, gasUsed: 50_000n, effectiveGasPrice: 2_000_000_000n, contractAddress: null, logs: [], ...extra };
}

function recorded(extra: Partial<TokenTransfer> = {}): TokenTransfer {
  return {
    transactionHash: HASH, blockNumber: 5, timestamp: null, logIndex: 0, from: FROM, to: TO, tokenAddress: TOKEN, symbol: 'SGOV', name: 'Sto Governance',
    decimals: 18, rawAmount: 12_000n * 10n ** 18n, amount: '12000', tokenId: null, tokenType: 'ERC20', ...extra,
  };
}

function source(parts: { tx?: Transaction | null | Error; receipt?: Receipt | null | Error; decoded?: DecodedTransaction | null | Error }): TxDetailSource {
  const answer = async <T,>(value: T | Error): Promise<T> => {
    if (value instanceof Error) throw value;
    return value;
  };
  return {
    getTransaction: () => answer(parts.tx === undefined ? tx() : parts.tx),
    getReceipt: () => answer(parts.receipt === undefined ? null : parts.receipt),
    getDecodedTransaction: () => answer(parts.decoded === undefined ? null : parts.decoded),
    readTokenMeta: async () => { throw new Error('no rpc in tests'); },
  };
}

const noToken = async () => null;

describe('isTxHash: 0x and 64 hex characters', () => {
  it.each<[string | undefined, boolean]>([
    [HASH, true],
    [HASH.toUpperCase().replace('0X', '0x'), true],
    ['0x1234', false],
    [HASH.slice(2), false],
    [`${HASH}00`, false],
    [`0x${'g'.repeat(64)}`, false],
    [undefined, false],
    ['', false],
  ])('%s → %s', (value, expected) => expect(isTxHash(value)).toBe(expected));
});

describe('loadTransactionDetail', () => {
  it('not found when the indexer answers null', async () => {
    expect(await loadTransactionDetail(source({ tx: null }), HASH, noToken)).toEqual({ state: 'not-found' });
  });

  it.each<[Error, number]>([
    [networkError('u'), 503],
    [httpError('u', 500, 'x'), 502],
  ])('an indexer failure is an error state (%s → %s)', async (error, status) => {
    expect(await loadTransactionDetail(source({ tx: error }), HASH, noToken)).toEqual({ state: 'error', status });
  });

  it('receipt and decoding failures are ignored: success, the transaction\'s own gas figures', async () => {
    const result = await loadTransactionDetail(source({ tx: tx({ input: '0x', value: 1n }), receipt: networkError('u'), decoded: httpError('u', 500, 'x') }), HASH, noToken);
    expect(result.state).toBe('ok');
    if (result.state !== 'ok') return;
    expect(result.detail.status.label).toBe('Success');
    expect(result.detail.gasUsed).toBe(51_615n);
    expect(result.detail.gasPrice).toBe(1_300_000_000n);
    expect(result.detail.fee).toBe(51_615n * 1_300_000_000n);
    expect(result.detail.logs).toEqual([]);
    expect(result.detail.call).toEqual({ kind: 'empty' });
  });

  it('the receipt decides status, gas used, price and logs', async () => {
    const result = await loadTransactionDetail(source({ receipt: receipt({ status: false, logs: [] }) }), HASH, noToken);
    if (result.state !== 'ok') throw new Error(result.state);
    expect(result.detail.status.label).toBe('Failed');
    expect(result.detail.gasUsed).toBe(50_000n);
    expect(result.detail.gasPrice).toBe(2_000_000_000n);
    expect(result.detail.fee).toBe(100_000n * 10n ** 9n);
  });

  it('the transaction\'s own status beats the receipt', async () => {
    const result = await loadTransactionDetail(source({ tx: tx({ status: true }), receipt: receipt({ status: false }) }), HASH, noToken);
    expect(result.state === 'ok' && result.detail.status.label).toBe('Success');
  });

  it('the indexer\'s fee and decoded call are used; local ERC-20 decoding when it has none', async () => {
    const decoded: DecodedTransaction = {
      transaction: null, description: 'Transfer 5 SGOV', gasUsed: null, fee: 42n, candidates: [], guess: null,
      decoded: { functionName: 'transfer', functionSignature: 'transfer(address,uint256)', description: 'Transfer 5 SGOV', params: [] },
    };
    const withIndexer = await loadTransactionDetail(source({ decoded }), HASH, noToken);
    expect(withIndexer.state === 'ok' && [withIndexer.detail.fee, withIndexer.detail.call.kind, withIndexer.detail.decodedCall?.functionName]).toEqual([42n, 'decoded', 'transfer']);
    const local = await loadTransactionDetail(source({ tx: tx({ input: '0x94562944' }) }), HASH, noToken);
    expect(local.state === 'ok' && local.detail.call).toMatchObject({ kind: 'decoded', source: 'local', call: { functionName: 'withdraw' } });
  });

  it('a deployment shows the created contract', async () => {
    const result = await loadTransactionDetail(source({ tx: tx({ to: null, input: '0x6080604052' }), receipt: receipt({ contractAddress: TOKEN }) }), HASH, noToken);
    expect(result.state === 'ok' && [result.detail.createdContract, result.detail.call.kind]).toEqual([TOKEN, 'creation']);
  });
});

describe('detailTransfers', () => {
  const labels = (transfers: DetailTransfer[]) => transfers.map((t) => [t.label, t.symbol, t.rawAmount]);

  it('uses the recorded transfers, Primary then Secondary', async () => {
    const transfers = await detailTransfers(tx({ tokenTransfers: [recorded(), recorded({ symbol: 'SUSD', rawAmount: 7n })] }), [transferLog()], noToken);
    expect(labels(transfers)).toEqual([
      ['Primary Transfer', 'SGOV', 12_000n * 10n ** 18n],
      ['Secondary Transfer', 'SUSD', 7n],
    ]);
  });

  it('fallback: a transfer() call without recorded transfers uses its first Transfer log and reads the token', async () => {
    const read: string[] = [];
    const transfers = await detailTransfers(tx(), [transferLog(TOKEN, 5n * 10n ** 6n, 0), transferLog(TO, 9n, 1)], async (address) => {
      read.push(address);
      return { name: 'Sto Dollar', symbol: 'SUSD', decimals: 6 };
    });
    expect(read).toEqual([TOKEN]);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ label: 'Primary Transfer', symbol: 'SUSD', name: 'Sto Dollar', decimals: 6, rawAmount: 5_000_000n, from: FROM, to: TO });
  });

  it('fallback with an unreadable token uses TOKEN / Unknown Token / 18', async () => {
    const transfers = await detailTransfers(tx(), [transferLog()], async () => { throw new Error('rpc down'); });
    expect(transfers[0]).toMatchObject({ symbol: 'TOKEN', name: 'Unknown Token', decimals: 18, rawAmount: 5n * 10n ** 18n });
  });

  it('other calls: every Transfer log of the receipt, token details read once per token', async () => {
    const read: string[] = [];
    const other = `0x${'0'.repeat(24)}${'cd'.repeat(20)}`;
    const logs = [transferLog(TOKEN, 1n, 0), { ...transferLog(TOKEN, 2n, 1) }, { address: TOKEN, topics: [other], data: '0x', logIndex: 2, transactionHash: HASH, blockNumber: 5 }];
    const transfers = await detailTransfers(tx({ input: '0x12345678' }), logs, async (address) => {
      read.push(address);
      return { symbol: 'LPT', decimals: 0 };
    });
    expect(read).toEqual([TOKEN.toLowerCase()]);
    expect(labels(transfers)).toEqual([['Primary Transfer', 'LPT', 1n], ['Secondary Transfer', 'LPT', 2n]]);
  });

  it('no Transfer log → no transfers', async () => {
    expect(await detailTransfers(tx({ input: '0x' }), [], noToken)).toEqual([]);
  });
});

describe('transferAmountText', () => {
  const base = { rawAmount: 12_000n * 10n ** 18n, decimals: 18, tokenId: null, tokenType: 'ERC20' };
  it.each<[Parameters<typeof transferAmountText>[0], string]>([
    [base, '12,000'],
    [{ ...base, rawAmount: 1_234_567n, decimals: 6 }, '1.234567'],
    [{ ...base, rawAmount: 123_456_789_012_345_678_901n }, '123.456789012345678901'],
    [{ ...base, rawAmount: 7n, decimals: 0 }, '7'],
    [{ ...base, rawAmount: 1n, decimals: 0, tokenId: '7', tokenType: 'ERC721' }, 'Token ID #7'],
    [{ ...base, rawAmount: 10n, decimals: 0, tokenId: '1', tokenType: 'ERC1155' }, '10 × Token ID #1'],
  ])('%o → %s', (transfer, text) => expect(transferAmountText(transfer)).toBe(text));
});

describe('txSummary: title from the kind, the indexer\'s description or a built one', () => {
  const transfer: DetailTransfer = { label: 'Primary Transfer', from: FROM, to: TO, tokenAddress: TOKEN, symbol: 'SGOV', name: 'Sto Governance', decimals: 18, rawAmount: 5n * 10n ** 18n, tokenId: null, tokenType: 'ERC20' };
  const none = { transfers: [], call: null, description: null, createdContract: null };
  it.each<[string, Transaction, Parameters<typeof txSummary>[1], { title: string; icon: string; description: string }]>([
    ['deployment', tx({ to: null }), { ...none, createdContract: TOKEN }, { title: 'Contract Creation', icon: 'creation', description: `Deploy contract ${TOKEN}` }],
    ['token transfer', tx(), { ...none, transfers: [transfer] }, { title: 'SGOV Transfer', icon: 'token', description: `Transfer 5 SGOV to ${TO}` }],
    ['indexer description wins', tx(), { ...none, transfers: [transfer], description: ' Transfer 12000 SGOV ' }, { title: 'SGOV Transfer', icon: 'token', description: 'Transfer 12000 SGOV' }],
    ['transfer() without transfers', tx(), none, { title: 'Token Transfer', icon: 'token', description: `Call to ${TOKEN}` }],
    ['decoded call', tx({ input: '0x12345678' }), { ...none, call: { functionName: 'setValue', functionSignature: 'setValue(uint256)', description: '', params: [] } }, { title: 'Contract Interaction', icon: 'call', description: `Call setValue on ${TOKEN}` }],
    ['plain transfer', tx({ to: TO, input: '0x', value: 15n * 10n ** 17n }), none, { title: 'STO Transfer', icon: 'native', description: `Transfer 1.5 STO to ${TO}` }],
  ])('%s', (_name, transaction, options, expected) => expect(txSummary(transaction, options)).toEqual(expected));
});
