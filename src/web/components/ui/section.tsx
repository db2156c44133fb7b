import { type ReactNode, useId } from 'react';

export type SectionLook = 'card' | 'rule';

const LOOKS: Record<SectionLook, string> = {
  card: 'min-w-0 rounded-lg border border-neutral-200 bg-white p-4 sm:p-5',
  rule: 'min-w-0 border-t border-neutral-200 pt-4',
};

const TITLES = {
  title: 'text-lg font-black tracking-tight',
  label: 'text-xs font-black uppercase tracking-widest text-neutral-600',
} as const;

/**
 * A titled part of a page or dialog, named by its heading for screen readers (a region). `level`
 * is the heading's level in the page's outline (2 under the page's h1, 3 inside a dialog…);
 * `look` is how it is drawn: a `card` (a bordered box) or a `rule` (a line above it, in dialogs);
 * `titleLook` a `title` (bold) or a `label` (small capitals).
 */
export function Section({
  title,
  level = 2,
  look = 'card',
  titleLook = look === 'card' ? 'title' : 'label',
  description,
  action,
  headingId,
  className = '',
  children,
}: {
  title: ReactNode;
  level?: 2 | 3 | 4;
  look?: SectionLook;
  titleLook?: keyof typeof TITLES;
  /** A line under the title. */
  description?: ReactNode;
  /** Beside the title, e.g. a link to the whole list. */
  action?: ReactNode;
  /** The heading's id, for a control inside that it names (`aria-labelledby`). */
  headingId?: string;
  className?: string;
  children: ReactNode;
}) {
  const generated = useId();
  const id = headingId ?? generated;
  const Heading = `h${level}` as const;
  return (
    <section aria-labelledby={id} className={`${LOOKS[look]} ${className}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <Heading id={id} className={TITLES[titleLook]}>
          {title}
        </Heading>
        {action}
      </div>
      {description ? <p className="text-sm text-neutral-600">{description}</p> : null}
      <div className="mt-3">{children}</div>
    </section>
  );
}
