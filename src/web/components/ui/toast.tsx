import { lazy, Suspense, useEffect, useState } from 'react';
import type { Pending } from './toast-item';

/**
 * One toast system for the whole app (at most 3 at once, 4 s each). Sonner is loaded on the first
 * toast only, so it costs nothing on a shopper's first view.
 */

const queue: Pending[] = [];
let requestHost: (() => void) | null = null;
let deliver: ((item: Pending) => void) | null = null;

function show(item: Pending) {
  if (deliver) {
    deliver(item);
    return;
  }
  queue.push(item);
  requestHost?.();
}

export const toast = {
  success: (title: string, description?: string) => show({ kind: 'success', title, description }),
  error: (title: string, description?: string) => show({ kind: 'error', title, description }),
  info: (title: string, description?: string) => show({ kind: 'info', title, description }),
};

const SonnerHost = lazy(() => import('./toaster'));

/** Called by the toaster once mounted: from then on toasts go straight to it. */
export function attachToaster(show: (item: Pending) => void): () => void {
  deliver = show;
  // Let the Toaster subscribe before the queued toasts are published.
  const timer = setTimeout(() => {
    for (const item of queue.splice(0)) deliver?.(item);
  }, 0);
  return () => {
    clearTimeout(timer);
    deliver = null;
  };
}

/** Mounted once in the app shell; renders nothing until the first toast. */
export function Toasts() {
  const [active, setActive] = useState(false);
  useEffect(() => {
    requestHost = () => setActive(true);
    if (queue.length > 0) setActive(true);
    return () => {
      requestHost = null;
    };
  }, []);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <SonnerHost attach={attachToaster} />
    </Suspense>
  );
}
