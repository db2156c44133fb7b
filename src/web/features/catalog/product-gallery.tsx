import { lazy, Suspense, useState } from 'react';
import type { ProductImage as ProductImageRow } from '#shared/schemas/catalog';
import { Button } from '../../components/ui/button';
import { ProductImage } from '../../components/ui/product-image';

const loadOverlays = () => import('./product-overlays');
const GalleryOverlay = lazy(() => loadOverlays().then((module) => ({ default: module.GalleryOverlay })));

/**
 * The product's images: the main one (the page's LCP image, 800 px class) and thumbnails below.
 * Pressing the main image opens the full-screen gallery.
 */
export function ProductGallery({
  images,
  productName,
}: {
  images: readonly ProductImageRow[];
  productName: string;
}) {
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const current = images[index];
  const count = images.length;

  if (!current) return <ProductImage image={null} width={800} sizes="100vw" className="rounded" />;

  return (
    <div>
      <Button
        variant="bare"
        onClick={() => setOpen(true)}
        onPointerEnter={loadOverlays}
        aria-label={`Open full-screen gallery, image ${index + 1} of ${count}`}
        aria-haspopup="dialog"
        className="block w-full cursor-zoom-in overflow-hidden rounded"
      >
        <ProductImage
          key={current.id}
          image={current}
          width={800}
          sizes="(min-width: 1280px) 700px, (min-width: 1024px) 55vw, 100vw"
          priority={index === 0}
          eager
        />
      </Button>
      {count > 1 ? (
        <ul className="mt-3 flex gap-2 overflow-x-auto px-4 sm:px-0" aria-label="Product images">
          {images.map((image, i) => (
            <li key={image.id} className="w-16 shrink-0 sm:w-20">
              <Button
                variant="bare"
                aria-label={`Show image ${i + 1} of ${count}`}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
                className={`block w-full overflow-hidden rounded border-2 ${i === index ? 'border-neutral-950' : 'border-transparent'}`}
              >
                <ProductImage image={image} width={400} sizes="80px" alt="" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <GalleryOverlay
            images={images}
            productName={productName}
            startIndex={index}
            onClose={(last) => {
              setIndex(last);
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
