// Types only: this chunk imports nothing at run time, so loading it is one small request.
import type { LiveMessage, LiveTopic } from '#shared/live';

/**
 * The browser's side of live updates: one EventSource per tab, shared by every subscriber on the
 * page, following the union of their topics. Loaded on demand by useLive (lib/live.ts) after the
 * page has hydrated, so it never weighs on a first view.
 *
 * - A change message goes to the subscribers following one of its topics.
 * - Every (re)connection ends with the server's `ready`: subscribers that may have missed
 *   something (new ones, or all of them after a drop) are told to read again.
 * - When the browser gives up on a connection (server restarting, network gone, an error answer)
 *   it reconnects with growing pauses, 1 s up to 30 s; a served `end` (signed out) stops it.
 * - EventSource does not say why it gave up. The client asks the stream's address once with
 *   fetch: an answer that will not change by trying again (400, 401, 403, 404, 410: signed out,
 *   not allowed, gone) stops it until a page subscribes anew, so a signed-out tab does not call
 *   the server every 30 s for ever.
 */

export type LiveHandler = (message: LiveMessage) => void;

type Subscriber = { topics: LiveTopic[]; handler: LiveHandler; synced: boolean };

type EventSourceLike = Pick<EventSource, 'close' | 'addEventListener' | 'readyState'>;
export type LiveClientOptions = {
  /** The stream's address (LIVE_PATH). */
  path: string;
  /** The EventSource constructor (tests pass a fake one). */
  EventSource?: new (
    url: string,
  ) => EventSourceLike;
  /** Pause before the first reconnect; doubles up to maxDelayMs. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** How long an unused connection stays open (the next page often follows the same topics). */
  lingerMs?: number;
  /** fetch, to learn why the browser gave up (tests pass a fake one). */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
};

const CLOSED = 2;

/** Answers that trying again will not change: the stream is not for this page any more. */
const FINAL_STATUSES = new Set([400, 401, 403, 404, 410]);

/** Whether the stream's address now answers with a final refusal (one request, closed at once). */
async function refusedFinally(fetcher: LiveClientOptions['fetch'], url: string): Promise<boolean> {
  if (!fetcher) return false;
  const controller = new AbortController();
  try {
    const response = await fetcher(url, {
      headers: { accept: 'text/event-stream' },
      credentials: 'same-origin',
      cache: 'no-store',
      signal: controller.signal,
    });
    return FINAL_STATUSES.has(response.status);
  } catch {
    // Offline, or the server is down: worth trying again later.
    return false;
  } finally {
    // A stream that answered 200 is not read: the EventSource will open it again.
    controller.abort();
  }
}

export function createLiveClient(options: LiveClientOptions) {
  const Source = options.EventSource ?? globalThis.EventSource;
  const fetcher = options.fetch ?? globalThis.fetch?.bind(globalThis);
  const minDelay = options.minDelayMs ?? 1_000;
  const maxDelay = options.maxDelayMs ?? 30_000;
  const linger = options.lingerMs ?? 1_000;
  const subscribers = new Set<Subscriber>();
  let source: EventSourceLike | null = null;
  let url = '';
  let delay = minDelay;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let pending: ReturnType<typeof setTimeout> | undefined;
  let dropped = false;
  let ended = false;
  /** Counts subscription changes, so a late answer about an older set of topics is ignored. */
  let changes = 0;

  const wanted = () => {
    const topics = [...new Set([...subscribers].flatMap((subscriber) => subscriber.topics))].sort();
    return topics.length > 0 ? `${options.path}?topics=${encodeURIComponent(topics.join(','))}` : '';
  };

  const disconnect = () => {
    source?.close();
    source = null;
    url = '';
  };

  const deliver = (message: LiveMessage) => {
    for (const subscriber of [...subscribers]) {
      const mine = subscriber.topics.filter((topic) => message.resync || message.topics.includes(topic));
      if (mine.length === 0) continue;
      subscriber.handler({
        topics: mine,
        changes: message.changes.filter((change) => mine.includes(change.topic)),
        ...(message.resync ? { resync: true } : {}),
      });
    }
  };

  const connect = () => {
    clearTimeout(retry);
    retry = undefined;
    const next = wanted();
    if (next === url && source) return;
    disconnect();
    if (!next || ended || !Source) return;
    url = next;
    const current = new Source(next);
    source = current;
    current.addEventListener('ready', () => {
      delay = minDelay;
      const all = dropped;
      dropped = false;
      for (const subscriber of [...subscribers]) {
        if (subscriber.synced && !all) continue;
        subscriber.synced = true;
        subscriber.handler({ topics: subscriber.topics, changes: [], resync: true });
      }
    });
    current.addEventListener('change', (event) => {
      try {
        deliver(JSON.parse((event as MessageEvent<string>).data) as LiveMessage);
      } catch {
        // A message this page cannot read: the next one will do.
      }
    });
    current.addEventListener('end', () => {
      ended = true;
      disconnect();
    });
    current.addEventListener('error', () => {
      if (source !== current) return;
      // The browser retries by itself while readyState is CONNECTING; CLOSED means it gave up.
      dropped = true;
      if (current.readyState !== CLOSED) return;
      const gaveUpOn = url;
      const asked = changes;
      disconnect();
      void refusedFinally(fetcher, gaveUpOn).then((final) => {
        // Meanwhile the subscriptions changed (their own connection follows) or another began.
        if (changes !== asked || source || retry || ended) return;
        if (final) {
          ended = true;
          return;
        }
        const wait = delay * (0.75 + Math.random() * 0.5);
        delay = Math.min(maxDelay, delay * 2);
        retry = setTimeout(connect, wait);
      });
    });
  };

  /** Topics changed: reconnect once, after the current render's subscriptions are all in. */
  const update = () => {
    changes += 1;
    clearTimeout(pending);
    pending = setTimeout(connect, subscribers.size === 0 ? linger : 0);
  };

  return {
    /** Follows `topics`; returns the function that stops. */
    subscribe(topics: LiveTopic[], handler: LiveHandler): () => void {
      const subscriber: Subscriber = { topics: [...topics], handler, synced: false };
      subscribers.add(subscriber);
      // A page shown again after an `end` (signed in anew) may follow topics once more.
      ended = false;
      update();
      return () => {
        subscribers.delete(subscriber);
        update();
      };
    },
    /** Whether a connection is open or being opened (for tests). */
    get connected() {
      return source !== null;
    },
  };
}

let shared: ReturnType<typeof createLiveClient> | null = null;

/** The tab's one client. */
export function liveClient(path: string) {
  shared ??= createLiveClient({ path });
  return shared;
}
