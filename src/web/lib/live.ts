import { useEffect, useRef } from 'react';
import { LIVE_PATH, type LiveMessage, type LiveTopic } from '#shared/live';

export type { LiveChange, LiveMessage } from '#shared/live';
export { liveTopics } from '#shared/live';

/**
 * Calls `onChange` whenever something the page shows changed on the server, so the page reads it
 * again through the normal API (the message says what changed, never the data). Topics come from
 * `liveTopics`; `null` follows nothing (e.g. until the data is loaded). Also called right after
 * connecting and after every reconnect with `resync: true`: changes may have been missed then.
 *
 *   useLive([liveTopics.order(order.id)], () => reload());
 *
 * The EventSource client is loaded after hydration, in its own small chunk, and shared by every
 * subscriber of the tab (one connection per tab).
 */
export function useLive(topics: readonly LiveTopic[] | null, onChange: (message: LiveMessage) => void): void {
  const handler = useRef(onChange);
  handler.current = onChange;
  const key = topics ? [...topics].sort().join(',') : '';

  useEffect(() => {
    if (!key) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    import('./live-client')
      .then(({ liveClient }) => {
        if (cancelled) return;
        stop = liveClient(LIVE_PATH).subscribe(key.split(','), (message) => handler.current(message));
      })
      .catch(() => {
        // The chunk could not load (offline, a new release): the page still works, without live updates.
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [key]);
}
