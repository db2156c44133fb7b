import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

/** Small pieces every Settings page uses: its loading, error and empty states, badges, cards. */

export function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-neutral-600">
      <span
        aria-hidden="true"
        className="h-4 w-4 animate-spin rounded-full border-2 border-neutral-400 border-r-transparent motion-reduce:animate-none"
      />
      Loading {what}...
    </p>
  );
}

export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="max-w-prose rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900"
    >
      <p className="font-semibold">{message}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-neutral-300 bg-white p-6 text-center text-sm text-neutral-600">
      {children}
    </p>
  );
}

const TONES = {
  green: 'bg-green-100 text-green-900',
  amber: 'bg-amber-100 text-amber-950',
  red: 'bg-red-100 text-red-900',
  blue: 'bg-sky-100 text-sky-900',
  grey: 'bg-neutral-200 text-neutral-800',
  purple: 'bg-fuchsia-100 text-fuchsia-900',
} as const;
export type BadgeTone = keyof typeof TONES;

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold ${TONES[tone]}`}>
      {children}
    </span>
  );
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div className={`min-w-0 rounded-lg border border-neutral-200 bg-white p-4 sm:p-5 ${className}`}>
      {children}
    </div>
  );
}

/** Words for the values the API speaks in. */
export const words = (value: string) => value.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());
