import { describe, expect, it } from 'vitest';
import {
  csvDateTime,
  holderRecord,
  methodText,
  neutralise,
  nftTransferRecord,
  tokenTransferRecord,
  transactionHeader,
  transactionRecord,
  usdValue,
  TOKEN_TRANSFER_HEADER,
} from '../../src/lib/export/csv-rows.ts';
import { capLine, csvText, exportStream, firstOffsetAtOrBelow, holdsMoreThan, INTERRUPTED_LINE, type PageSource } from '../../src/lib/export/stream.ts';
import { exportFileName, parseDate, parseExport, readInput, type ExportInput, type ExportRequest } from '../../src/lib/export/params.ts';
import { createExportLimiter, createExportSlots } from '../../src/lib/server/export/limit.ts';
import { drainWaiter } from '../../src/lib/server/export/drain.ts';
import { exportMaxRows, prepareExport } from '../../src/lib/server/export/plan.ts';
import { siteConfigProblems, siteSettingsFrom } from '../../src/lib/server/settings.ts';
import { createIndexerClient } from '../../src/lib/indexer-api/client.ts';
import { isNotFound } from '../../src/lib/indexer-api/errors.ts';
import { formatUnits } from '../../common/units.ts';
import { fixtureText } from '../upstream-fixtures.ts';
import { parseCsv as parse } from '../csv-read.ts';
import type { TokenTransfer, Transaction } from '../../src/lib/model/types.ts';


const ME = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const OTHER = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

function tx(over: Partial<Transaction> = {}): Transaction {
  return {
    hash: '0xaa',
    blockNumber: 7,
    timestamp: 1_700_000_000,
    from: OTHER,
    to: ME,
    contractAddress: null,
    value: 1_500_000_000_000_000_000n,
    input: '0x',
    gasUsed: 21_000n,
    gasPrice: 1_000_000_000n,
    gasLimit: 21_000n,
    nonce: 0,
    transactionIndex: 0,
    status: true,
    tokenTransfers: [],
    ...over,
  };
}

function transfer(over: Partial<TokenTransfer> = {}): TokenTransfer {
  return {
    transactionHash: '0xbb',
    blockNumber: 9,
    timestamp: 1_700_000_100,
    logIndex: 0,
    from: ME,
    to: OTHER,
    tokenAddress: '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0',
    symbol: 'SEED',
    name: 'Seed Token',
    decimals: 6,
    rawAmount: 1_234_500n,
    amount: '1.2345',
    tokenId: null,
    tokenType: 'ERC20',
    ...over,
  };
}

