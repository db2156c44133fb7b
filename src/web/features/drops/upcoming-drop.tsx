import { useState } from 'react';
import { Link } from 'react-router';
import { ProductImage } from '../../components/ui/product-image';
import { paths } from '../../paths';
import { OfferPrice } from '../catalog/offer-price';
import type { CardProduct } from '../catalog/product-grid';
import { AfterHydration, DropTimer, ReleaseTime } from './drop-parts';

export type UpcomingDrop = { product: CardProduct & { releaseAt: string }; now: string };

/** The home page's next drop: its picture, name, price and the time left, ticking; 'Out now' after. */
export function UpcomingDropSection({ drop }: { drop: UpcomingDrop }) {
  const { product, now } = drop;
  const [out, setOut] = useState(false);
  return (
    <section aria-labelledby="drop-title" className="bg-neutral-900 text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-6 px-4 py-8 sm:grid-cols-[minmax(0,16rem)_1fr] sm:py-10">
        <Link
          to={paths.product(product.id)}
          tabIndex={-1}
          aria-hidden="true"
          className="block w-40 sm:w-auto sm:max-w-64"
        >
          <ProductImage
            image={product.images[0]}
            width={400}
            sizes="16rem"
            eager
            className="rounded"
            alt=""
          />
        </Link>
        <div className="min-w-0">
          <p className="text-xs font-bold tracking-[0.3em] text-emerald-400" aria-live="polite">
            {out ? 'OUT NOW' : 'NEXT DROP'}
          </p>
          <h2 id="drop-title" className="mt-2 text-2xl font-black leading-tight sm:text-3xl">
            {product.name}
          </h2>
          <p className="mt-1">
            <OfferPrice price={product} tone="dark" className="text-neutral-300" />
          </p>
          {out ? null : (
            <>
              <ReleaseTime releaseAt={product.releaseAt} className="mt-4 text-neutral-300" />
              <AfterHydration>
                <DropTimer releaseAt={product.releaseAt} now={now} tone="dark" onZero={() => setOut(true)} />
              </AfterHydration>
            </>
          )}
          <Link
            to={paths.product(product.id)}
            className="mt-6 inline-block rounded bg-white px-6 py-3 text-sm font-bold tracking-wide text-neutral-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {out ? 'SHOP THE DROP' : 'SEE THE DROP'}
          </Link>
        </div>
      </div>
    </section>
  );
}
