import { parseEventId } from '../../../../common/live-events.ts';
import { HttpError, StreamReply, type Router } from '../../http/router.ts';
import type { ApiContext } from '../context.ts';
import { eventsRoute } from '../contract/meta.ts';
import { parseTopics } from './topics.ts';

/**
 * GET /events: the live stream (common/live-events.ts). The position to resume from is the Last-Event-ID header,
 * else the `lastEventId` parameter: a browser reconnecting on its own sends the header with its newest id, while the
 * URL keeps the parameter the page built it with.
 */
export function streamRoutes(router: Router, ctx: ApiContext): void {
  // address and token are repeatable (eventsRoute's query): parseTopics reads every value of each, not the first.
  router.get(eventsRoute.path, ({ query, headers }) => {
    const topics = parseTopics(query);
    const header = headers?.['last-event-id'];
    const last = parseEventId(Array.isArray(header) ? header[0] : header) ?? parseEventId(query.get('lastEventId'));
    const hub = ctx.stream;
    if (!hub) throw new HttpError(503, 'The event stream is not available');
    return new StreamReply((req, res) => hub.open(req, res, topics, last));
  });
}
