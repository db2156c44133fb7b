import { useEffect } from 'react';
import { toast as sonner, Toaster } from 'sonner';
import type { Pending } from './toast';

/**
 * Sonner's toaster, loaded with the first toast (see toast.tsx). `attach` hands it the toasts;
 * it is a prop rather than an import so this chunk does not import its loader back.
 */
export default function SonnerToaster({ attach }: { attach: (show: (item: Pending) => void) => () => void }) {
  useEffect(
    () => attach((item) => sonner[item.kind](item.title, { description: item.description })),
    [attach],
  );
  return <Toaster position="top-center" visibleToasts={3} duration={4000} closeButton richColors />;
}
