import { useEffect } from 'react';
import { toast as sonner, Toaster } from 'sonner';
import type { Pending } from './toast-item';

/**
 * Sonner's toaster, loaded with the first toast (see toast.tsx). `attach` hands it the toasts;
 * it is a prop rather than an import so this chunk does not import its loader back.
 */
export default function SonnerToaster({ attach }: { attach: (show: (item: Pending) => void) => () => void }) {
  useEffect(
    () => attach((item) => sonner[item.kind](item.title, { description: item.description })),
    [attach],
  );
  // At the bottom: at the top they covered the logo, the cart and the account icons (on phones the
  // toasts span the width, at the bottom edge, clear of the header; on wide screens bottom right).
  // Above any bar fixed to the bottom of the screen: --toast-clearance is its height (app.css).
  return (
    <Toaster
      position="bottom-right"
      offset={{ bottom: 'calc(24px + var(--toast-clearance, 0px))' }}
      mobileOffset={{ bottom: 'calc(16px + var(--toast-clearance, 0px))' }}
      visibleToasts={3}
      duration={4000}
      closeButton
      richColors
      toastOptions={{ closeButtonAriaLabel: 'Close notification' }}
    />
  );
}
