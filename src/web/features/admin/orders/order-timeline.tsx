import { formatDateTime } from '#shared/dates';
import type { TimelineEntry } from '#shared/schemas/admin-orders';

const DOT: Record<TimelineEntry['kind'], string> = {
  placed: 'bg-neutral-900',
  payment: 'bg-green-600',
  status: 'bg-blue-600',
  refund: 'bg-purple-600',
  email: 'bg-neutral-400',
  note: 'bg-neutral-400',
};

export function Timeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <ol className="relative space-y-4 border-l border-neutral-200 pl-5">
      {entries.map((entry) => (
        // Keyed by the entry's own id: live updates insert entries anywhere in the list.
        <li key={entry.id} className="relative text-sm">
          <span
            aria-hidden="true"
            className={`absolute -left-[1.65rem] top-1.5 h-2.5 w-2.5 rounded-full ${DOT[entry.kind]}`}
          />
          <p className="font-semibold wrap-anywhere">{entry.title}</p>
          {entry.detail ? <p className="text-neutral-700 wrap-anywhere">{entry.detail}</p> : null}
          <p className="text-xs text-neutral-600">
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            {entry.actor ? <span className="wrap-anywhere"> · {entry.actor}</span> : null}
          </p>
        </li>
      ))}
    </ol>
  );
}
