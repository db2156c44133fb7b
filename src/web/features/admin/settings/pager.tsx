import { Button } from '../../../components/ui/button';

/** Previous / next under a paged list, with where we are. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  what,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  what: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return <p className="mt-3 text-xs text-neutral-600">{`${total} ${what}`}</p>;
  return (
    <nav aria-label={`Pages of ${what}`} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-neutral-600">
        Page {page} of {pages} ({total} {what})
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
