/** Reads a Server-Sent Events response the way EventSource does, for tests of /api/live. */

export type SseEvent = { event: string; data: string; id?: string; at: number };

export type SseReader = {
  status: number;
  headers: Headers;
  /** Every event so far (comments such as heartbeats are in `comments`). */
  events: SseEvent[];
  comments: string[];
  /** Everything received, as text: to check that something never went over the wire. */
  raw(): string;
  /** Waits for the first event (after those already seen when `fromIndex` is given) that matches. */
  next(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Keeps reading for `ms`, then returns every event. */
  collect(ms: number): Promise<SseEvent[]>;
  /** Settles when the server ends the stream. */
  ended: Promise<void>;
  close(): Promise<void>;
};

export function readSse(response: Response, onClose?: () => void): SseReader {
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let raw = '';
  let buffer = '';
  const waiters = new Set<() => void>();
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();

  const parse = (block: string) => {
    let event = 'message';
    const data: string[] = [];
    let id: string | undefined;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments.push(line.slice(1).trim());
      else if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      else if (line.startsWith('id:')) id = line.slice(3).trim();
    }
    if (data.length > 0) events.push({ event, data: data.join('\n'), id, at: Date.now() });
  };

  const ended = (async () => {
    if (!reader) return;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const text = decoder.decode(value, { stream: true });
        raw += text;
        buffer += text;
        let split = buffer.indexOf('\n\n');
        while (split !== -1) {
          parse(buffer.slice(0, split));
          buffer = buffer.slice(split + 2);
          split = buffer.indexOf('\n\n');
        }
        for (const wake of [...waiters]) wake();
      }
    } catch {
      // cancelled by close()
    } finally {
      for (const wake of [...waiters]) wake();
    }
  })();

  return {
    status: response.status,
    headers: response.headers,
    events,
    comments,
    raw: () => raw,
    ended,
    async next(match, timeoutMs = 3_000) {
      const deadline = Date.now() + timeoutMs;
      let seen = 0;
      for (;;) {
        for (; seen < events.length; seen++) if (match(events[seen]!)) return events[seen]!;
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    async collect(ms) {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return [...events];
    },
    async close() {
      onClose?.();
      await reader?.cancel().catch(() => {});
      await ended;
    },
  };
}

/** The `change` messages' data. */
export const changeMessages = (events: SseEvent[]) =>
  events
    .filter((event) => event.event === 'change')
    .map(
      (event) =>
        JSON.parse(event.data) as {
          topics: string[];
          changes: { topic: string; table: string; id: string; action: string }[];
          resync?: boolean;
        },
    );

/** Waits until `check` holds, polling, or fails after `timeoutMs`. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 3_000,
  what = 'condition',
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