describe('neutralise', () => {
  it.each([
    ['=HYPERLINK("http://x")', `'=HYPERLINK("http://x")`],
    ['+1+2', `'+1+2`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\tcmd', `'\tcmd`],
    ['\rcmd', `'\rcmd`],
    ['Seed Token', 'Seed Token'],
    ['0.5', '0.5'],
    ['', ''],
  ])('%j → %j', (cell, expected) => {
    expect(neutralise(cell)).toBe(expected);
  });

  it('quotes hostile names and leaves formulas inert in the CSV text', () => {
    const text = csvText([tokenTransferRecord(transfer({ name: '=cmd|"/c calc"!A1,\n"x"', symbol: '@SUM(1)' }))]);
    const [row] = parse(text);
    expect(row?.[9]).toBe(`'=cmd|"/c calc"!A1,\n"x"`);
    expect(row?.[10]).toBe(`'@SUM(1)`);
    expect(text.startsWith('"0xbb","9"')).toBe(true);
  });
});

describe('row builders', () => {
  it('writes the transaction header as Etherscan does, with the day\'s STO price', () => {
    expect(transactionHeader(0.1).join(',')).toBe(
      'Txhash,Blockno,UnixTimestamp,DateTime (UTC),From,To,ContractAddress,Value_IN(STO),Value_OUT(STO),CurrentValue @ $0.1/STO,TxnFee(STO),TxnFee(USD),Historical $Price/STO,Status,ErrCode,Method',
    );
  });

  it.each([
    ['incoming payment', tx(), ['1.5', '0', '0.15', '0.000021', '', '', 'Transfer']],
    ['outgoing payment', tx({ from: ME, to: OTHER }), ['0', '1.5', '0.15', '0.000021', '', '', 'Transfer']],
    ['to itself', tx({ from: ME, to: ME }), ['1.5', '1.5', '0.15', '0.000021', '', '', 'Transfer']],
    ['failed ERC-20 transfer', tx({ from: ME, to: OTHER, value: 0n, status: false, input: `0xa9059cbb${'0'.repeat(128)}` }), ['0', '0', '0.00', '0.000021', 'Error(0)', 'Reverted', 'Transfer']],
    ['unknown call, fee unknown', tx({ input: '0xdeadbeef00', gasUsed: null }), ['1.5', '0', '0.15', '', '', '', '0xdeadbeef']],
  ])('%s', (_name, t, [vin, vout, usd, fee, status, err, method]) => {
    const row = transactionRecord(t, ME.toUpperCase().replace('0X', '0x'), 0.1);
    expect(row).toHaveLength(16);
    expect(row.slice(0, 4)).toEqual(['0xaa', '7', '1700000000', '2023-11-14 22:13:20']);
    expect([row[7], row[8], row[9], row[10], row[13], row[14], row[15]]).toEqual([vin, vout, usd, fee, status, err, method]);
  });

  it('writes a contract creation with its address and an empty To', () => {
    const row = transactionRecord(tx({ to: null, contractAddress: '0x5fbdb2315678afecb367f032d93f642f64180aa3', input: '0x6080604052' }), ME, null);
    expect([row[5], row[6], row[9], row[15]]).toEqual(['', '0x5fbdb2315678afecb367f032d93f642f64180aa3', '', '0x60806040']);
  });

  it('writes token amounts with the token\'s decimals, exactly', () => {
    const row = tokenTransferRecord(transfer({ decimals: 18, rawAmount: 123_456_789_012_345_678_901_234_567n }));
    expect(row).toHaveLength(TOKEN_TRANSFER_HEADER.length);
    expect(row[6]).toBe('123456789.012345678901234567');
    expect(row.slice(8)).toEqual(['0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0', 'Seed Token', 'SEED']);
  });

  it('writes NFT transfers with the token id and the amount moved', () => {
    const row = nftTransferRecord(transfer({ tokenId: '42', tokenType: 'ERC1155', rawAmount: 3n }), null);
    expect(row.slice(6)).toEqual(['0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0', '42', 'Seed Token', 'SEED', '3']);
  });

  it('writes holders with whole-token balances', () => {
    expect(holderRecord({ address: ME, rawBalance: 1_000_500_000n, balance: '1000.5', percentage: 1 }, 6)).toEqual([ME, '1000.5', 'No']);
    expect(holderRecord({ address: ME, rawBalance: null, balance: '7', percentage: 1 }, 6)).toEqual([ME, '7', 'No']);
  });

  it.each([
    [0n, 0.1, '0.00'],
    [10n ** 18n, 0.1, '0.10'],
    [5n * 10n ** 15n, 1, '0.01'],
    [123_456n * 10n ** 18n, 0.00129, '159.26'],
    [10n ** 18n, null, ''],
  ])('usdValue(%s, %s) = %s', (wei, price, expected) => {
    expect(usdValue(wei, price)).toBe(expected);
  });

  it('formats dates as Etherscan does, in UTC', () => {
    expect(csvDateTime(0)).toBe('1970-01-01 00:00:00');
    expect(csvDateTime(null)).toBe('');
  });

  it('names plain payments Transfer and known ERC-20 calls by their name', () => {
    expect(methodText({ input: '0x', to: ME })).toBe('Transfer');
    expect(methodText({ input: `0x095ea7b3${'0'.repeat(128)}`, to: ME })).toBe('Approve');
    expect(methodText({ input: `0x2f2ff15d${'0'.repeat(128)}`, to: ME, method: 'grantRole' })).toBe('GrantRole');
    expect(methodText({ input: `0x2f2ff15d${'0'.repeat(128)}`, to: ME })).toBe('0x2f2ff15d');
  });
});

describe('form input', () => {
  const base: ExportInput = { address: ME, mode: 'date', fromDate: '2026-01-01', toDate: '2026-01-31', startBlock: '', endBlock: '' };

  it.each([
    [{ address: '0x123' }, 'The address must be 0x followed by 40 hexadecimal characters.'],
    [{ fromDate: 'yesterday' }, 'The start date must be a date (YYYY-MM-DD).'],
    [{ toDate: '2026-02-30' }, 'The end date must be a date (YYYY-MM-DD).'],
    [{ fromDate: '2026-02-01' }, 'The end date is before the start date.'],
    [{ mode: 'block' as const, startBlock: 'ten', endBlock: '5' }, 'The start block must be a block number (a whole number, 0 or more).'],
    [{ mode: 'block' as const, startBlock: '1', endBlock: '-5' }, 'The end block must be a block number (a whole number, 0 or more).'],
    [{ mode: 'block' as const, startBlock: '10', endBlock: '5' }, 'The end block is before the start block.'],
  ])('refuses %j', (over, message) => {
    expect(parseExport('transactions', { ...base, ...over })).toEqual({ ok: false, message });
  });

  it('reads a date range to the end of its last day, and a block range as typed', () => {
    expect(parseExport('transactions', base)).toEqual({ ok: true, request: { kind: 'transactions', address: ME, by: 'time', range: { from: 1_767_225_600, to: 1_769_903_999 } } });
    const blocks = parseExport('nft-transfers', { ...base, mode: 'block', startBlock: '3', endBlock: '3' });
    expect(blocks).toEqual({ ok: true, request: { kind: 'nft-transfers', address: ME, by: 'block', range: { from: 3, to: 3 } } });
    expect(parseExport('holders', { ...base, fromDate: 'x' }).ok).toBe(true);
  });

  it('keeps what was typed and tells whether the form was sent', () => {
    expect(readInput(new URLSearchParams('a=0xAB&mode=block&startBlock= 1 &endBlock=2'))).toEqual({
      input: { address: '0xAB', mode: 'block', fromDate: '', toDate: '', startBlock: '1', endBlock: '2' },
      sent: true,
    });
    expect(readInput(new URLSearchParams('a=0xAB')).sent).toBe(false);
    expect(parseDate('2024-02-29')).toBe(1_709_164_800);
    expect(parseDate('2023-02-29')).toBeNull();
  });

  it('names the file after the list, address and range', () => {
    const parsed = parseExport('transactions', base);
    if (!parsed.ok) throw new Error('parse');
    expect(exportFileName(parsed.request, base, null)).toBe(`export-transactions-${ME}-2026-01-01-to-2026-01-31.csv`);
    expect(exportFileName({ ...parsed.request, kind: 'holders', by: null, range: null }, base, 5)).toBe(`export-holders-${ME}-first-5-rows.csv`);
  });

  it('reads CSV_EXPORT_MAX_ROWS from the settings, 100,000 by default; anything but a whole number stops the start', () => {
    expect(exportMaxRows(siteSettingsFrom({}))).toBe(100_000);
    expect(exportMaxRows(siteSettingsFrom({ CSV_EXPORT_MAX_ROWS: '250' }))).toBe(250);
    expect(siteConfigProblems({ CSV_EXPORT_MAX_ROWS: 'lots' })).toEqual(['CSV_EXPORT_MAX_ROWS must be a whole number from 1 to 999999999, got "lots"']);
  });
});

/** A generated history of `total` rows, newest first (block = total − offset), made only when asked for. */
function generated(total: number, perBlock = 1) {
  const stats = { pages: 0, rows: 0 };
  const source: PageSource<{ block: number; n: number }> = async (offset, limit) => {
    stats.pages += 1;
    const rows = [];
    for (let i = offset; i < Math.min(total, offset + limit); i++) rows.push({ block: Math.floor((total - 1 - i) / perBlock), n: i });
    stats.rows += rows.length;
    return rows;
  };
  return { source, stats };
}

async function readAll(stream: ReadableStream<Uint8Array>, onChunk: () => void = () => {}): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of stream) {
    onChunk();
    text += decoder.decode(chunk, { stream: true });
  }
  return text;
}

