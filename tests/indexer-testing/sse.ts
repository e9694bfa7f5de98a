// A reader of the indexer's event stream over plain node:http, for the integration tests and the stream benchmark:
// it parses text/event-stream as a browser's EventSource does (id, event, data, retry, comments) and keeps every
// event with the time it arrived.
import { request, type IncomingHttpHeaders } from 'node:http';

/** One event as read. */
export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
  /** performance.now() when its last line arrived. */
  at: number;
}

/** An open stream (or a refused one: status and body then say why). */
export class SseReader {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly events: SseEvent[] = [];
  /** Comment lines (heartbeats) read so far. */
  comments = 0;
  /** The `retry:` the stream set. */
  retry: number | null = null;
  /** The body of a refused stream (not 200). */
  body = '';
  closed = false;
  /** Called with each event as it arrives. */
  onEvent: ((e: SseEvent) => void) | null = null;
  private readonly close_: () => void;
  private readonly keep: boolean;
  private rest = '';

  private constructor(status: number, headers: IncomingHttpHeaders, close: () => void, keep: boolean) {
    this.status = status;
    this.headers = headers;
    this.close_ = close;
    this.keep = keep;
  }

  /**
   * Opens `url` and resolves once the response's headers are in. `keep: false` keeps no events (only onEvent sees
   * them), for the benchmark's thousands of readers.
   */
  static open(url: string, headers: Record<string, string> = {}, opts: { keep?: boolean } = {}): Promise<SseReader> {
    return new Promise((resolve, reject) => {
      const req = request(url, { headers: { accept: 'text/event-stream', ...headers }, agent: false }, (res) => {
        const reader = new SseReader(res.statusCode ?? 0, res.headers, () => req.destroy(), opts.keep !== false);
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (reader.status === 200 ? reader.feed(chunk) : (reader.body += chunk)));
        res.on('close', () => (reader.closed = true));
        res.on('error', () => (reader.closed = true));
        resolve(reader);
      });
      req.on('error', reject);
      req.end();
    });
  }

  /** The id of the last event read. */
  lastId(): string | null {
    return this.events.at(-1)?.id ?? null;
  }

  close(): void {
    this.close_();
    this.closed = true;
  }

  private feed(chunk: string): void {
    this.rest += chunk;
    let end: number;
    while ((end = this.rest.indexOf('\n\n')) !== -1) {
      const block = this.rest.slice(0, end);
      this.rest = this.rest.slice(end + 2);
      let id: string | null = null;
      let event = 'message';
      const data: string[] = [];
      let fields = 0;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) {
          this.comments++;
          continue;
        }
        const colon = line.indexOf(':');
        const name = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        fields++;
        if (name === 'id') id = value;
        else if (name === 'event') event = value;
        else if (name === 'data') data.push(value);
        else if (name === 'retry') this.retry = Number(value);
      }
      if (fields === 0 || data.length === 0) continue;
      const e: SseEvent = { id, event, data: data.join('\n'), at: performance.now() };
      if (this.keep) this.events.push(e);
      this.onEvent?.(e);
    }
  }
}
