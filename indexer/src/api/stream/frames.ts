// How an event looks on the wire (text/event-stream): `id:`, `event:` and one `data:` line of JSON, then a blank line.
// JSON text never holds a raw line break, so one data line always suffices.
import { eventId, STREAM_RETRY_MS } from '../../../../common/live-events.ts';

/** The first bytes of every stream: how long a browser waits before reconnecting on its own. */
export const RETRY_FRAME = Buffer.from(`retry: ${STREAM_RETRY_MS}\n\n`);

/** A comment line, which readers ignore, written so that proxies keep an idle stream open. */
export const HEARTBEAT_FRAME = Buffer.from(':\n\n');

/** The `event:` and `data:` lines of an event, shared by every stream that gets it (each writes its own id line). */
export function eventBody(name: string, json: string): Buffer {
  return Buffer.from(`event: ${name}\ndata: ${json}\n\n`);
}

/** The `id:` line of an event. */
export function idLine(block: number, index: number, reorgs: number): Buffer {
  return Buffer.from(`id: ${eventId(block, index, reorgs)}\n`);
}

/** A whole event, id included, for events whose id is the same on every stream. */
export function frame(block: number, index: number, reorgs: number, name: string, json: string): Buffer {
  return Buffer.from(`id: ${eventId(block, index, reorgs)}\nevent: ${name}\ndata: ${json}\n\n`);
}
