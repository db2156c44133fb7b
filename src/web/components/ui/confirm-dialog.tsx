import { Button } from './button';
import { Dialog } from './dialog';

/**
 * A yes/no question ('Delete this address?'). Cancel takes the first focus, so Enter never
 * confirms by accident; while the answer is being carried out (`busy`) the dialog cannot be
 * dismissed and the confirm button says what is happening.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busyLabel,
  busy = false,
  tone = 'danger',
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** The confirm button's words while busy, e.g. 'Deleting...'. */
  busyLabel?: string;
  busy?: boolean;
  /** `danger` for what cannot be undone (deleting), `primary` otherwise. */
  tone?: 'danger' | 'primary';
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      description={message}
      hideCloseButton
      dismissible={!busy}
      size="sm"
      bodyClassName="shrink-0"
    >
      <div className="grid grid-cols-2 gap-3 p-5">
        <Button variant="secondary" block onClick={onCancel} disabled={busy} data-autofocus>
          {cancelLabel}
        </Button>
        <Button variant={tone} block onClick={onConfirm} busy={busy} busyLabel={busyLabel}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
