// The export form's fields: what a visitor typed, kept as typed (the form is shown again with it), and what it means.
import { EXPORT_KINDS, type ExportKind } from './csv-rows.ts';
import type { KeyRange } from './stream.ts';

/** The form's fields as typed. */
export interface ExportInput {
  address: string;
  mode: 'date' | 'block';
  fromDate: string;
  toDate: string;
  startBlock: string;
  endBlock: string;
}

/** A request read: the range by block or by unix time (holders have none). */
export interface ExportRequest {
  kind: ExportKind;
  address: string;
  by: 'block' | 'time' | null;
  range: KeyRange | null;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const BLOCK = /^\d{1,15}$/;
const DAY = 86_400;

/** Whether a path segment names an export kind. */
export function parseKind(value: string | undefined): ExportKind | null {
  return (EXPORT_KINDS as readonly string[]).includes(value ?? '') ? (value as ExportKind) : null;
}

/** The form's fields from a query string; `mode` is null when the form was not sent (the page only shows it). */
export function readInput(params: URLSearchParams): { input: ExportInput; sent: boolean } {
  const text = (name: string): string => (params.get(name) ?? '').trim().slice(0, 100);
  const mode = text('mode');
  return {
    input: {
      address: text('a'),
      mode: mode === 'block' ? 'block' : 'date',
      fromDate: text('fromDate'),
      toDate: text('toDate'),
      startBlock: text('startBlock'),
      endBlock: text('endBlock'),
    },
    sent: mode !== '',
  };
}

/** Unix seconds of a calendar date (UTC midnight), or null when it is not a real YYYY-MM-DD date. */
export function parseDate(value: string): number | null {
  const m = DATE.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return ms / 1000;
}

/** The request a form means, or the message telling what is wrong with it. */
export function parseExport(kind: ExportKind, input: ExportInput): { ok: true; request: ExportRequest } | { ok: false; message: string } {
  const fail = (message: string) => ({ ok: false as const, message });
  if (!ADDRESS.test(input.address)) return fail('The address must be 0x followed by 40 hexadecimal characters.');
  const address = input.address.toLowerCase();
  if (kind === 'holders') return { ok: true, request: { kind, address, by: null, range: null } };
  if (input.mode === 'block') {
    if (!BLOCK.test(input.startBlock)) return fail('The start block must be a block number (a whole number, 0 or more).');
    if (!BLOCK.test(input.endBlock)) return fail('The end block must be a block number (a whole number, 0 or more).');
    const from = Number(input.startBlock);
    const to = Number(input.endBlock);
    if (to < from) return fail('The end block is before the start block.');
    return { ok: true, request: { kind, address, by: 'block', range: { from, to } } };
  }
  const from = parseDate(input.fromDate);
  if (from === null) return fail('The start date must be a date (YYYY-MM-DD).');
  const day = parseDate(input.toDate);
  if (day === null) return fail('The end date must be a date (YYYY-MM-DD).');
  if (day < from) return fail('The end date is before the start date.');
  // The end date is included, to its last second.
  return { ok: true, request: { kind, address, by: 'time', range: { from, to: day + DAY - 1 } } };
}

/** The message of a range that holds more rows than one file may. */
export function tooManyMessage(cap: number): string {
  return `This range holds more than ${cap.toLocaleString('en-US')} rows, the most one export may hold. Choose a shorter range.`;
}

/** The download's file name: kind, address and range, and the cap when the file will stop at it. */
export function exportFileName(request: ExportRequest, input: ExportInput, cappedAt: number | null): string {
  const range = request.by === 'block' ? `-blocks-${input.startBlock}-${input.endBlock}` : request.by === 'time' ? `-${input.fromDate}-to-${input.toDate}` : '';
  return `export-${request.kind}-${request.address}${range}${cappedAt === null ? '' : `-first-${cappedAt}-rows`}.csv`;
}
