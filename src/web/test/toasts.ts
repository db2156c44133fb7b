/**
 * The app's real toasts (components/ui/toast.tsx and Sonner), read as a user sees them: render
 * `<Toasts />` next to the component, then find a toast by its title.
 */
import { screen } from '@testing-library/react';

export type ShownToast = { type: string | null; title: string; description: string | null };

/** Waits for the toast with this title and reads its kind (success, error, info) and description. */
export async function findToast(title: string): Promise<ShownToast> {
  const titleElement = await screen.findByText(title, { selector: '[data-title]' }, { timeout: 3000 });
  const toast = titleElement.closest('[data-sonner-toast]');
  if (!toast) throw new Error(`"${title}" is not in a toast`);
  return {
    type: toast.getAttribute('data-type'),
    title: titleElement.textContent ?? '',
    description: toast.querySelector('[data-description]')?.textContent ?? null,
  };
}
