import { useEffect, useId, useRef } from 'react';
import { dangerButton, secondaryButton } from './form-parts';

/**
 * A yes/no question in a native modal <dialog> (focus trapped, Escape closes, focus returns to
 * the button that opened it). Cancel takes the first focus, so Enter never deletes by accident.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busyLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busyLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onClose={onCancel}
      className="m-auto w-[min(92vw,26rem)] rounded-lg bg-white p-0 shadow-xl backdrop:bg-black/40"
    >
      <div className="p-5">
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        <p id={messageId} className="mt-2 text-sm text-neutral-600">
          {message}
        </p>
        <div className="mt-5 grid grid-cols-2 gap-3">
          {/* biome-ignore lint/a11y/noAutofocus: the dialog pattern puts focus inside on opening, on the safe choice */}
          <button type="button" className={secondaryButton} onClick={onCancel} autoFocus>
            Cancel
          </button>
          <button type="button" className={dangerButton} onClick={onConfirm} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
