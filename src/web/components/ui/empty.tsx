import type { ReactNode } from 'react';

/** A list with nothing in it: what that means, in a dashed box. */
export function Empty({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div
      role="status"
      className={`rounded-lg border border-dashed border-neutral-300 bg-white p-6 text-center text-sm text-neutral-600 ${className}`}
    >
      {children}
    </div>
  );
}