describe('exportStream', () => {
  const record = (r: { block: number; n: number }) => [String(r.n), String(r.block)];

  it('streams a million rows reading one page ahead at most, with memory that does not grow', async () => {
    const total = 1_000_000;
    const { source, stats } = generated(total);
    const stream = exportStream({ source, header: ['n', 'block'], record, cap: total, pageSize: 100 });
    let chunks = 0;
    let lines = 0;
    let maxAhead = 0;
    const heap: number[] = [];
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      chunks += 1;
      // Pages read beyond the chunks taken (the header is the first chunk): never more than one page waiting.
      maxAhead = Math.max(maxAhead, stats.pages - (chunks - 1));
      lines += decoder.decode(chunk).split('\n').length - 1;
      if (chunks % 2000 === 0) heap.push(process.memoryUsage().heapUsed);
    }
    expect(lines).toBe(total + 1);
    expect(maxAhead).toBeLessThanOrEqual(2);
    // Nothing is kept between pages: the heap late in the export is no larger than early on, give or take 64 MB of garbage.
    expect(Math.max(...heap.slice(-3))).toBeLessThan(Math.min(...heap.slice(0, 3)) + 64 * 1024 * 1024);
  }, 120_000);

  it('writes only the range, from its place in the list, and stops at its start', async () => {
    const { source, stats } = generated(10_000);
    const key = (r: { block: number }) => r.block;
    const range = { from: 100, to: 199 };
    const start = await firstOffsetAtOrBelow(source, key, range.to);
    expect(start).toBe(10_000 - 200);
    expect(await holdsMoreThan(source, key, range, start, 100)).toBe(false);
    expect(await holdsMoreThan(source, key, range, start, 99)).toBe(true);
    const before = stats.pages;
    const text = await readAll(exportStream({ source, header: ['n', 'block'], record, key, range, start, cap: 1000, pageSize: 30 }));
    const rows = parse(text);
    expect(rows[0]).toEqual(['n', 'block']);
    expect(rows.slice(1).map((r) => Number(r[1]))).toEqual(Array.from({ length: 100 }, (_, i) => 199 - i));
    expect(stats.pages - before).toBe(4);
  });

  it.each([
    [0, 0],
    [5, 3],
    [1, 1],
  ])('finds where a range ends in a list of %i rows (to = %i)', async (total, to) => {
    const { source } = generated(total);
    const offset = await firstOffsetAtOrBelow(source, (r) => r.block, to);
    expect(offset).toBe(Math.max(0, total - 1 - to));
  });

  it('names the cap in a last line when there were more rows', async () => {
    const { source } = generated(50);
    const text = await readAll(exportStream({ source, header: ['n', 'block'], record, cap: 20, pageSize: 7 }));
    const rows = parse(text);
    expect(rows).toHaveLength(22);
    expect(rows.at(-1)).toEqual([capLine(20)]);
    const exact = parse(await readAll(exportStream({ source, header: ['n', 'block'], record, cap: 50 })));
    expect(exact).toHaveLength(51);
  });

  it('skips rows read twice when new rows push the list down while it is read', async () => {
    let pushed = 0;
    const rows = Array.from({ length: 6 }, (_, i) => ({ id: `r${i}`, block: 10 - i }));
    const source: PageSource<{ id: string; block: number }> = async (offset, limit) => {
      const list = [...Array.from({ length: pushed }, (_, i) => ({ id: `new${i}`, block: 20 + i })).reverse(), ...rows];
      pushed = 2;
      return list.slice(offset, offset + limit);
    };
    const text = await readAll(exportStream({ source, header: ['id'], record: (r) => [r.id], identity: (r) => ({ id: r.id, block: r.block }), cap: 100, pageSize: 3 }));
    expect((parse(text)).map((r) => r[0])).toEqual(['id', 'r0', 'r1', 'r2', 'r3', 'r4', 'r5']);
  });

  it('ends with a line saying so when the indexer fails mid-way', async () => {
    const source: PageSource<{ block: number; n: number }> = async (offset) => {
      if (offset > 0) throw new Error('down');
      return [{ block: 1, n: 0 }];
    };
    const rows = parse(await readAll(exportStream({ source, header: ['n', 'block'], record, cap: 10, pageSize: 1, retryDelaysMs: [1, 1] })));
    expect(rows).toEqual([['n', 'block'], ['0', '1'], [INTERRUPTED_LINE]]);
  });

  it('reads a failed page again before giving up', async () => {
    let failures = 0;
    const source: PageSource<{ block: number; n: number }> = async (offset) => {
      if (offset === 1 && failures < 2) {
        failures += 1;
        throw new Error('429');
      }
      return offset < 2 ? [{ block: 2 - offset, n: offset }] : [];
    };
    const rows = parse(await readAll(exportStream({ source, header: ['n', 'block'], record, cap: 10, pageSize: 1, retryDelaysMs: [1, 1] })));
    expect(rows).toEqual([['n', 'block'], ['0', '2'], ['1', '1']]);
  });
});

