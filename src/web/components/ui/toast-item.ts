/** A toast waiting to be shown: what `toast.tsx` queues and the lazily loaded Sonner host shows. */
export type ToastKind = 'success' | 'error' | 'info';
export type Pending = { kind: ToastKind; title: string; description?: string };
