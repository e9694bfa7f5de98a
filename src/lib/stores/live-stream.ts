import { BLOCK_EVENTS, MAX_STREAM_TOPICS, STREAM_RETRY_MS } from '../../../common/live-events.ts';
import { $liveEvent, $liveStatus } from './live-state.ts';

// The tab's EventSource on the indexer's GET /events (common/live-events.ts), loaded after the page (live.ts): it
// publishes every event to $liveEvent and its state to $liveStatus. An error before the stream ever opened (a 404 from
// an indexer without a stream, a 429/503 limit) means 'fallback' for the rest of the page's life: the parts poll. A
// hidden tab closes the stream; shown again, it reopens with the last event id as `lastEventId` (a new EventSource
// cannot set Last-Event-ID), so the indexer replays what was missed, or says `reload`.

const ADDRESS = /^0x[0-9a-f]{40}$/;
const KINDS = ['address', 'token'] as const;

/** What openLiveStream needs; the EventSource class and the document are injectable for tests. */
export interface LiveStreamOptions {
  indexerUrl: string;
  /** Per-subscription topics: `address:0x…`, `token:0x…` (others, and those beyond MAX_STREAM_TOPICS, are dropped). */
  topics: readonly string[];
  EventSource?: typeof EventSource;
  /** The page's document (visibility); none in a worker or a test that does not care. */
  doc?: Pick<Document, 'hidden' | 'addEventListener'>;
}

/** The topics a stream can carry: well-formed, lowercase, once each, at most MAX_STREAM_TOPICS. */
export function streamTopics(topics: readonly string[]): string[] {
  const valid = topics.map((t) => t.toLowerCase()).filter((t) => KINDS.some((kind) => t.startsWith(`${kind}:`) && ADDRESS.test(t.slice(kind.length + 1))));
  return [...new Set(valid)].slice(0, MAX_STREAM_TOPICS);
}

/** The stream's URL: /events with one `address` or `token` parameter per topic, and `lastEventId` when reopening. */
export function streamUrl(indexerUrl: string, topics: readonly string[], lastEventId?: string | null): string {
  const params = new URLSearchParams();
  for (const topic of streamTopics(topics)) {
    const [kind, address] = topic.split(':') as [string, string];
    params.append(kind, address);
  }
  if (lastEventId) params.set('lastEventId', lastEventId);
  const query = params.toString();
  return `${indexerUrl.replace(/\/+$/, '')}/events${query ? `?${query}` : ''}`;
}

let setTopics: ((topics: readonly string[]) => void) | null = null;

/** Reopens the tab's stream with these topics (from the last event on); before it is open, nothing to do. */
export function setLiveTopics(topics: readonly string[]): void {
  setTopics?.(topics);
}

/** Opens the tab's stream (once: live.ts calls it); returns its close, for tests. */
export function openLiveStream(options: LiveStreamOptions): () => void {
  const Source = options.EventSource ?? (typeof EventSource === 'undefined' ? undefined : EventSource);
  const doc = options.doc ?? (typeof document === 'undefined' ? undefined : document);
  let topics = streamTopics(options.topics);
  let source: EventSource | null = null;
  let lastId: string | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ended = false;

  const fallBack = (): void => {
    ended = true;
    $liveStatus.set('fallback');
  };
  if (!Source) {
    fallBack();
    return () => {};
  }

  const stop = (): void => {
    clearTimeout(retry);
    source?.close();
    source = null;
  };

  const connect = (): void => {
    const es = new Source(streamUrl(options.indexerUrl, topics, lastId));
    let opened = false;
    source = es;
    $liveStatus.set('connecting');
    es.onopen = () => {
      opened = true;
      $liveStatus.set('open');
    };
    es.onerror = () => {
      if (source !== es) return;
      if (!opened) {
        // Never opened: no stream here (a 404), or none for us (a limit). The parts poll from now on.
        stop();
        fallBack();
      } else if (es.readyState === 2) {
        // Closed after it had opened (the indexer restarted behind a proxy that answered an error): one fresh try.
        stop();
        $liveStatus.set('connecting');
        retry = setTimeout(connect, STREAM_RETRY_MS);
      } else {
        // The browser reconnects by itself, with Last-Event-ID.
        $liveStatus.set('connecting');
      }
    };
    for (const name of [...BLOCK_EVENTS, 'reorg', 'reload', ...topics]) {
      es.addEventListener(name, (event) => {
        if (source !== es) return;
        const message = event as MessageEvent<string>;
        if (message.lastEventId) lastId = message.lastEventId;
        let data: unknown;
        try {
          data = JSON.parse(message.data);
        } catch {
          return;
        }
        $liveEvent.set({ name, data, id: message.lastEventId });
      });
    }
  };

  setTopics = (next) => {
    const wanted = streamTopics(next);
    if (ended || wanted.join() === topics.join()) return;
    topics = wanted;
    if (source) {
      stop();
      connect();
    }
  };

  doc?.addEventListener('visibilitychange', () => {
    if (ended) return;
    if (doc.hidden) {
      stop();
      $liveStatus.set('paused');
    } else if (!source) {
      connect();
    }
  });
  if (doc?.hidden) $liveStatus.set('paused');
  else connect();

  return () => {
    stop();
    ended = true;
    setTopics = null;
  };
}
