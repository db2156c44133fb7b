import type { CheckoutSummary } from '#shared/schemas/checkout';
import { CheckingAccess } from '../components/ui/checking-access';
import { mergeGuestCart } from '../features/cart/merge-guest-cart';
import { CheckoutFormView } from '../features/checkout/checkout-form';
import { signedInJson } from '../features/checkout/signed-in';
import { type HeadTag, type LoadArgs, type PageProps, redirect } from '../lib/route-module';
import { paths } from '../paths';

type Data = CheckoutSummary;

/** Signed-in only: a guest goes to the login page and comes back; an empty cart goes to /cart. */
export async function load({ api, url }: LoadArgs): Promise<Data> {
  let summary = await signedInJson<CheckoutSummary>(api, '/api/checkout', url);
  // Right after signing in, a guest cart still in this browser joins the account's cart before
  // the checkout shows it (in the browser only: the server cannot see localStorage).
  if (typeof window !== 'undefined' && (await mergeGuestCart().catch(() => null))) {
    summary = await signedInJson<CheckoutSummary>(api, '/api/checkout', url);
  }
  if (summary.cart.items.length === 0) throw redirect(paths.cart);
  return summary;
}

export function head(): HeadTag[] {
  return [{ title: 'Checkout | Naija Street' }, { name: 'robots', content: 'noindex' }];
}

/** While the session and cart are checked on a client-side navigation. */
export const Pending = CheckingAccess;

export default function CheckoutPage({ data }: PageProps<Data>) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-black tracking-tight sm:text-3xl">Checkout</h1>
      <CheckoutFormView initial={data} />
    </div>
  );
}
