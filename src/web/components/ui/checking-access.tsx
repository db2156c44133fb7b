/**
 * What a protected page shows while its guard (lib/guards.ts) checks the session on a client-side
 * navigation. Export it as the page's `Pending`.
 */
export function CheckingAccess() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center" aria-busy="true">
      <p role="status" className="text-neutral-600">
        Loading...
      </p>
    </div>
  );
}
