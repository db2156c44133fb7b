import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { CloseIcon } from './icons';

/**
 * Where the dialog sits. `center` is a card in the middle of a wide screen and a full-width sheet
 * from the bottom edge on a phone; `left` and `right` are drawers; `top` is a palette under the
 * top edge (search); `full` covers the screen (the product gallery).
 */
export type DialogPlacement = 'center' | 'left' | 'right' | 'top' | 'full';
export type DialogSize = 'sm' | 'md' | 'lg' | 'xl';

const PLACEMENT: Record<DialogPlacement, string> = {
  center:
    'mx-0 mb-0 mt-auto max-h-[92dvh] w-full max-w-none rounded-t-xl sm:m-auto sm:max-h-[85dvh] sm:w-[calc(100%-2rem)] sm:rounded-lg starting:open:translate-y-full sm:starting:open:translate-y-0 sm:starting:open:opacity-0',
  left: 'my-0 ml-0 mr-auto h-dvh max-h-none w-[85vw] max-w-sm starting:open:-translate-x-full',
  right: 'my-0 ml-auto mr-0 h-dvh max-h-none w-[92vw] max-w-md starting:open:translate-x-full',
  top: 'mx-auto mb-auto mt-3 max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] rounded-lg sm:mt-[10vh] sm:max-h-[80dvh] starting:open:opacity-0',
  full: 'm-0 h-dvh max-h-none w-full max-w-none',
};

/** Widths of `center` and `top` dialogs from the sm breakpoint (drawers have their own). */
const SIZE: Record<DialogSize, string> = {
  sm: 'sm:max-w-md',
  md: 'sm:max-w-lg',
  lg: 'sm:max-w-xl',
  xl: 'sm:max-w-3xl',
};

const TONE = {
  light: 'bg-white text-neutral-900 backdrop:bg-black/50',
  dark: 'bg-neutral-950 text-white backdrop:bg-black',
} as const;

export type DialogProps = {
  /** Shown while true. The dialog may also be mounted only while open. */
  open: boolean;
  /**
   * The visitor closed it (Escape, the close button, a press on the backdrop): set `open` to
   * false or unmount it. Not called when `open` turns false by itself.
   */
  onClose: () => void;
  /** Its name: drawn in the header and read out as the dialog's label. */
  title: ReactNode;
  /** The title is read out but not drawn, and there is no header: the content draws its own. */
  hideTitle?: boolean;
  titleClassName?: string;
  /** A sentence read out after the title (e.g. a confirmation's question). */
  description?: ReactNode;
  /** Accessible name of the header's close button, e.g. 'Close cart'. */
  closeLabel?: string;
  /** No close button in the header (the content offers Cancel; Escape still closes). */
  hideCloseButton?: boolean;
  placement?: DialogPlacement;
  size?: DialogSize;
  tone?: keyof typeof TONE;
  /** False while work must finish first: Escape, the backdrop and the close button do nothing. */
  dismissible?: boolean;
  /** Classes of the part under the header (default: it scrolls up and down on its own, never sideways). */
  bodyClassName?: string;
  onKeyDown?: (event: KeyboardEvent<HTMLDialogElement>) => void;
  children: ReactNode;
};

/**
 * The one dialog of the shop, on the native modal `<dialog>`: the browser traps focus in it, makes
 * the page behind it inert, and closes it on Escape. Focus goes to the element marked
 * `data-autofocus`, else to the first control, and returns to the opener on closing (also when the
 * dialog is unmounted while open). Page scrolling stops while it is open (app.css).
 */
export function Dialog({
  open,
  onClose,
  title,
  hideTitle = false,
  titleClassName = '',
  description,
  closeLabel = 'Close',
  hideCloseButton = false,
  placement = 'center',
  size = 'md',
  tone = 'light',
  dismissible = true,
  bodyClassName = 'min-h-0 flex-1 overflow-x-hidden overflow-y-auto overscroll-contain',
  onKeyDown,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const closingByProp = useRef(false);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      closingByProp.current = true;
      dialog.close();
    }
  }, [open]);

  // Unmounted while open (its owner renders it only while open): nothing closes the native dialog,
  // so give the focus back here.
  useEffect(() => () => returnFocus(opener.current), []);

  function handleClose() {
    returnFocus(opener.current);
    opener.current = null;
    if (closingByProp.current) {
      closingByProp.current = false;
      return;
    }
    onClose();
  }

  const centred = placement === 'center' || placement === 'top';
  return (
    // A press on the backdrop closes it (keyboard users have Escape and the close button). The
    // backdrop is the dialog element itself, outside its box.
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // React passes a nested dialog's close and cancel events up to this one's handlers (the
      // browser does not bubble them): only this dialog's own events concern it.
      onClose={(event) => {
        if (event.target === ref.current) handleClose();
      }}
      onCancel={(event) => {
        if (event.target === ref.current && !dismissible) event.preventDefault();
      }}
      onClick={(event) => {
        const dialog = ref.current;
        if (!dismissible || !dialog || event.target !== dialog) return;
        const box = dialog.getBoundingClientRect();
        const inside =
          event.clientX >= box.left &&
          event.clientX <= box.right &&
          event.clientY >= box.top &&
          event.clientY <= box.bottom;
        if (!inside) dialog.close();
      }}
      onKeyDown={onKeyDown}
      className={`flex-col overflow-hidden p-0 shadow-2xl transition duration-200 ease-out open:flex motion-reduce:transition-none ${PLACEMENT[placement]} ${centred ? SIZE[size] : ''} ${TONE[tone]}`}
    >
      <div
        className={
          hideTitle
            ? 'sr-only'
            : 'flex min-h-14 shrink-0 items-center justify-between gap-2 border-b border-neutral-200 py-1 pl-5 pr-2'
        }
      >
        <h2 id={titleId} className={`min-w-0 text-base font-black tracking-wide ${titleClassName}`}>
          {title}
        </h2>
        {hideTitle || hideCloseButton ? null : (
          <button
            type="button"
            aria-label={closeLabel}
            disabled={!dismissible}
            onClick={() => ref.current?.close()}
            className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-neutral-900 disabled:opacity-50"
          >
            <CloseIcon />
          </button>
        )}
      </div>
      {description ? (
        <div
          id={descriptionId}
          className={hideTitle ? 'sr-only' : 'shrink-0 px-5 pt-4 text-sm text-neutral-600'}
        >
          {description}
        </div>
      ) : null}
      <div className={bodyClassName}>{children}</div>
    </dialog>
  );
}

/** Back to the element that opened the dialog, unless the visitor has already moved on. */
function returnFocus(opener: HTMLElement | null) {
  const active = document.activeElement;
  const lost = active === null || active === document.body || !active.isConnected || active.closest('dialog');
  if (opener?.isConnected && lost && !opener.closest('dialog:not([open])')) opener.focus();
}