describe('export slots', () => {
  it('holds a slot until the file ends, is written whole or cancelled by the reader', async () => {
    const slots = createExportSlots(1);
    const release = slots.enter();
    expect(slots.enter()).toBeNull();
    if (!release) throw new Error('no slot');
    const { source } = generated(3);
    await readAll(exportStream({ source, header: ['n'], record: (r) => [String(r.n)], cap: 10, onEnd: release }));
    expect(slots.running).toBe(0);
    const again = slots.enter();
    if (!again) throw new Error('no slot');
    const reader = exportStream({ source: generated(1000).source, header: ['n'], record: (r) => [String(r.n)], cap: 1000, onEnd: again }).getReader();
    await reader.read();
    await reader.cancel();
    expect(slots.running).toBe(0);
    // Releasing twice frees one slot only.
    again();
    expect(slots.running).toBe(0);
  });
});

describe('export rate limit', () => {
  it('lets a burst through, then one more per refill period, per client', () => {
    const limiter = createExportLimiter(2, 10);
    expect(limiter.take('a', 0)).toBe(0);
    expect(limiter.take('a', 0)).toBe(0);
    expect(limiter.take('a', 0)).toBe(10);
    expect(limiter.take('b', 0)).toBe(0);
    expect(limiter.take('a', 5_000)).toBe(5);
    expect(limiter.take('a', 10_000)).toBe(0);
  });
});

