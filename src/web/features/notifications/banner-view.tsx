/** What the notification banner draws: one bar, or a marquee of several. Loaded only when needed. */
import { useEffect, useRef } from 'react';
import type { NotificationType } from '#shared/constants';
import type { ActiveNotification } from '#shared/schemas/catalog';
import { Button } from '../../components/ui/button';
import { CloseIcon } from '../../components/ui/icons';

/** Background and text of each type; every pair passes WCAG AA for normal text. */
export const TYPE_STYLES: Record<NotificationType, string> = {
  info: 'bg-sky-800 text-white',
  warning: 'bg-amber-300 text-neutral-950',
  promotional: 'bg-fuchsia-800 text-white',
  success: 'bg-green-800 text-white',
  error: 'bg-red-800 text-white',
};

/** Pixels per second the marquee moves. */
const MARQUEE_SPEED = 50;

function Message({ notification }: { notification: ActiveNotification }) {
  return (
    <>
      <strong className="font-bold">{notification.title}</strong>
      <span className="mx-1.5" aria-hidden="true">
        ·
      </span>
      <span>{notification.content}</span>
    </>
  );
}

/**
 * Several notifications scroll past in one line; hovering or focusing it pauses it, and visitors
 * who ask for reduced motion get a static list instead.
 */
function Marquee({ notifications }: { notifications: ActiveNotification[] }) {
  const track = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = track.current;
    const container = element?.parentElement;
    const copies = element ? [...element.children].filter((child) => child instanceof HTMLElement) : [];
    // The static list is shown by CSS to visitors who ask for reduced motion; nothing moves then.
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    if (reduced || !element?.animate || !container || copies.length !== 2) return;
    // The track holds the list twice, each copy at least as wide as the bar: moving the track by
    // one copy's width loops without a jump or a gap.
    const width = Math.max(copies[0]!.scrollWidth, container.clientWidth);
    for (const copy of copies) copy.style.minWidth = `${width}px`;
    const animation = element.animate(
      [{ transform: 'translateX(0)' }, { transform: `translateX(-${width}px)` }],
      {
        duration: (width / MARQUEE_SPEED) * 1000,
        iterations: Number.POSITIVE_INFINITY,
      },
    );
    const pause = () => animation.pause();
    const play = () => animation.play();
    container.addEventListener('pointerenter', pause);
    container.addEventListener('pointerleave', play);
    container.addEventListener('focusin', pause);
    container.addEventListener('focusout', play);
    return () => {
      animation.cancel();
      container.removeEventListener('pointerenter', pause);
      container.removeEventListener('pointerleave', play);
      container.removeEventListener('focusin', pause);
      container.removeEventListener('focusout', play);
    };
  }, []);

  const copy = (hidden: boolean) => (
    <ul className="flex shrink-0 items-center gap-12 pr-12" aria-hidden={hidden || undefined}>
      {notifications.map((notification) => (
        <li key={notification.id} className="flex shrink-0 items-center gap-2">
          <Dot type={notification.type} />
          <Message notification={notification} />
        </li>
      ))}
    </ul>
  );
  // Both forms are rendered (on the server too) and CSS picks one, so the choice never shifts
  // the page after hydration.
  return (
    <>
      <ul className="hidden space-y-1 py-2 motion-reduce:block">
        {notifications.map((notification) => (
          <li key={notification.id} className="flex items-baseline gap-2">
            <Dot type={notification.type} />
            <span>
              <Message notification={notification} />
            </span>
          </li>
        ))}
      </ul>
      <div className="overflow-hidden py-2 motion-reduce:hidden" data-testid="notification-marquee">
        <div ref={track} className="flex w-max whitespace-nowrap">
          {copy(false)}
          {copy(true)}
        </div>
      </div>
    </>
  );
}

function Dot({ type }: { type: NotificationType }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block h-2.5 w-2.5 shrink-0 rounded-full ring-1 ring-white/70 ${TYPE_STYLES[type]}`}
    />
  );
}

/** The banner: one notification as a bar in its type's colours, several as a marquee. */
export default function BannerView({
  notifications,
  onDismiss,
}: {
  notifications: ActiveNotification[];
  onDismiss: () => void;
}) {
  const single = notifications.length === 1 ? notifications[0] : undefined;
  return (
    <section
      aria-label="Site notifications"
      className={`relative text-sm ${single ? TYPE_STYLES[single.type] : 'bg-neutral-900 text-white'}`}
    >
      <div className="mx-auto flex max-w-7xl items-center gap-2 pl-4 pr-1">
        <div className="min-w-0 flex-1">
          {single ? (
            <p className="py-2 text-center">
              <Message notification={single} />
            </p>
          ) : (
            <Marquee key={notifications.map((n) => n.id).join()} notifications={notifications} />
          )}
        </div>
        <Button
          variant="icon"
          size="sm"
          aria-label={single ? 'Dismiss notification' : 'Dismiss notifications'}
          onClick={onDismiss}
        >
          <CloseIcon className="h-4 w-4" />
        </Button>
      </div>
    </section>
  );
}
