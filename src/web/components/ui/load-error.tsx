import type { ReactNode } from 'react';
import { Button } from './button';

/** Reading failed: what could not be read (announced at once) and a way to try again. */
export function LoadError({
  message,
  onRetry,
  children,
}: {
  message: string;
  onRetry: () => void;
  /** More words under the message (what to do, the server's reason). */
  children?: ReactNode;
}) {
  return (
    <div
      role="alert"
      className="max-w-prose rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900"
    >
      <p className="font-semibold">{message}</p>
      {children}
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
