import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveMessage } from '#shared/live';
import { createLiveClient } from './live-client';

/** The browser's EventSource at its edge: records connections and lets the test play the server. */
class FakeSource {
  static all: FakeSource[] = [];
  readyState = 0;
  closed = false;
  private listeners = new Map<string, ((event: { data?: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  addEventListener(type: string, listener: (event: { data?: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data?: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data: JSON.stringify(data) });
  }
  /** The server answered: open, then our `ready` event. */
  open() {
    this.readyState = 1;
    this.emit('ready', {});
  }
  fail(gaveUp: boolean) {
    this.readyState = gaveUp ? 2 : 0;
    this.emit('error');
  }
  get topics() {
    return decodeURIComponent(new URL(this.url, 'http://x').searchParams.get('topics') ?? '').split(',');
  }
}

const live = () => FakeSource.all.filter((source) => !source.closed);

/**
 * The browser's fetch at its edge: what the stream's address answers when asked directly. `null`
 * plays a network failure (the server is down).
 */
let streamAnswers: number | null = null;
let asked: string[] = [];
const fakeFetch = async (url: string) => {
  asked.push(url);
  if (streamAnswers === null) throw new TypeError('Failed to fetch');
  return new Response(null, { status: streamAnswers });
};

beforeEach(() => {
  vi.useFakeTimers();
  FakeSource.all = [];
  streamAnswers = null;
  asked = [];
});
afterEach(() => vi.useRealTimers());

const client = () =>
  createLiveClient({
    path: '/api/live',
    EventSource: FakeSource as unknown as new (url: string) => EventSource,
    fetch: fakeFetch,
    lingerMs: 500,
  });

describe('live client', () => {
  it('shares one connection per tab, following every subscriber’s topics', async () => {
    const tab = client();
    const orders: LiveMessage[] = [];
    const order: LiveMessage[] = [];
    tab.subscribe(['my-orders'], (message) => orders.push(message));
    tab.subscribe(['order:1'], (message) => order.push(message));
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSource.all).toHaveLength(1);
    expect(FakeSource.all[0]!.url).toMatch(/^\/api\/live\?topics=/);
    expect(FakeSource.all[0]!.topics).toEqual(['my-orders', 'order:1']);

    FakeSource.all[0]!.open();
    // Connected: each subscriber reads once, for whatever changed before it was listening.
    expect(orders).toEqual([{ topics: ['my-orders'], changes: [], resync: true }]);
    expect(order).toEqual([{ topics: ['order:1'], changes: [], resync: true }]);

    const change = { topic: 'order:1', table: 'orders', id: '1', action: 'paid' };
    FakeSource.all[0]!.emit('change', { topics: ['order:1'], changes: [change] });
    expect(order.at(-1)).toEqual({ topics: ['order:1'], changes: [change] });
    expect(orders).toHaveLength(1);
  });

  it('reconnects with growing pauses after the browser gives up, and reads again once back', async () => {
    const tab = client();
    const seen: LiveMessage[] = [];
    tab.subscribe(['my-orders'], (message) => seen.push(message));
    await vi.advanceTimersByTimeAsync(0);
    FakeSource.all[0]!.open();
    expect(seen).toHaveLength(1);

    // A server restart: the connection fails and the browser stops trying.
    FakeSource.all[0]!.fail(true);
    expect(live()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_300);
    expect(FakeSource.all).toHaveLength(2);
    FakeSource.all[1]!.fail(true);
    await vi.advanceTimersByTimeAsync(1_300);
    expect(FakeSource.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_300);
    expect(FakeSource.all).toHaveLength(3);
    FakeSource.all[2]!.open();
    expect(seen.at(-1)).toEqual({ topics: ['my-orders'], changes: [], resync: true });
    expect(seen).toHaveLength(2);

    // The browser retrying by itself (a short network drop) also ends with a read.
    FakeSource.all[2]!.fail(false);
    expect(live()).toHaveLength(1);
    FakeSource.all[2]!.open();
    expect(seen).toHaveLength(3);
  });

  it('stops after the server’s end (signed out) and closes when nobody listens', async () => {
    const tab = client();
    const stop = tab.subscribe(['my-orders'], () => {});
    await vi.advanceTimersByTimeAsync(0);
    FakeSource.all[0]!.open();
    FakeSource.all[0]!.emit('end', { reason: 'signed-out' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(live()).toHaveLength(0);
    expect(FakeSource.all).toHaveLength(1);
    stop();

    const again = tab.subscribe(['product:1'], () => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(live()).toHaveLength(1);
    again();
    await vi.advanceTimersByTimeAsync(100);
    expect(live()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(live()).toHaveLength(0);
  });

  for (const status of [401, 403, 404]) {
    it(`stops when the stream answers ${status} (signed out, not allowed, gone), until a page subscribes anew`, async () => {
      const tab = client();
      streamAnswers = status;
      const stop = tab.subscribe(['my-orders'], () => {});
      await vi.advanceTimersByTimeAsync(0);
      // The browser got an error answer instead of a stream and gave up at once.
      FakeSource.all[0]!.fail(true);
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      // Before: a new connection every 30 s for as long as the tab stayed open.
      expect(FakeSource.all).toHaveLength(1);
      expect(asked).toEqual([FakeSource.all[0]!.url]);
      expect(tab.connected).toBe(false);
      stop();

      // The next page (signed in again) follows its topics.
      streamAnswers = 200;
      tab.subscribe(['my-orders'], () => {});
      await vi.advanceTimersByTimeAsync(0);
      expect(live()).toHaveLength(1);
    });
  }

  it('keeps trying with growing pauses while the server is down or failing', async () => {
    const tab = client();
    tab.subscribe(['my-orders'], () => {});
    await vi.advanceTimersByTimeAsync(0);
    FakeSource.all[0]!.fail(true);
    await vi.advanceTimersByTimeAsync(1_300);
    expect(FakeSource.all).toHaveLength(2);
    streamAnswers = 503;
    FakeSource.all[1]!.fail(true);
    await vi.advanceTimersByTimeAsync(2_600);
    expect(FakeSource.all).toHaveLength(3);
    streamAnswers = 429;
    FakeSource.all[2]!.fail(true);
    await vi.advanceTimersByTimeAsync(5_200);
    expect(FakeSource.all).toHaveLength(4);
    expect(asked).toHaveLength(3);
  });

  it('a late answer about topics the page no longer follows does not stop the new ones', async () => {
    let answer: (status: number) => void = () => {};
    const slow = createLiveClient({
      path: '/api/live',
      EventSource: FakeSource as unknown as new (url: string) => EventSource,
      fetch: () =>
        new Promise<Response>((resolve) => (answer = (status) => resolve(new Response(null, { status })))),
      lingerMs: 500,
    });
    const stop = slow.subscribe(['order:1'], () => {});
    await vi.advanceTimersByTimeAsync(0);
    FakeSource.all[0]!.fail(true);
    stop();
    slow.subscribe(['product:1'], () => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSource.all.at(-1)!.topics).toEqual(['product:1']);
    answer(404);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(live()).toHaveLength(1);
    expect(live()[0]!.topics).toEqual(['product:1']);
  });
});