describe("the chain operator's indexer (recorded answers)", () => {
  const A0 = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
  const SEED = '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0';
  const FILES: Record<string, string> = {
    [`/address/${A0}/transactions`]: 'address_0xf39Fd6e5_transactions.json',
    [`/address/${A0}/token-transfers`]: 'address_0xf39Fd6e5_token-transfers.json',
    [`/address/${A0}/nft-transfers`]: 'address_0xf39Fd6e5_nft-transfers.json',
    [`/tokens/${SEED}`]: 'tokens_0x9fE46736.json',
    [`/tokens/${SEED}/transfers`]: 'tokens_0x9fE46736_transfers.json',
  };
  /** A client whose lists are the recorded pages (the upstream indexer's bare arrays), then empty; 404 elsewhere. */
  const client = createIndexerClient('http://upstream.invalid', {
    fetch: async (input) => {
      const url = new URL(String(input));
      const file = FILES[url.pathname.toLowerCase()];
      if (!file) return new Response('{"error":"Not found"}', { status: 404 });
      const later = Number(url.searchParams.get('offset') ?? 0) > 0 && /transfers|transactions$/.test(url.pathname);
      const body = later ? '[]' : fixtureText(file);
      return new Response(body, { headers: { 'content-type': 'application/json' } });
    },
  });
  const request = (kind: ExportRequest['kind'], address: string): ExportRequest => ({ kind, address, by: 'block', range: { from: 0, to: 1_000_000 } });

  async function exported(kind: ExportRequest['kind'], address: string): Promise<string[][]> {
    const prepared = await prepareExport(request(kind, address), 1000, 0.1, client);
    if (!prepared.ok) throw new Error('refused');
    return parse(await readAll(exportStream(prepared.plan)));
  }

  it('exports its transactions with values read from BigNumber objects', async () => {
    const rows = await exported('transactions', A0);
    const recorded = JSON.parse(fixtureText('address_0xf39Fd6e5_transactions.json')) as Array<{ hash: string; blockNumber: string; value: { hex: string } }>;
    expect(rows.slice(1).map((r) => [r[0], r[1], r[8]])).toEqual(recorded.map((t) => [t.hash, t.blockNumber, formatUnits(BigInt(t.value.hex), 18)]));
    // It stores no receipt status and no gas used: those cells are empty rather than guessed.
    expect(rows.slice(1).every((r) => r[10] === '' && r[13] === '')).toBe(true);
  });

  it('exports ERC-20 and NFT transfers, and a token\'s transfers with its own decimals and name', async () => {
    const erc20 = await exported('token-transfers', A0);
    expect(erc20.length - 1).toBe((JSON.parse(fixtureText('address_0xf39Fd6e5_token-transfers.json')) as unknown[]).length);
    const nft = await exported('nft-transfers', A0);
    expect(nft.slice(1).map((r) => r[7])).toEqual((JSON.parse(fixtureText('address_0xf39Fd6e5_nft-transfers.json')) as Array<{ tokenId: string }>).map((t) => t.tokenId));
    const token = await exported('transfers', SEED);
    expect(token.length - 1).toBe(6);
    expect(token.slice(1).every((r) => r[9] === 'Seed Token' && r[10] === 'SEED')).toBe(true);
  });

  it('has no holder list: the export says so by the not-found error the page answers 404 with', async () => {
    await expect(prepareExport({ kind: 'holders', address: SEED, by: null, range: null }, 10, null, client)).rejects.toSatisfy(isNotFound);
  });
});

describe('back-pressure', () => {
  it('reads no page while the socket is full, and goes on when it drains', async () => {
    const { EventEmitter } = await import('node:events');
    const sink = Object.assign(new EventEmitter(), { writableNeedDrain: true, destroyed: false });
    const ready = drainWaiter(sink);
    if (!ready) throw new Error('no waiter');
    const { source, stats } = generated(10);
    const reader = exportStream({ source, header: ['n', 'block'], record: (r) => [String(r.n)], cap: 100, pageSize: 5, ready }).getReader();
    await reader.read();
    const next = reader.read();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stats.pages).toBe(0);
    sink.writableNeedDrain = false;
    sink.emit('drain');
    expect((await next).done).toBe(false);
    expect(stats.pages).toBe(1);
    expect(sink.listenerCount('close')).toBe(0);
    expect(drainWaiter(undefined)).toBeUndefined();
  });
});
