import { $liveEvent, $liveStatus } from './live-state.ts';

// The tab's one live stream, as the live parts see it: its status, and its events as they arrive. The
// header loads this module late (live-boot.ts), which opens the stream with the topics the page declares, wires the
// parts that live in HTML only (the address/token hints, the replaced-block notice) and announces itself to the
// others (when-live.ts). The EventSource is live-stream.ts. Parts poll as before until the stream opens, and for good
// when it could not be opened ('fallback': an indexer without /events, a refused stream, no EventSource).

export { $liveEvent, $liveStatus, type LiveEvent, type LiveStatus } from './live-state.ts';

const topics = new Set<string>();
let loading: Promise<typeof import('./live-stream.ts')> | null = null;

/**
 * Asks for the tab's stream, with per-subscription topics (`address:0x…`, `token:0x…`); every part calls it, the
 * first call's indexer URL wins. Topics asked for after the stream opened reopen it with them (no event is lost).
 */
export function startLive(indexerUrl: string, ...wanted: string[]): void {
  // Server renders (and tests without a browser) open nothing.
  if (typeof window === 'undefined') return;
  for (const topic of wanted) topics.add(topic.toLowerCase());
  if (loading) {
    if (wanted.length > 0) void loading.then((stream) => stream.setLiveTopics([...topics]), () => {});
    return;
  }
  loading = import('./live-stream.ts');
  loading.then(
    (stream) => stream.openLiveStream({ indexerUrl, topics: [...topics] }),
    // The stream's code could not be loaded: the parts poll.
    () => $liveStatus.set('fallback'),
  );
}

/** Calls `fn` with the data of every event called `name`; returns the unsubscribe. */
export function onLive(name: string, fn: (data: unknown) => void): () => void {
  return $liveEvent.listen((event) => {
    if (event?.name === name) fn(event.data);
  });
}

let opened = false;
$liveStatus.listen((status) => {
  if (status === 'open') opened = true;
});

/** Whether parts poll now: the stream has not opened yet, or it was given up. */
export function shouldPoll(): boolean {
  return $liveStatus.get() === 'fallback' || !opened;
}

/**
 * Hands a part's polling to the stream. The part polls from its start as it did before the stream (so without a stream
 * nothing changes, not even the ticks' phase); `stop` is called when the stream opens, `start` should the stream later
 * be given up ('fallback'). No timer runs while the stream is open. Returns the unsubscribe.
 */
export function pollUnlessLive(start: () => void, stop: () => void): () => void {
  let polling = true;
  return $liveStatus.subscribe(() => {
    const poll = shouldPoll();
    if (poll === polling) return;
    polling = poll;
    if (poll) start();
    else stop();
  });
}

/** What the parts use of this module (when-live.ts hands it to them). */
export interface LiveApi {
  $liveStatus: typeof $liveStatus;
  $liveEvent: typeof $liveEvent;
  startLive: typeof startLive;
  onLive: typeof onLive;
  pollUnlessLive: typeof pollUnlessLive;
  shouldPoll: typeof shouldPoll;
}

/** Hands this module to the parts waiting for it (when-live.ts). */
export function announceLive(w: Window & { stoLive?: LiveApi } = window): void {
  w.stoLive = { $liveStatus, $liveEvent, startLive, onLive, pollUnlessLive, shouldPoll };
  w.dispatchEvent(new Event('sto:live'));
}

/**
 * Opens the tab's stream (live-boot.ts calls it): with the topics the page declares (`data-live-topic`), the parts
 * that live in HTML only wired first (so that they hear the first event), and the others handed the stream.
 */
export async function openTabStream(indexerUrl: string, doc: Document = document): Promise<void> {
  const topics = Array.from(doc.querySelectorAll<HTMLElement>('[data-live-topic]'), (el) => el.dataset['liveTopic'] ?? '');
  await Promise.allSettled([
    doc.querySelector('[data-activity-hint]') && import('./activity-hint.ts').then((hint) => hint.startActivityHints(doc, onLive)),
    doc.querySelector('[data-block-replaced]') && import('./replaced-block.ts').then((notice) => notice.startReplacedNotice(doc, onLive)),
  ]);
  // The EventSource opens once its module has loaded: the parts announced to here subscribe before any event.
  startLive(indexerUrl, ...topics);
  announceLive();
}
