import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { formatDateTime } from '#shared/dates';

/**
 * The parts of a drop a page renders on the server: the release time as text. The ticking timer
 * (countdown.tsx) is loaded once the page is interactive, in its own small chunk, into a box
 * that keeps its place so nothing moves when it appears.
 */
const loadCountdown = () => import('./countdown');
export const DropTimer = lazy(() => loadCountdown().then((module) => ({ default: module.DropTimer })));
export const ProductDropWatch = lazy(() =>
  loadCountdown().then((module) => ({ default: module.ProductDropWatch })),
);

/** "Drops Tue, 24 Nov 2026, 6:00 pm (Lagos time)" */
export function ReleaseTime({ releaseAt, className = '' }: { releaseAt: string; className?: string }) {
  return (
    <p className={`text-sm ${className}`}>
      Drops <time dateTime={releaseAt}>{formatDateTime(releaseAt)}</time> (Lagos time)
    </p>
  );
}

/** Renders `children` (a lazy timer) only in the browser after hydration, in a box of the timer's height. */
export function AfterHydration({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div className="mt-3 min-h-[3.75rem]">
      {hydrated ? <Suspense fallback={null}>{children}</Suspense> : null}
    </div>
  );
}
