import { useState } from 'react';
import type { ShippingZonesResponse } from '#shared/schemas/catalog';
import { LoadError } from '../components/ui/load-error';
import { Loading } from '../components/ui/loading';
import { ShippingZonesList } from '../features/catalog/shipping-zones';
import { ApiError, api, apiJson } from '../lib/api';
import type { HeadArgs, HeadTag, LoadArgs, PageProps } from '../lib/route-module';

/** The zones, or null when they could not be read (the rest of the policy still shows). */
type Data = { zones: ShippingZonesResponse | null };

export async function load({ api: fetcher }: LoadArgs): Promise<Data> {
  try {
    return { zones: await apiJson<ShippingZonesResponse>(fetcher, '/api/shipping-zones') };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { zones: null };
  }
}

export function head({ origin }: HeadArgs<Data>): HeadTag[] {
  return [
    { title: 'Shipping Policy | Naija Street' },
    {
      name: 'description',
      content: 'Delivery times and fees for Naija Street orders across Nigeria and abroad.',
    },
    { rel: 'canonical', href: `${origin}/shipping-policy` },
  ];
}

export default function ShippingPolicy({ data }: PageProps<Data>) {
  const [zones, setZones] = useState(data.zones);
  const [reloading, setReloading] = useState(false);
  async function retry() {
    setReloading(true);
    try {
      setZones(await api.get<ShippingZonesResponse>('/api/shipping-zones'));
    } catch {
      // Still failing: the message and its button stay.
    } finally {
      setReloading(false);
    }
  }
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-black">Shipping Policy</h1>
      <section className="mt-8">
        <h2 className="text-xl font-bold">Processing time</h2>
        <p className="mt-2 text-neutral-700">
          Orders are processed within 1-3 business days after payment confirmation. You will get an email when
          your order ships.
        </p>
      </section>
      <section className="mt-8" aria-labelledby="delivery-heading">
        <h2 id="delivery-heading" className="text-xl font-bold">
          Delivery within Nigeria
        </h2>
        <p className="mt-2 text-neutral-700">
          What delivery costs and how long it takes depends on the state you ship to. Checkout shows the
          methods of your state.
        </p>
        <div className="mt-4" aria-live="polite">
          {zones ? (
            <ShippingZonesList zones={zones.zones} pickup={zones.pickup} level={3} />
          ) : reloading ? (
            <Loading what="delivery zones" />
          ) : (
            <LoadError message="Failed to load the delivery zones" onRetry={() => void retry()} />
          )}
        </div>
        <p className="mt-3 text-sm text-neutral-600">
          Domestic orders usually arrive within 5-10 working days of dispatch unless a pre-order date is given
          on the product.
        </p>
      </section>
      <section className="mt-8">
        <h2 className="text-xl font-bold">International shipping</h2>
        <p className="mt-2 text-neutral-700">
          International delivery takes 7-14 business days (5-15 working days for pre-orders from their release
          date). It is arranged by our support team and its cost is quoted per order; checkout currently ships
          to Nigerian addresses only.
        </p>
        <p className="mt-2 text-neutral-700">
          Import taxes and duties are paid by the customer. If a shipment is refused, the original shipping
          cost and the courier's return cost are deducted from any refund.
        </p>
      </section>
    </article>
  );
}
