/**
 * The ticking half of a drop's countdown, loaded after hydration (drop-parts.tsx) so the first
 * view of a shopper's page does not carry it.
 */
import { useEffect, useRef, useState } from 'react';
import type { ProductDetailResponse } from '#shared/schemas/catalog';
import { SERVER_TIME_HEADER } from '#shared/server-time';
import { apiJson, browserFetch } from '../../lib/api';
import { liveTopics, useLive } from '../../lib/live';
import { useReadAgain } from '../../lib/read-again';

/**
 * Milliseconds until `releaseAt` on the shop's clock: this device's clock corrected by its
 * difference from the server's, measured when `now` (the server's clock) arrived; a new `now`
 * measures it again. 0 once the time has come.
 */
export function useCountdown(releaseAt: string, now: string): number {
  const release = Date.parse(releaseAt);
  const server = Date.parse(now);
  const [remaining, setRemaining] = useState(() => Math.max(0, release - server));
  useEffect(() => {
    const skew = server - Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const left = Math.max(0, release - (Date.now() + skew));
      setRemaining(left);
      // Wake on the next whole second, and exactly at the release.
      if (left > 0) timer = setTimeout(tick, left % 1000 || 1000);
    };
    tick();
    return () => clearTimeout(timer);
  }, [release, server]);
  return remaining;
}

/** Days, hours, minutes and seconds left, rounded up to the second. */
export function countdownParts(ms: number): [number, number, number, number] {
  const seconds = Math.ceil(ms / 1000);
  return [
    Math.floor(seconds / 86_400),
    Math.floor(seconds / 3600) % 24,
    Math.floor(seconds / 60) % 60,
    seconds % 60,
  ];
}

const UNITS = ['days', 'hrs', 'min', 'sec'] as const;

export type DropTimerProps = {
  releaseAt: string;
  /** The server's clock (ISO) when the data was read. */
  now: string;
  tone?: 'light' | 'dark';
  /** Called once the time left reaches 0. */
  onZero?: () => void;
};

/** The time left, ticking: a timer (not read out every second; the release time is text beside it). */
export function DropTimer({ releaseAt, now, tone = 'light', onZero }: DropTimerProps) {
  const remaining = useCountdown(releaseAt, now);
  const zero = useRef(onZero);
  zero.current = onZero;
  useEffect(() => {
    if (remaining === 0) zero.current?.();
  }, [remaining]);
  const box = tone === 'dark' ? 'bg-white/10 text-white' : 'bg-neutral-950 text-white';
  return (
    <div role="timer" aria-label="Time until the drop" className="flex gap-2" data-testid="countdown">
      {countdownParts(remaining).map((value, index) => (
        <span key={UNITS[index]} className={`flex min-w-14 flex-col items-center rounded px-2 py-2 ${box}`}>
          <span className="text-2xl font-black tabular-nums leading-none">
            {String(value).padStart(2, '0')}
          </span>
          <span className="mt-1 text-[10px] font-bold uppercase tracking-widest opacity-80">
            {UNITS[index]}
          </span>
        </span>
      ))}
    </div>
  );
}

/** How soon to ask again when the countdown has ended but the server still says 'Coming soon'. */
const STILL_COMING_RETRY_MS = 1000;

/**
 * A product page's drop before its release: the timer, and the product read again from the
 * server when it reaches 0, when an admin changes the product (live topic), and once at the
 * start to set the clock by the server's. `onRead` gets every answer: the page switches to the
 * purchase choices when the server's answer says the drop is out. The countdown may end a moment
 * early (this device's clock, a slow answer): the product is then read again every second until
 * the server says the drop is out.
 */
export function ProductDropWatch({
  productId,
  releaseAt,
  now,
  onRead,
}: {
  productId: string;
  releaseAt: string;
  now: string;
  onRead: (body: ProductDetailResponse) => void;
}) {
  const ended = useRef(false);
  const retry = useRef<ReturnType<typeof setTimeout>>(undefined);
  const read = useRef(onRead);
  read.current = onRead;

  // One read at a time, and one more after it when a change came meanwhile: a change announced
  // while a read was on its way is never lost, and an older answer never replaces a newer one.
  const reload = useReadAgain(async () => {
    clearTimeout(retry.current);
    try {
      let serverTime: string | null = null;
      const body = await apiJson<ProductDetailResponse>(
        (path, init) =>
          browserFetch(path, init).then((response) => {
            serverTime = response.headers.get(SERVER_TIME_HEADER);
            return response;
          }),
        `/api/products/${encodeURIComponent(productId)}`,
      );
      // An answer the server kept for a few seconds carries the `now` of when it was made; the
      // header is the server's clock as the answer left it.
      const now = serverTime ?? body.now;
      read.current({ ...body, now });
      const release = body.product.releaseAt;
      if (ended.current && release && Date.parse(release) > Date.parse(now)) {
        retry.current = setTimeout(() => void reload(), STILL_COMING_RETRY_MS);
      }
    } catch {
      // Offline for a moment: try again shortly.
      retry.current = setTimeout(() => void reload(), 2000);
    }
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: another product's countdown reads that product
  useEffect(() => {
    void reload();
    return () => clearTimeout(retry.current);
  }, [reload, productId]);
  useLive([liveTopics.product(productId)], () => void reload());
  return (
    <DropTimer
      releaseAt={releaseAt}
      now={now}
      onZero={() => {
        ended.current = true;
        void reload();
      }}
    />
  );
}
