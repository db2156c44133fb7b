import { formatNaira } from '#shared/money';
import type { ShippingMethod, ShippingMethodsResponse } from '#shared/schemas/catalog';
import { apiJson } from '../lib/api';
import type { HeadArgs, HeadTag, LoadArgs, PageProps } from '../lib/route-module';

type Data = { methods: ShippingMethod[] };

export async function load({ api }: LoadArgs): Promise<Data> {
  const body = await apiJson<ShippingMethodsResponse>(api, '/api/shipping-methods');
  return { methods: body.shippingMethods };
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

function feeText(method: ShippingMethod): string {
  const fee = method.feeKobo === 0 ? 'Free' : formatNaira(method.feeKobo);
  return method.freeAboveKobo ? `${fee}, free on orders above ${formatNaira(method.freeAboveKobo)}` : fee;
}

export default function ShippingPolicy({ data }: PageProps<Data>) {
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
      <section className="mt-8">
        <h2 className="text-xl font-bold">Delivery within Nigeria</h2>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Shipping methods, delivery times and fees</caption>
            <thead className="border-b border-neutral-300">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  Method
                </th>
                <th scope="col" className="py-2 pr-4">
                  Delivery time
                </th>
                <th scope="col" className="py-2">
                  Fee
                </th>
              </tr>
            </thead>
            <tbody>
              {data.methods.map((method) => (
                <tr key={method.code} className="border-b border-neutral-200">
                  <th scope="row" className="py-3 pr-4 font-semibold">
                    {method.name}
                  </th>
                  <td className="py-3 pr-4">
                    {method.minDays}-{method.maxDays} business days
                  </td>
                  <td className="py-3" data-testid={`fee-${method.code}`}>
                    {feeText(method)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
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
