import type { ReactNode } from 'react';

/** A white box with a light border: one thing among others (a setting, an email, a figure). */
export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div className={`min-w-0 rounded-lg border border-neutral-200 bg-white p-4 sm:p-5 ${className}`}>
      {children}
    </div>
  );
}
