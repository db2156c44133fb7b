/** Something is being read: a spinner and 'Loading {what}...', announced politely. */
export function Loading({ what, className = '' }: { what: string; className?: string }) {
  return (
    <p role="status" className={`flex items-center gap-2 text-sm text-neutral-600 ${className}`}>
      <span
        aria-hidden="true"
        className="h-4 w-4 animate-spin rounded-full border-2 border-neutral-400 border-r-transparent motion-reduce:animate-none"
      />
      Loading {what}...
    </p>
  );
}
