/**
 * The product page's overlays: Size Guide, Shipping Policy and the full-screen gallery. One lazily
 * loaded chunk: none of it is needed for the first paint of a product page.
 */
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type {
  ProductImage as ProductImageRow,
  ShippingZonesResponse,
  SizeGuide,
} from '#shared/schemas/catalog';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { CloseIcon } from '../../components/ui/icons';
import { Loading } from '../../components/ui/loading';
import { ProductImage } from '../../components/ui/product-image';
import { api, errorMessage } from '../../lib/api';
import { paths } from '../../paths';

/** The zones' list, loaded with the overlay's first opening: the product page's first view has no need of it. */
const ShippingZonesList = lazy(() =>
  import('./shipping-zones').then((module) => ({ default: module.ShippingZonesList })),
);

function Panel({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      titleClassName="tracking-widest"
      closeLabel={`Close ${title}`}
      bodyClassName="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-4 text-sm text-neutral-800"
    >
      {children}
    </Dialog>
  );
}

/** The product's own size guide (tops, bottoms, hats), as kept in the database. */
export function SizeGuideOverlay({ guide, onClose }: { guide: SizeGuide; onClose: () => void }) {
  const [first, ...rest] = guide.columns;
  return (
    <Panel title="Size Guide" onClose={onClose}>
      <table className="w-full text-left">
        <caption className="mb-3 text-left font-bold">{guide.title}</caption>
        <thead className="border-b border-neutral-300 text-xs uppercase tracking-wider text-neutral-600">
          <tr>
            <th scope="col" className="py-2 pr-3">
              {first}
            </th>
            {rest.map((heading) => (
              <th key={heading} scope="col" className="py-2 pr-3 last:pr-0">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {guide.rows.map(([size, ...cells]) => (
            <tr key={size} className="border-b border-neutral-100">
              <th scope="row" className="py-2.5 pr-3 font-semibold">
                {size}
              </th>
              {cells.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row are its columns, in order
                <td key={index} className="py-2.5 pr-3 last:pr-0">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {guide.note ? <p className="mt-4 text-neutral-600">{guide.note}</p> : null}
    </Panel>
  );
}

/** The delivery zones, read when the overlay opens: each zone's states, methods, fees and days. */
export function ShippingOverlay({ onClose }: { onClose: () => void }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <Panel title="Shipping Policy" onClose={onClose}>
      <p>Orders are processed within 1-3 business days after payment confirmation.</p>
      <div className="mt-4" aria-live="polite">
        <ShippingZones key={attempt} onRetry={() => setAttempt((n) => n + 1)} />
      </div>
      <p className="mt-4 text-neutral-600">
        International delivery takes 7-14 business days; its cost is quoted per order.
      </p>
      <Link to={paths.shippingPolicy} className="mt-4 inline-block font-semibold underline">
        Read the full shipping policy
      </Link>
    </Panel>
  );
}

/** GET /api/shipping-zones once (a new `key` reads it again). */
function ShippingZones({ onRetry }: { onRetry: () => void }) {
  const [zones, setZones] = useState<ShippingZonesResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    api
      .get<ShippingZonesResponse>('/api/shipping-zones')
      .then((body) => active && setZones(body))
      .catch((cause: unknown) => active && setError(errorMessage(cause, 'Could not load shipping fees')));
    return () => {
      active = false;
    };
  }, []);
  if (error) {
    return (
      <div role="alert" className="text-red-700">
        <p>{error}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (!zones) return <Loading what="delivery zones" />;
  return (
    <Suspense fallback={<Loading what="delivery zones" />}>
      <ShippingZonesList zones={zones.zones} pickup={zones.pickup} level={3} />
    </Suspense>
  );
}

const STEPS = [
  { step: -1, label: 'Previous image', side: 'left-3', glyph: '‹' },
  { step: 1, label: 'Next image', side: 'right-3', glyph: '›' },
] as const;

/** Full-screen gallery over the 1200 px renditions: arrows, keys and swipes move between images. */
export function GalleryOverlay({
  images,
  productName,
  startIndex,
  onClose,
}: {
  images: readonly ProductImageRow[];
  productName: string;
  startIndex: number;
  onClose: (index: number) => void;
}) {
  const [index, setIndex] = useState(startIndex);
  const touchStart = useRef<number | null>(null);
  const count = images.length;
  const go = (step: number) => setIndex((current) => (current + step + count) % count);
  const image = images[index];

  const close = () => onClose(index);

  return (
    <Dialog
      open
      onClose={close}
      title={`${productName} gallery`}
      hideTitle
      placement="full"
      tone="dark"
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') go(1);
        if (event.key === 'ArrowLeft') go(-1);
      }}
      bodyClassName="flex min-h-0 flex-1 flex-col"
    >
      <div className="flex items-center justify-between px-3 py-2">
        <p className="px-2 text-sm" aria-live="polite">
          {index + 1} / {count}
        </p>
        <Button variant="icon" aria-label="Close gallery" onClick={close}>
          <CloseIcon />
        </Button>
      </div>
      <div
        className="relative flex min-h-0 flex-1 items-center justify-center px-2"
        onTouchStart={(event) => {
          touchStart.current = event.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(event) => {
          const start = touchStart.current;
          const end = event.changedTouches[0]?.clientX;
          if (start !== null && end !== undefined && Math.abs(end - start) > 40) go(end < start ? 1 : -1);
          touchStart.current = null;
        }}
      >
        <div className="w-[min(100%,calc(100dvh-10rem))]">
          {image ? (
            <ProductImage
              key={image.id}
              image={image}
              width={1200}
              sizes="(min-width: 1200px) 1200px, 100vw"
              priority
            />
          ) : null}
        </div>
        {count > 1
          ? STEPS.map(({ step, label, side, glyph }) => (
              // A white disc over the photo, whatever its colours; its ring white on the dark dialog.
              <Button
                key={label}
                variant="bare"
                className={`absolute top-1/2 z-10 inline-flex h-12 w-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-2xl text-neutral-900 shadow hover:bg-white focus-visible:outline-white ${side}`}
                aria-label={label}
                onClick={() => go(step)}
              >
                {glyph}
              </Button>
            ))
          : null}
      </div>
      {count > 1 ? (
        <div className="flex justify-center gap-2 overflow-x-auto p-3">
          {images.map((thumb, i) => (
            <Button
              key={thumb.id}
              variant="bare"
              aria-label={`Show image ${i + 1} of ${count}`}
              aria-pressed={i === index}
              onClick={() => setIndex(i)}
              className={`w-14 shrink-0 overflow-hidden rounded border-2 ${i === index ? 'border-white' : 'border-transparent opacity-60'}`}
            >
              <ProductImage image={thumb} width={400} sizes="56px" alt="" />
            </Button>
          ))}
        </div>
      ) : null}
    </Dialog>
  );
}
