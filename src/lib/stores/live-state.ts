import { atom } from 'nanostores';

// The state of the tab's live stream, shared by the stream (live-stream.ts) and the parts (live.ts).

/** 'off' until the stream is asked for; 'paused' while the tab is hidden; 'fallback' when it could not be opened. */
export type LiveStatus = 'off' | 'connecting' | 'open' | 'paused' | 'fallback';

/** One event of the stream: its name (`block`, `address:0x…`, …), its parsed JSON data and its id. */
export interface LiveEvent {
  name: string;
  data: unknown;
  id: string;
}

/** The stream's status, shared by every live part. */
export const $liveStatus = atom<LiveStatus>('off');
/** The stream's latest event: every event is set here in turn, in the order the indexer wrote them. */
export const $liveEvent = atom<LiveEvent | null>(null);
