// The CSV export's writer: it reads a list page by page (newest first, as the indexer serves it) and writes each page's
// rows as CSV text as the reader asks for more, so a file of a million rows holds one page in memory at a time.
// csv-stringify quotes every cell (as Etherscan's files are quoted) and neutralises formula-like cells through its
// cast hook; the pull-based ReadableStream gives the back-pressure: the next page is read only when the previous
// one's text has been taken.
import { stringify } from 'csv-stringify/sync';
import { neutralise, type CsvRecord } from './csv-rows.ts';

/** Rows of a list at `offset`, at most `limit` ([] past its end). */
export type PageSource<T> = (offset: number, limit: number) => Promise<T[]>;

/** An inclusive range of a row's key (a block number or a unix time). */
export interface KeyRange {
  from: number;
  to: number;
}

/** What to write and from where. */
export interface ExportPlan<T> {
  source: PageSource<T>;
  header: CsvRecord;
  /** The row's record, or null to leave it out (another token type in a mixed list). */
  record: (row: T) => CsvRecord | null;
  /** With `range`: the key the list is ordered by (descending); null for rows without one yet (pending). */
  key?: (row: T) => number | null;
  range?: KeyRange;
  /** A row's identity and block, to skip rows read twice when new rows push a list down while it is read. */
  identity?: (row: T) => { id: string; block: number | null };
  /** The offset of the first row to read (see firstOffsetAtOrBelow). */
  start?: number;
  /** The most rows the file holds; a last line says so when there were more. */
  cap: number;
  pageSize?: number;
  /** Waits before reading a failed page again (an indexer's rate limit, a restart); default 0.5 s then 2 s. */
  retryDelaysMs?: readonly number[];
  /** Resolves when the reader's side can take more (the socket has drained); awaited before each page is read. */
  ready?: () => Promise<void>;
  /** Called once when the file ends: written to its end, stopped, or cancelled by the reader (a closed download). */
  onEnd?: () => void;
}

/** The last line of a file stopped at the cap. */
export function capLine(cap: number): string {
  return `Export stopped at ${cap} rows (the limit CSV_EXPORT_MAX_ROWS); choose a shorter range for the rest`;
}

/** The last line of a file whose list could not be read to its end. */
export const INTERRUPTED_LINE = 'Export interrupted: the indexer could not be read; this file is incomplete';

/** Records as CSV text: every cell quoted, formula-like cells neutralised. */
export function csvText(records: CsvRecord[]): string {
  return stringify(records, { quoted: true, quoted_empty: true, record_delimiter: 'unix', cast: { string: neutralise } });
}

/** A one-cell note line (not neutralised: the site writes it). */
function noteText(note: string): string {
  return stringify([[note]], { quoted: true, record_delimiter: 'unix' });
}

/** The CSV file of a plan as a byte stream, read page by page as it is consumed. */
export function exportStream<T>(plan: ExportPlan<T>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let ended = false;
  const end = (): void => {
    if (ended) return;
    ended = true;
    plan.onEnd?.();
  };
  const size = plan.pageSize ?? 100;
  let offset = plan.start ?? 0;
  let written = 0;
  let headerSent = false;
  // Identities already written of the last block written (a list pushed down by new rows repeats them).
  let lastBlock: number | null = null;
  let seenInBlock = new Set<string>();

  /** Whether a row is to be written, and whether the list has passed the range's start. */
  const judge = (row: T): 'take' | 'skip' | 'stop' => {
    if (plan.range && plan.key) {
      const key = plan.key(row);
      if (key === null || key > plan.range.to) return 'skip';
      if (key < plan.range.from) return 'stop';
    }
    if (plan.identity) {
      const { id, block } = plan.identity(row);
      if (block !== null && lastBlock !== null && block > lastBlock) return 'skip';
      if (block !== null && block === lastBlock && seenInBlock.has(id)) return 'skip';
      if (block !== lastBlock) {
        lastBlock = block;
        seenInBlock = new Set();
      }
      seenInBlock.add(id);
    }
    return 'take';
  };

  const delays = plan.retryDelaysMs ?? [500, 2000];
  /** A page, read again after each delay while it fails; the last failure is thrown. */
  const readPage = async (at: number): Promise<T[]> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await plan.source(at, size);
      } catch (error) {
        const delay = delays[attempt];
        if (delay === undefined) throw error;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  };

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(csvText([plan.header])));
          return;
        }
        let rows: T[];
        try {
          await plan.ready?.();
          rows = await readPage(offset);
          // The reader went away while the page was read.
          if (ended) return;
        } catch {
          if (ended) return;
          controller.enqueue(encoder.encode(noteText(INTERRUPTED_LINE)));
          controller.close();
          end();
          return;
        }
        offset += size;
        const records: CsvRecord[] = [];
        let done = rows.length === 0;
        for (const row of rows) {
          const verdict = judge(row);
          if (verdict === 'stop') {
            done = true;
            break;
          }
          if (verdict === 'skip') continue;
          const record = plan.record(row);
          if (record === null) continue;
          if (written === plan.cap) {
            if (records.length > 0) controller.enqueue(encoder.encode(csvText(records)));
            controller.enqueue(encoder.encode(noteText(capLine(plan.cap))));
            controller.close();
            end();
            return;
          }
          records.push(record);
          written += 1;
        }
        if (records.length > 0) controller.enqueue(encoder.encode(csvText(records)));
        if (done) {
          controller.close();
          end();
        }
      },
      cancel() {
        end();
      },
    },
    // One chunk ahead at most: a page is read when the reader has taken the text before it.
    { highWaterMark: 1 },
  );
}

/**
 * The offset of the first row whose key is at most `to`, in a list ordered by key descending: doubling steps, then
 * halving, one row per read (about 2·log2 of the offset reads). Rows without a key (pending) count as newest.
 */
export async function firstOffsetAtOrBelow<T>(source: PageSource<T>, key: (row: T) => number | null, to: number): Promise<number> {
  const atOrBelow = async (offset: number): Promise<boolean> => {
    const [row] = await source(offset, 1);
    if (row === undefined) return true;
    const k = key(row);
    return k !== null && k <= to;
  };
  let low = 0;
  let step = 1;
  let high = 0;
  while (!(await atOrBelow(high))) {
    low = high + 1;
    high += step;
    step *= 2;
  }
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (await atOrBelow(mid)) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** Whether the range holds more than `cap` rows of the list, counting from `start` (its first row at or below the end). */
export async function holdsMoreThan<T>(source: PageSource<T>, key: (row: T) => number | null, range: KeyRange, start: number, cap: number): Promise<boolean> {
  const [row] = await source(start + cap, 1);
  if (row === undefined) return false;
  const k = key(row);
  return k !== null && k >= range.from;
}
