import { type CSSProperties, useEffect, useRef, useState } from 'react';
import type { ImageWidth } from '#shared/constants';
import { previewUrl, productImageSrcSet, productImageUrl } from '#shared/images';

export type ProductImageProps = {
  /** The image row, or null when the product has none ('No image'). */
  image: { id: string; altText: string } | null | undefined;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** Intrinsic size (the renditions are square), so the browser reserves the box before loading. */
  width: ImageWidth;
  /** The page's LCP image: fetched first and never lazily. */
  priority?: boolean;
  /** Above the fold but not the LCP image: loaded eagerly at normal priority. */
  eager?: boolean;
  className?: string;
  /** Overrides the image's alt text (e.g. empty when a link around it already names it). */
  alt?: string;
};

const frame = 'relative block aspect-square w-full overflow-hidden bg-neutral-100';

/**
 * A product image over the 400/800/1200 WebP renditions. The tiny preview is drawn blurred behind
 * it while it loads; a failed image becomes a labelled placeholder instead of a broken icon.
 */
export function ProductImage({
  image,
  sizes,
  width,
  priority = false,
  eager = false,
  className = '',
  alt,
}: ProductImageProps) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);

  // An image that failed before hydration fired its error event before React listened for it.
  useEffect(() => {
    const element = ref.current;
    if (element?.complete && element.naturalWidth === 0 && element.currentSrc) setFailed(true);
  }, []);

  if (!image || failed) {
    return (
      <span className={`${frame} ${className}`}>
        <span className="absolute inset-0 flex items-center justify-center text-center text-xs font-semibold text-neutral-500">
          {image ? 'Image not available' : 'No image'}
        </span>
      </span>
    );
  }

  // The blurred preview is drawn behind images loaded at once; lazy images below the fold would
  // otherwise fetch every preview up front, competing with what the visitor sees first.
  const eagerLoad = priority || eager;
  const preview = eagerLoad
    ? ({ '--preview': `url("${previewUrl(image.id)}")` } as CSSProperties)
    : undefined;
  return (
    <span
      className={`${frame} ${eagerLoad ? 'before:absolute before:inset-0 before:scale-110 before:bg-(image:--preview) before:bg-cover before:blur-lg' : ''} ${className}`}
      style={preview}
    >
      <img
        ref={ref}
        src={productImageUrl(image.id, width)}
        srcSet={productImageSrcSet(image.id)}
        sizes={sizes}
        width={width}
        height={width}
        alt={alt ?? image.altText}
        loading={eagerLoad ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding={priority ? 'sync' : 'async'}
        onError={() => setFailed(true)}
        className="relative h-full w-full object-cover"
      />
    </span>
  );
}

/**
 * The small picture beside a line (cart, checkout summary, order, search result). Decorative: the
 * product's name is written next to it. `imageId` null shows the 'No image' placeholder.
 */
export function ProductThumbnail({ imageId, sizes }: { imageId: string | null; sizes: string }) {
  return (
    <ProductImage image={imageId ? { id: imageId, altText: '' } : null} alt="" width={400} sizes={sizes} />
  );
}
