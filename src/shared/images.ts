import { IMAGE_WIDTHS, type ImageWidth } from './constants';

/**
 * Where a product image's renditions are served. The one place that knows the URL layout, so the
 * storefront, the admin panel and the image server agree.
 *
 * The paths are the shop's own (`/images/products/{imageId}/{width}.webp`); with IMAGE_BASE_URL
 * they are written under that address instead, a CDN whose origin is the shop, so browsers fetch
 * images from the CDN. The base is the same for every page of a process, so it is set once
 * where rendering starts (entry-server.tsx from the server's configuration, entry-client.tsx from
 * the page's state) rather than passed to each call.
 */
let imageBase = '';

/** The address images are written under: '' for the shop itself, or IMAGE_BASE_URL. */
export function setImageBaseUrl(base: string): void {
  imageBase = base.replace(/\/+$/, '');
}

const imagePath = (imageId: string, file: string) =>
  `${imageBase}/images/products/${encodeURIComponent(imageId)}/${file}.webp`;

export function productImageUrl(imageId: string, width: ImageWidth): string {
  return imagePath(imageId, String(width));
}

/** `srcset` value listing every rendition, e.g. for `<img srcSet={…} sizes="…">`. */
export function productImageSrcSet(imageId: string): string {
  return IMAGE_WIDTHS.map((width) => `${productImageUrl(imageId, width)} ${width}w`).join(', ');
}

/** The small blurred preview shown while the real image loads. */
export function previewUrl(imageId: string): string {
  return imagePath(imageId, 'preview');
}

/** An image URL as an absolute address (Open Graph, JSON-LD): the shop's `origin` unless it has one. */
export function absoluteImageUrl(url: string, origin: string): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url}`;
}
