import { IMAGE_WIDTHS, type ImageWidth } from './constants';

/**
 * Where a product image's renditions are served. The one place that knows the URL layout, so the
 * storefront, the admin panel and the image server agree.
 */
export function productImageUrl(imageId: string, width: ImageWidth): string {
  return `/images/products/${encodeURIComponent(imageId)}/${width}.webp`;
}

/** `srcset` value listing every rendition, e.g. for `<img srcSet={…} sizes="…">`. */
export function productImageSrcSet(imageId: string): string {
  return IMAGE_WIDTHS.map((width) => `${productImageUrl(imageId, width)} ${width}w`).join(', ');
}

/** The small blurred preview shown while the real image loads. */
export function previewUrl(imageId: string): string {
  return `/images/products/${encodeURIComponent(imageId)}/preview.webp`;
}
