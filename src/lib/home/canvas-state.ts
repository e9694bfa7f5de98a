import { activityKind, type ActivityKind } from '../transactions/kind.ts';
import type { Transaction } from '../model/types.ts';

// The home page's neural canvas, as state: it polls the 3 latest blocks and transactions every
// 5 s; transactions it has not seen are detections (a banner for 3 s names their kinds, and pulses run through the
// network in their colours); after more than 2 polls without a new transaction it reads 'AI Scanning' instead of
// 'AI Listening'. The first poll only learns what is already there.

/** Polling interval of the canvas. */
export const CANVAS_POLL_MS = 5_000;
/** Blocks and transactions read per poll. */
export const CANVAS_SAMPLE = 3;
/** How long the detection banner shows. */
export const DETECTION_BANNER_MS = 3_000;
/** Empty polls after which the canvas is scanning rather than listening (more than this many). */
const EMPTY_POLLS_BEFORE_SCANNING = 2;

export type CanvasStatus = 'AI Listening' | 'AI Scanning';

export interface CanvasState {
  /** Hashes seen so far (the latest ones; older ones are forgotten). */
  seen: readonly string[];
  /** Consecutive polls without a new transaction. */
  emptyPolls: number;
  started: boolean;
}

export const INITIAL_CANVAS_STATE: CanvasState = { seen: [], emptyPolls: 0, started: false };

/** What the banner calls each kind. */
const KIND_LABELS: Record<ActivityKind, string> = {
  NATIVE_STO: 'Native STO transfer',
  ERC20_TOKEN: 'ERC-20 token transfer',
  CONTRACT_CALL: 'Contract call',
  CONTRACT_DEPLOY: 'Contract deployment',
  NFT_TRANSFER: 'NFT transfer',
  DEFAULT: 'Transaction',
};

/** The pulse colour of each kind. */
export const KIND_COLOURS: Record<ActivityKind, string> = {
  NATIVE_STO: '#38bdf8',
  ERC20_TOKEN: '#34d399',
  CONTRACT_CALL: '#a78bfa',
  CONTRACT_DEPLOY: '#f59e0b',
  NFT_TRANSFER: '#f472b6',
  DEFAULT: '#cbd5e1',
};

export interface CanvasPoll {
  state: CanvasState;
  /** Kinds of the new transactions, newest first (empty on the first poll and on empty polls). */
  detected: ActivityKind[];
  status: CanvasStatus;
}

/** The next state after a poll that read `transactions` (newest first). */
export function pollCanvas(state: CanvasState, transactions: readonly Transaction[]): CanvasPoll {
  const known = new Set(state.seen);
  const fresh = transactions.filter((tx) => !known.has(tx.hash.toLowerCase()));
  const seen = [...fresh.map((tx) => tx.hash.toLowerCase()), ...state.seen].slice(0, 50);
  if (!state.started) return { state: { seen, emptyPolls: 0, started: true }, detected: [], status: 'AI Listening' };
  const emptyPolls = fresh.length === 0 ? state.emptyPolls + 1 : 0;
  return {
    state: { seen, emptyPolls, started: true },
    detected: fresh.map((tx) => activityKind(tx)),
    status: emptyPolls > EMPTY_POLLS_BEFORE_SCANNING ? 'AI Scanning' : 'AI Listening',
  };
}

/** The banner's text for a poll's detections ('Contract deployment detected', 'NFT transfer, Contract call detected'). */
export function detectionText(kinds: readonly ActivityKind[]): string | null {
  if (kinds.length === 0) return null;
  const unique = [...new Set(kinds)].map((k) => KIND_LABELS[k]);
  return `${unique.join(', ')} detected`;
}
