import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_STREAM_TOPICS, STREAM_RETRY_MS } from '../../common/live-events.ts';
import { $liveEvent, $liveStatus, onLive, pollUnlessLive, type LiveEvent } from '../../src/lib/stores/live.ts';
import { openLiveStream, setLiveTopics, streamTopics, streamUrl } from '../../src/lib/stores/live-stream.ts';

// The tab's stream against a fake EventSource: what it asks for, what it publishes, when it gives up for
// polling, and how it closes and reopens with a hidden tab.

const INDEXER = 'http://indexer.test/';
const A = '0x5acfb896eea61dbcab284abaaf1dae7c36bc7810';
const B = '0xeabc2628f279ea3bd308cb4527875a01d7487813';

/** A stand-in for the browser's EventSource: the test opens, fails and feeds it. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readyState = 0;
  closed = false;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  readonly listeners = new Map<string, Array<(event: unknown) => void>>();
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }
  addEventListener(name: string, fn: (event: unknown) => void): void {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  close(): void {
    this.closed = true;
    this.readyState = 2;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.();
  }
  emit(name: string, data: unknown, id = ''): void {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    for (const fn of this.listeners.get(name) ?? []) fn({ data: text, lastEventId: id });
  }
  fail(readyState: 0 | 2): void {
    this.readyState = readyState;
    this.onerror?.();
  }
}

/** A document whose visibility the test sets. */
function fakeDocument() {
  const listeners: Array<() => void> = [];
  return {
    hidden: false,
    addEventListener: (_type: string, fn: () => void) => listeners.push(fn),
    setHidden(hidden: boolean) {
      this.hidden = hidden;
      for (const fn of listeners) fn();
    },
  };
}

const latest = (): FakeEventSource => FakeEventSource.instances.at(-1)!;
let close: () => void = () => {};
let doc: ReturnType<typeof fakeDocument>;
let events: LiveEvent[];
let stopEvents: () => void;

function open(topics: string[] = []): void {
  close = openLiveStream({ indexerUrl: INDEXER, topics, EventSource: FakeEventSource as unknown as typeof EventSource, doc: doc as unknown as Document });
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.instances = [];
  $liveStatus.set('off');
  $liveEvent.set(null);
  doc = fakeDocument();
  events = [];
  stopEvents = $liveEvent.listen((event) => {
    if (event) events.push(event);
  });
});

afterEach(() => {
  close();
  stopEvents();
  vi.useRealTimers();
});

describe('the stream URL and its topics', () => {
  it.each<[string, string[], string | null, string]>([
    ['no topics', [], null, 'http://indexer.test/events'],
    ['an address', [`address:${A}`], null, `http://indexer.test/events?address=${A}`],
    ['a token, upper case', [`token:${B.toUpperCase().replace('0X', '0x')}`], null, `http://indexer.test/events?token=${B}`],
    ['both, each once', [`address:${A}`, `token:${B}`, `address:${A}`], null, `http://indexer.test/events?address=${A}&token=${B}`],
    ['malformed topics dropped', ['address:0x12', `wallet:${A}`, 'block'], null, 'http://indexer.test/events'],
    ['reopening', [`address:${A}`], '120-2-0', `http://indexer.test/events?address=${A}&lastEventId=120-2-0`],
  ])('%s', (_name, topics, lastEventId, url) => {
    expect(streamUrl(INDEXER, topics, lastEventId)).toBe(url);
  });

  it(`keeps at most ${MAX_STREAM_TOPICS} topics`, () => {
    const many = Array.from({ length: MAX_STREAM_TOPICS + 5 }, (_, i) => `address:0x${i.toString(16).padStart(40, '0')}`);
    expect(streamTopics(many)).toHaveLength(MAX_STREAM_TOPICS);
  });
});

