import { useEffect } from 'react';
import { toast as sonner, Toaster } from 'sonner';
import { attachToaster } from './toast';

/** Sonner's toaster, loaded with the first toast (see toast.tsx). */
export default function SonnerToaster() {
  useEffect(
    () => attachToaster((item) => sonner[item.kind](item.title, { description: item.description })),
    [],
  );
  return <Toaster position="top-center" visibleToasts={3} duration={4000} closeButton richColors />;
}
