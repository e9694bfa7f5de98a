import { map } from 'nanostores';
import { getBlocks } from '../indexer-api/blocks.ts';
import { getTransactions } from '../indexer-api/transactions.ts';
import { browserTransport } from '../indexer-api/transport.ts';
import type { Transaction } from '../model/types.ts';
import { normalizeBlock } from '../normalize/block.ts';
import { normalizeTransactions } from '../normalize/transaction.ts';
import { whenLive } from '../stores/when-live.ts';
import type { ActivityKind } from '../transactions/kind.ts';
import { CANVAS_POLL_MS, CANVAS_SAMPLE, INITIAL_CANVAS_STATE, pollCanvas, type CanvasState, type CanvasStatus } from './canvas-state.ts';

// What the home page's neural canvas shows, as a shared store: the tab's stream brings new blocks
// and transactions (`block`, `transactions`); only while there is no stream does the store poll the 3 latest blocks and
// transactions every 5 s. It works only while the canvas is active (in view, tab visible: the island says so), so an
// off-screen canvas costs nothing. The island (src/islands/NeuralCanvas.tsx) reads it and draws.

/** The canvas's live state. */
export interface CanvasFeed {
  status: CanvasStatus;
  /** The latest detection: the new transactions' kinds, and a number that grows with each (the island's banner and pulses). */
  detection: { seq: number; kinds: ActivityKind[] };
  /** Grows with each new block: a soft wave through the network. */
  blocks: number;
  /** Rounds read so far (polls, or the stream's blocks and transactions). */
  polls: number;
}

export const $canvasFeed = map<CanvasFeed>({ status: 'AI Listening', detection: { seq: 0, kinds: [] }, blocks: 0, polls: 0 });

let indexerUrl: string | null = null;
let active = false;
let state: CanvasState = INITIAL_CANVAS_STATE;
let timer: ReturnType<typeof setInterval> | null = null;
let lastBlock: number | null = null;
let shouldPoll = (): boolean => true;

/** One round: what it read, through the canvas's rules (the first round only learns what is there). */
function detect(transactions: readonly Transaction[]): void {
  const result = pollCanvas(state, transactions);
  state = result.state;
  const feed = $canvasFeed.get();
  $canvasFeed.set({
    ...feed,
    status: result.status,
    polls: feed.polls + 1,
    ...(result.detected.length > 0 ? { detection: { seq: feed.detection.seq + 1, kinds: result.detected } } : {}),
  });
}

function newBlock(): void {
  $canvasFeed.setKey('blocks', $canvasFeed.get().blocks + 1);
}

async function poll(): Promise<void> {
  if (indexerUrl === null) return;
  const transport = browserTransport(indexerUrl);
  try {
    const [transactions, blocks] = await Promise.all([getTransactions(transport, { limit: CANVAS_SAMPLE }), getBlocks(transport, { limit: CANVAS_SAMPLE })]);
    // The first poll only learns the head; a higher one later is a new block.
    const head = blocks.reduce<number | null>((max, b) => (max === null || b.number > max ? b.number : max), null);
    if (head !== null && lastBlock !== null && head > lastBlock) newBlock();
    if (head !== null) lastBlock = Math.max(head, lastBlock ?? head);
    detect(transactions);
  } catch {
    // A failed poll is an empty one: the canvas keeps listening.
  }
}

/** Polls while the canvas is active and there is no stream; stops otherwise. */
function update(): void {
  if (active && shouldPoll()) {
    if (timer !== null) return;
    void poll();
    timer = setInterval(() => void poll(), CANVAS_POLL_MS);
  } else if (timer !== null) {
    clearInterval(timer);
    timer = null;
  }
}

/** Starts the store on the page's indexer (the first call wins); it reads nothing until the canvas is active. */
export function startCanvasFeed(url: string): void {
  if (indexerUrl !== null) return;
  indexerUrl = url;
  // The stream's events are all new: the first one detects too. A block without transactions is an empty round
  // (after more than 2 the canvas is scanning); a block's transactions are detections.
  const streamed = (): void => {
    if (!state.started) state = { ...state, started: true };
  };
  whenLive((live) => {
    shouldPoll = live.shouldPoll;
    live.$liveStatus.listen(update);
    live.onLive('block', (data) => {
      const block = normalizeBlock(data);
      if (!block || !active) return;
      newBlock();
      streamed();
      if (block.transactionCount === 0) detect([]);
    });
    live.onLive('transactions', (data) => {
      const transactions = normalizeTransactions((data as { items?: unknown } | null)?.items ?? []).slice(0, CANVAS_SAMPLE);
      if (transactions.length === 0 || !active) return;
      streamed();
      detect(transactions);
    });
  });
}

/** The island says whether the canvas is in view in a visible tab: only then does the store read. */
export function setCanvasActive(on: boolean): void {
  active = on;
  update();
}
