import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';
import { loggingFromProcess, type LogFormat, type LoggingSettings, type LogLevel } from './settings.ts';

// Structured logs of every process (site server, indexer, `npm start`): JSON lines with a level, a time and
// the process's name, one object per event; a readable format when the output is a terminal (LOG_FORMAT=json or
// pretty forces one). LOG_LEVEL picks the least severe level written (default info). Secrets never reach a line:
// the paths in REDACTED are replaced with "[redacted]" by pino itself, whatever the caller passed.

export type { Logger } from 'pino';


/** The header that carries a request's id from the browser or proxy to the site server, and on to the indexer. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What is replaced by "[redacted]" in every line: credentials in headers, and fields named as secrets anywhere. */
export const REDACTED: readonly string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["proxy-authorization"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'password',
  'passwordHash',
  'token',
  'adminToken',
  'session',
  'sessionId',
  'databaseUrl',
  '*.password',
  '*.passwordHash',
  '*.token',
  '*.adminToken',
  '*.session',
  '*.sessionId',
  '*.databaseUrl',
];

/** Options of createLogger. */
export interface LoggerSetup {
  /** The least severe level written (LOG_LEVEL); the process's own setting when not given. */
  level?: LogLevel;
  /** `json`, `pretty` or `auto` (LOG_FORMAT); the process's own setting when not given. */
  format?: LogFormat;
  /** Where lines go (standard output by default); tests pass a stream that keeps them. */
  destination?: DestinationStream;
  /** Whether the destination is a terminal (process.stdout.isTTY by default), for LOG_FORMAT=auto. */
  tty?: boolean;
}

/**
 * A process's logger, `name` being what runs (`site`, `indexer`, `start`). The servers pass their settings' LOG_LEVEL
 * and LOG_FORMAT; without them the process's environment is read through the same fields (common/settings.ts), and a
 * bad value throws (the start-up checks report it before anything is served).
 */
export function createLogger(name: string, setup: LoggerSetup = {}): Logger {
  const own = setup.level !== undefined && setup.format !== undefined ? null : loggingFromProcess();
  const level = setup.level ?? (own as LoggingSettings).LOG_LEVEL;
  const format = setup.format ?? (own as LoggingSettings).LOG_FORMAT;
  const tty = setup.tty ?? Boolean(process.stdout.isTTY);
  const options: LoggerOptions = {
    name,
    level,
    base: { name, pid: process.pid },
    redact: { paths: [...REDACTED], censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
  const readable = format === 'pretty' || (format === 'auto' && tty);
  // pino-pretty as a plain stream in this thread (no transport worker): lines stay in order with everything else
  // the process writes, and a test's destination receives them synchronously.
  const destination = readable
    ? pretty({ destination: setup.destination ?? 1, colorize: tty, sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' })
    : (setup.destination ?? pino.destination({ dest: 1, sync: true }));
  return pino(options, destination);
}

/** A request id as received, when it is one (1 to 128 of A-Z a-z 0-9 . _ : -); a new random one otherwise. */
export function requestIdOf(header: string | string[] | null | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[A-Za-z0-9._:-]{1,128}$/.test(value) ? value : randomUUID();
}

/** Routes whose request line is at debug rather than info: probes and scrapes, asked every few seconds by machines. */
export const QUIET_ROUTES: ReadonlySet<string> = new Set(['/health', '/livez', '/readyz', '/metrics']);

/** The fields of one answered request's log line, the same on both servers. */
export interface RequestLine {
  reqId: string;
  method: string | undefined;
  /** The route's template or label (what the metrics count it under). */
  route: string;
  /** The path, without its query. */
  url: string;
  status: number;
  /** Milliseconds, to a tenth. */
  ms: number;
  /** Set when the client went away before the answer ended. */
  aborted?: boolean;
}

/**
 * Writes one answered request's line: `error` with the exception (or a stand-in naming the status) for a 5xx or a
 * request that threw, `debug` for probes and scrapes (QUIET_ROUTES), `info` for the rest.
 */
export function logRequest(logger: Logger, line: RequestLine, err?: unknown): void {
  if (line.status >= 500 || err !== undefined) logger.error({ ...line, err: err ?? new Error(`answered ${line.status}`) }, 'request');
  else if (QUIET_ROUTES.has(line.route)) logger.debug(line, 'request');
  else logger.info(line, 'request');
}

/** A destination that keeps every line written to it, parsed (for tests, and for reading one's own output). */
export class MemoryLog extends Writable {
  readonly lines: Record<string, unknown>[] = [];
  readonly text: string[] = [];
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    for (const line of String(chunk).split('\n')) {
      if (line.trim() === '') continue;
      this.text.push(line);
      try {
        this.lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // A pretty line: kept as text only.
      }
    }
    done();
  }
}
