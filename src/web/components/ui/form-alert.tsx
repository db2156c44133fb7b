import type { ReactNode } from 'react';

const TONES = {
  error: 'border-red-300 bg-red-50 text-red-900',
  info: 'border-amber-300 bg-amber-50 text-amber-950',
  success: 'border-green-300 bg-green-50 text-green-900',
} as const;

/** A message about the whole form (a refused sign-in, a server error), announced when it appears. */
export function FormAlert({ tone = 'error', children }: { tone?: keyof typeof TONES; children: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded border p-3 text-sm ${TONES[tone]}`}>
      {children}
    </div>
  );
}
