// The CSV files' columns and rows, as Etherscan's exports name and fill them (so tax tools import them unchanged).
// Every cell is text: amounts are exact decimals of their raw units (common/units.ts), never floating point.
import { formatUnits } from '../../../common/units.ts';
import { erc20FunctionName } from '../transactions/erc20-decode.ts';
import type { Holder, InternalTransaction, NftTransfer, TokenTransfer, Transaction } from '../model/types.ts';

/** One CSV record: one text per column, in the header's order. */
export type CsvRecord = string[];

/** The kinds of file the site exports. */
/**
 * An address's transactions, internal transactions, ERC-20 and NFT transfers (address page); a token's transfers and
 * holders (token page).
 */
export const EXPORT_KINDS = ['transactions', 'internal-transactions', 'token-transfers', 'nft-transfers', 'transfers', 'holders'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** Etherscan's transaction export header, the price of the day named in the current-value column. */
export function transactionHeader(stoPriceUsd: number | null): CsvRecord {
  return [
    'Txhash',
    'Blockno',
    'UnixTimestamp',
    'DateTime (UTC)',
    'From',
    'To',
    'ContractAddress',
    'Value_IN(STO)',
    'Value_OUT(STO)',
    `CurrentValue @ $${stoPriceUsd === null ? '' : priceText(stoPriceUsd)}/STO`,
    'TxnFee(STO)',
    'TxnFee(USD)',
    'Historical $Price/STO',
    'Status',
    'ErrCode',
    'Method',
  ];
}

/** Etherscan's ERC-20 transfer export header. */
export const TOKEN_TRANSFER_HEADER: CsvRecord = ['Txhash', 'Blockno', 'UnixTimestamp', 'DateTime (UTC)', 'From', 'To', 'TokenValue', 'USDValueDayOfTx', 'ContractAddress', 'TokenName', 'TokenSymbol'];

/** Etherscan's NFT (ERC-721) transfer export header, with the amount moved last (ERC-1155 transfers move more than one). */
export const NFT_TRANSFER_HEADER: CsvRecord = ['Txhash', 'Blockno', 'UnixTimestamp', 'DateTime (UTC)', 'From', 'To', 'ContractAddress', 'TokenId', 'TokenName', 'TokenSymbol', 'TokenValue'];

/** Etherscan's internal transaction export header (the parent transaction's sender, recipient and value first). */
export function internalHeader(stoPriceUsd: number | null): CsvRecord {
  return [
    'Txhash',
    'Blockno',
    'UnixTimestamp',
    'DateTime (UTC)',
    'ParentTxFrom',
    'ParentTxTo',
    'ParentTxSTO_Value',
    'From',
    'TxTo',
    'ContractAddress',
    'Value_IN(STO)',
    'Value_OUT(STO)',
    `CurrentValue @ $${stoPriceUsd === null ? '' : priceText(stoPriceUsd)}/STO`,
    'Historical $Price/STO',
    'Status',
    'ErrCode',
    'Type',
  ];
}

/** Etherscan's token holder export header. */
export const HOLDER_HEADER: CsvRecord = ['HolderAddress', 'Balance', 'PendingBalanceUpdate'];

/** Starts of a cell that a spreadsheet reads as a formula (OWASP "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell made inert for spreadsheets: one that begins like a formula gets a leading single quote (OWASP). */
export function neutralise(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** 'YYYY-MM-DD HH:MM:SS' in UTC, as Etherscan writes DateTime (UTC); empty when unknown. */
export function csvDateTime(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '';
  return new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/** A USD price as plain decimal text ('0.1', '1234.5'), without exponent. */
export function priceText(price: number): string {
  return price.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 8 });
}

const PRICE_SCALE = 10n ** 8n;

/** The dollar value of a wei amount at a USD price, to the cent, rounded half up, in integer arithmetic. */
export function usdValue(wei: bigint, price: number | null): string {
  if (price === null || !Number.isFinite(price) || price < 0) return '';
  const scaledPrice = BigInt(Math.round(price * Number(PRICE_SCALE)));
  // wei × price / 10^18 dollars, in cents: / 10^(18 + 8 − 2), rounded half up.
  const divisor = 10n ** 24n;
  const cents = (wei * scaledPrice + divisor / 2n) / divisor;
  const text = formatUnits(cents, 2);
  return text.includes('.') ? text.padEnd(text.indexOf('.') + 3, '0') : `${text}.00`;
}

function lower(value: string | null | undefined): string {
  return (value ?? '').toLowerCase();
}

function num(value: number | null): string {
  return value === null ? '' : String(value);
}

/**
 * Etherscan's Method: the function called (the indexer's signature database names it, else the ERC-20 names;
 * 'Transfer' for a plain payment), else the 4-byte selector.
 */
export function methodText(tx: Pick<Transaction, 'input' | 'to' | 'method'>): string {
  const input = tx.input && tx.input !== '0x' ? tx.input : '';
  if (!input) return 'Transfer';
  const name = (tx.to ? tx.method : undefined) ?? erc20FunctionName(input);
  if (name) return name.charAt(0).toUpperCase() + name.slice(1);
  return input.slice(0, 10).toLowerCase();
}

/** One transaction as a row of the transaction file, seen from `address` (in, out, or both for a transfer to itself). */
export function transactionRecord(tx: Transaction, address: string, stoPriceUsd: number | null): CsvRecord {
  const self = address.toLowerCase();
  const incoming = lower(tx.to) === self ? tx.value : 0n;
  const outgoing = lower(tx.from) === self ? tx.value : 0n;
  const fee = tx.gasUsed !== null && tx.gasPrice !== null ? tx.gasUsed * tx.gasPrice : null;
  return [
    tx.hash,
    num(tx.blockNumber),
    num(tx.timestamp),
    csvDateTime(tx.timestamp),
    tx.from,
    tx.to ?? '',
    tx.contractAddress ?? '',
    formatUnits(incoming, 18),
    formatUnits(outgoing, 18),
    usdValue(incoming > 0n ? incoming : outgoing, stoPriceUsd),
    fee === null ? '' : formatUnits(fee, 18),
    // The site's price source has today's price only: the fee's and the day's dollar figures are left empty rather
    // than priced at today's rate.
    '',
    '',
    tx.status === false ? 'Error(0)' : '',
    tx.status === false ? 'Reverted' : '',
    methodText(tx),
  ];
}

/** One ERC-20 transfer as a row of the token transfer file. */
export function tokenTransferRecord(t: TokenTransfer): CsvRecord {
  return [
    t.transactionHash ?? '',
    num(t.blockNumber),
    num(t.timestamp),
    csvDateTime(t.timestamp),
    t.from,
    t.to,
    formatUnits(t.rawAmount, t.decimals),
    '',
    t.tokenAddress ?? '',
    t.name,
    t.symbol,
  ];
}

/** Token name and symbol of an NFT transfer's collection, when known. */
export interface CollectionNames {
  name: string;
  symbol: string;
}

/** One NFT transfer (ERC-721 or ERC-1155) as a row of the NFT transfer file. */
export function nftTransferRecord(t: NftTransfer | TokenTransfer, names: CollectionNames | null): CsvRecord {
  const value = 'rawAmount' in t ? t.rawAmount : t.value;
  const fallback = 'name' in t ? { name: t.name, symbol: t.symbol } : null;
  const known = names ?? fallback;
  return [
    t.transactionHash ?? '',
    num(t.blockNumber),
    num(t.timestamp),
    csvDateTime(t.timestamp),
    t.from,
    t.to,
    t.tokenAddress ?? '',
    t.tokenId ?? '',
    known?.name ?? '',
    known?.symbol ?? '',
    value.toString(),
  ];
}

/** One holder as a row of the holder file: its balance in whole tokens. */
export function holderRecord(h: Holder, decimals: number): CsvRecord {
  return [h.address, h.rawBalance !== null ? formatUnits(h.rawBalance, decimals) : h.balance, 'No'];
}

/** One internal transaction as a row of the internal transaction file, seen from `address` (in, out, or both). */
export function internalRecord(t: InternalTransaction, address: string, stoPriceUsd: number | null): CsvRecord {
  const self = address.toLowerCase();
  const incoming = lower(t.to ?? t.contractAddress) === self ? t.value : 0n;
  const outgoing = lower(t.from) === self ? t.value : 0n;
  return [
    t.transactionHash,
    num(t.blockNumber),
    num(t.timestamp),
    csvDateTime(t.timestamp),
    t.parent?.from ?? '',
    t.parent?.to ?? '',
    t.parent ? formatUnits(t.parent.value, 18) : '',
    t.from,
    t.to ?? '',
    t.contractAddress ?? '',
    formatUnits(incoming, 18),
    formatUnits(outgoing, 18),
    usdValue(incoming > 0n ? incoming : outgoing, stoPriceUsd),
    // Today's price only, as in the transaction file: no historical price.
    '',
    t.isError ? '1' : '0',
    t.error ?? '',
    t.type,
  ];
}
