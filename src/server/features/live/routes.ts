import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../../context';
import { AppError } from '../../platform/errors';
import { LiveConnection, type LiveOptions, RETRY_MS } from './live-connection';
import { authorizeTopics, parseTopics, viewerOf } from './topics';

/**
 * GET /api/live?topics=my-orders,order:{id}: Server-Sent Events telling a page which of the topics
 * it follows changed (see src/shared/live.ts). One connection per tab; same-origin, so it works
 * under `connect-src 'self'`.
 */
export function liveRoutes(options: LiveOptions = {}) {
  return new Hono<AppEnv>().get('/live', async (c) => {
    const deps = c.get('deps');
    const viewer = viewerOf(c.get('user'));
    const topics = parseTopics(c.req.query('topics'));
    await authorizeTopics(deps, viewer, topics);

    const connection = new LiveConnection(deps, viewer, topics, options);
    let unsubscribe: () => Promise<void>;
    try {
      unsubscribe = await deps.events.subscribe(connection);
    } catch (error) {
      c.get('log').error({ err: error }, 'could not listen for changes');
      throw new AppError('live_unavailable', 503, 'Live updates are not available right now.');
    }
    // EventSource sends the id of the last event it saw when it reconnects by itself.
    const resume = c.req.header('last-event-id') !== undefined;

    const response = streamSSE(c, async (stream) => {
      try {
        stream.onAbort(() => connection.finish());
        await stream.writeSSE({ event: 'ready', data: '{}', retry: RETRY_MS });
        connection.attach(stream, resume);
        await connection.done;
      } finally {
        connection.finish();
        await unsubscribe();
      }
    });
    // Never cached or transformed on the way (a compressing proxy would hold events back);
    // X-Accel-Buffering turns nginx's response buffering off for this response.
    response.headers.set('Cache-Control', 'no-store, no-transform');
    response.headers.set('X-Accel-Buffering', 'no');
    return response;
  });
}