describe('openLiveStream', () => {
  it('opens one EventSource and publishes every event, topics included, in order', () => {
    open([`address:${A}`]);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(latest().url).toBe(`http://indexer.test/events?address=${A}`);
    expect($liveStatus.get()).toBe('connecting');
    latest().open();
    expect($liveStatus.get()).toBe('open');
    latest().emit('block', { number: 7, hash: '0x07' }, '7-0-0');
    latest().emit('transactions', { block: 7, count: 0, items: [] }, '7-1-0');
    latest().emit(`address:${A}`, { address: A, block: 7, transactions: [], transfers: 1 }, '7-2-0');
    latest().emit('gas', { block: 7, gasPrice: '0x3b9aca00' }, '7-3-0');
    expect(events.map((e) => [e.name, e.id])).toEqual([
      ['block', '7-0-0'],
      ['transactions', '7-1-0'],
      [`address:${A}`, '7-2-0'],
      ['gas', '7-3-0'],
    ]);
    expect(events[0]?.data).toEqual({ number: 7, hash: '0x07' });
  });

  it('onLive hands each part only its events', () => {
    const gas: unknown[] = [];
    const stop = onLive('gas', (data) => gas.push(data));
    open();
    latest().open();
    latest().emit('block', { number: 1, hash: '0x01' });
    latest().emit('gas', { block: 1, gasPrice: '0x1' });
    stop();
    latest().emit('gas', { block: 2, gasPrice: '0x2' });
    expect(gas).toEqual([{ block: 1, gasPrice: '0x1' }]);
  });

  it('skips an event whose data is not JSON', () => {
    open();
    latest().open();
    latest().emit('block', '{not json', '1-0-0');
    latest().emit('block', { number: 2, hash: '0x02' }, '2-0-0');
    expect(events.map((e) => e.id)).toEqual(['2-0-0']);
  });

  it.each<[string, 0 | 2]>([
    ['a 404 (the operator indexer has no /events)', 2],
    ['a network error before it opened', 0],
  ])('falls back for good on %s', async (_name, readyState) => {
    // A part polling from its start: when the stream is given up, it polls.
    let polling = true;
    const stop = pollUnlessLive(() => (polling = true), () => (polling = false));
    open();
    latest().fail(readyState);
    expect($liveStatus.get()).toBe('fallback');
    expect(latest().closed).toBe(true);
    // Nothing reopens it: not time, not the tab coming back.
    await vi.advanceTimersByTimeAsync(10 * STREAM_RETRY_MS);
    doc.setHidden(true);
    doc.setHidden(false);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect($liveStatus.get()).toBe('fallback');
    expect(polling).toBe(true);
    stop();
  });

  it('falls back when the browser has no EventSource', () => {
    close = openLiveStream({ indexerUrl: INDEXER, topics: [], doc: doc as unknown as Document, EventSource: undefined as unknown as typeof EventSource });
    // In Node there is no global EventSource either.
    expect($liveStatus.get()).toBe(typeof EventSource === 'undefined' ? 'fallback' : 'connecting');
  });

  it('lets the browser reconnect by itself after a drop, and retries once itself when the browser gave up', async () => {
    open();
    latest().open();
    latest().emit('block', { number: 9, hash: '0x09' }, '9-0-0');
    latest().fail(0);
    expect($liveStatus.get()).toBe('connecting');
    expect(FakeEventSource.instances).toHaveLength(1);
    latest().open();
    expect($liveStatus.get()).toBe('open');
    // Closed after it had opened (an error status on the browser's reconnect): a fresh try after retry: ms.
    latest().fail(2);
    expect($liveStatus.get()).toBe('connecting');
    await vi.advanceTimersByTimeAsync(STREAM_RETRY_MS - 1);
    expect(FakeEventSource.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(latest().url).toBe('http://indexer.test/events?lastEventId=9-0-0');
    // That try failing before it opened means no stream: polling.
    latest().fail(2);
    expect($liveStatus.get()).toBe('fallback');
  });

  it('closes when the tab is hidden and reopens with the last event id when it is shown', () => {
    open([`token:${B}`]);
    const first = latest();
    first.open();
    first.emit('block', { number: 41, hash: '0x29' }, '41-0-3');
    first.emit(`token:${B}`, { token: B, block: 41, transfers: 2 }, '41-4-3');
    doc.setHidden(true);
    expect(first.closed).toBe(true);
    expect($liveStatus.get()).toBe('paused');
    expect(FakeEventSource.instances).toHaveLength(1);
    doc.setHidden(false);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(latest().url).toBe(`http://indexer.test/events?token=${B}&lastEventId=41-4-3`);
    // Events of the closed one are not read any more; the new one's are.
    first.emit('block', { number: 42, hash: '0x2a' }, '42-0-3');
    latest().open();
    latest().emit('block', { number: 42, hash: '0x2a' }, '42-0-3');
    expect(events.filter((e) => e.name === 'block').map((e) => e.id)).toEqual(['41-0-3', '42-0-3']);
  });

  it('waits for a tab that starts hidden', () => {
    doc.hidden = true;
    open();
    expect(FakeEventSource.instances).toHaveLength(0);
    expect($liveStatus.get()).toBe('paused');
    doc.setHidden(false);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(latest().url).toBe('http://indexer.test/events');
  });

  it('publishes reload and reorg like any event', () => {
    open();
    latest().open();
    latest().emit('reload', { reason: 'too-far-behind' }, '300-0-1');
    latest().emit('reorg', { depth: 2, fork: 98, head: 100, reorgs: 2 }, '100-0-2');
    expect(events.map((e) => e.name)).toEqual(['reload', 'reorg']);
  });

  it('reopens with new topics from the last event id', () => {
    open();
    latest().open();
    latest().emit('block', { number: 5, hash: '0x05' }, '5-0-0');
    setLiveTopics([`address:${A}`]);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.instances[0]?.closed).toBe(true);
    expect(latest().url).toBe(`http://indexer.test/events?address=${A}&lastEventId=5-0-0`);
    // The same topics again: nothing to do.
    setLiveTopics([`address:${A.toUpperCase().replace('0X', '0x')}`]);
    expect(FakeEventSource.instances).toHaveLength(2);
  });

  it('sets no timer while the stream is open', async () => {
    open();
    latest().open();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});

describe('pollUnlessLive: a part polls as before the stream, and not while it is open', () => {
  it('stops the polling when the stream opens, and starts it again only when the stream is given up', async () => {
    vi.resetModules();
    const live = await import('../../src/lib/stores/live.ts');
    const log: string[] = [];
    const stop = live.pollUnlessLive(() => log.push('start'), () => log.push('stop'));
    live.$liveStatus.set('connecting');
    expect(log).toEqual([]);
    live.$liveStatus.set('open');
    expect(log).toEqual(['stop']);
    // A hidden tab, a dropped connection the browser is restoring: the stream is coming back, no polling.
    for (const status of ['paused', 'connecting', 'open'] as const) live.$liveStatus.set(status);
    expect(log).toEqual(['stop']);
    live.$liveStatus.set('fallback');
    expect(log).toEqual(['stop', 'start']);
    stop();
    live.$liveStatus.set('open');
    expect(log).toEqual(['stop', 'start']);
  });

  it('a part that starts once the stream is open stops its polling at once', async () => {
    vi.resetModules();
    const live = await import('../../src/lib/stores/live.ts');
    live.$liveStatus.set('open');
    const log: string[] = [];
    live.pollUnlessLive(() => log.push('start'), () => log.push('stop'));
    expect(log).toEqual(['stop']);
  });
});
