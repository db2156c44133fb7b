import { useRef } from 'react';
import { Button } from './button';

/**
 * Previous / next under a list read a page at a time, with where the reader is: 'Showing 21–40 of
 * 57 orders' (announced when it changes) and 'Page 2 of 3'. Nothing is drawn for an empty list.
 * Reaching the first or last page disables its button: the focus moves to the other one, so a
 * keyboard never loses its place.
 */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  what,
  one = what.replace(/s$/, ''),
  className = 'mt-4',
}: {
  /** The page shown, from 1. */
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** What the list holds, e.g. 'orders' (also names the navigation: 'Pages of orders'). */
  what: string;
  /** One of them, e.g. 'entry' (default: `what` without its final s). */
  one?: string;
  className?: string;
}) {
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  if (total <= 0) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = Math.min(total, (page - 1) * pageSize + 1);
  const last = Math.min(total, page * pageSize);
  const go = (to: number) => {
    // The pressed button is about to be disabled (the end of the list): keep the focus nearby.
    if (to <= 1) next.current?.focus();
    if (to >= pages) previous.current?.focus();
    onPage(to);
  };
  return (
    <nav
      aria-label={`Pages of ${what}`}
      className={`flex flex-wrap items-center justify-between gap-3 text-sm text-neutral-700 ${className}`}
    >
      <p aria-live="polite">
        Showing {first}–{last} of {total} {total === 1 ? one : what}
      </p>
      {pages > 1 ? (
        <div className="flex items-center gap-2">
          <Button
            ref={previous}
            variant="secondary"
            size="sm"
            disabled={page <= 1}
            onClick={() => go(page - 1)}
          >
            Previous
          </Button>
          <span className="px-1 tabular-nums">
            Page {page} of {pages}
          </span>
          <Button
            ref={next}
            variant="secondary"
            size="sm"
            disabled={page >= pages}
            onClick={() => go(page + 1)}
          >
            Next
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
