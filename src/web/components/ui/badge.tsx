import type { ReactNode } from 'react';

const TONES = {
  green: 'bg-green-100 text-green-900',
  amber: 'bg-amber-100 text-amber-950',
  red: 'bg-red-100 text-red-900',
  blue: 'bg-sky-100 text-sky-900',
  grey: 'bg-neutral-200 text-neutral-800',
  purple: 'bg-fuchsia-100 text-fuchsia-900',
} as const;
export type BadgeTone = keyof typeof TONES;

/**
 * A short state in a coloured pill ('Active', 'Failed'). The colour only repeats the words; `label`
 * says to screen readers what the state is about ('Order status: ').
 */
export function Badge({
  tone,
  label,
  className = '',
  children,
}: {
  /** Its colours (grey when neither a tone nor colours of the caller's own are given). */
  tone?: BadgeTone;
  /** Read before the words, not shown: what the badge is about. */
  label?: string;
  /** More classes; without a `tone`, colours of the caller's own (a status's palette). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={`inline-flex shrink-0 items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-bold ${tone ? TONES[tone] : className ? '' : TONES.grey} ${className}`}
    >
      {label ? <span className="sr-only">{label}</span> : null}
      {children}
    </span>
  );
}
