import { absoluteImageUrl, productImageUrl } from '#shared/images';
import type { Kobo } from '#shared/money';
import type { ProductDetail, ProductSummary } from '#shared/schemas/catalog';
import type { HeadTag } from '../../lib/route-module';
import { paths } from '../../paths';

const SITE = 'Naija Street';

/** 1500000 kobo → '15000.00': the plain decimal that Open Graph and schema.org expect. */
export function priceAmount(kobo: Kobo): string {
  return `${Math.floor(kobo / 100)}.${String(kobo % 100).padStart(2, '0')}`;
}

/** A description fit for a search result or a link preview (at most about 160 characters). */
export function shortDescription(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

function sharedTags(input: {
  title: string;
  description: string;
  url: string;
  type: string;
  image: { url: string; alt: string } | null;
}): HeadTag[] {
  const { title, description, url, type, image } = input;
  const tags: HeadTag[] = [
    { title: `${title} | ${SITE}` },
    { name: 'description', content: description },
    { rel: 'canonical', href: url },
    { property: 'og:site_name', content: SITE },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: type },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: 'en_NG' },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
  ];
  if (image) {
    tags.push(
      { property: 'og:image', content: image.url },
      { property: 'og:image:width', content: '1200' },
      { property: 'og:image:height', content: '1200' },
      { property: 'og:image:alt', content: image.alt },
      { name: 'twitter:image', content: image.url },
      { name: 'twitter:image:alt', content: image.alt },
    );
  }
  return tags;
}

/** Head tags of a product page: title, description, canonical, Open Graph, Twitter, JSON-LD. */
export function productHead(product: ProductDetail, origin: string): HeadTag[] {
  const url = `${origin}${paths.product(product.id)}`;
  const description = shortDescription(product.description);
  const main = product.images[0];
  const imageUrls = product.images.map((image) => absoluteImageUrl(productImageUrl(image.id, 1200), origin));
  const amount = priceAmount(product.priceKobo);
  const inStock = product.stock > 0;
  return [
    ...sharedTags({
      title: product.name,
      description,
      url,
      type: 'product',
      image: main ? { url: imageUrls[0]!, alt: main.altText } : null,
    }),
    { property: 'product:price:amount', content: amount },
    { property: 'product:price:currency', content: 'NGN' },
    { property: 'product:availability', content: inStock ? 'in stock' : 'out of stock' },
    { property: 'product:category', content: product.category.name },
    {
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Product',
        productID: product.id,
        name: product.name,
        description: product.description,
        image: imageUrls,
        url,
        category: product.subcategory
          ? `${product.category.name} > ${product.subcategory.name}`
          : product.category.name,
        brand: { '@type': 'Brand', name: SITE },
        offers: {
          '@type': 'Offer',
          url,
          price: amount,
          priceCurrency: 'NGN',
          availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          itemCondition: 'https://schema.org/NewCondition',
        },
      },
    },
  ];
}

/** Head tags of a listing page, with the products as a schema.org ItemList. */
export function listingHead(input: {
  title: string;
  description: string;
  pathname: string;
  origin: string;
  products: readonly Pick<ProductSummary, 'id' | 'name' | 'images'>[];
}): HeadTag[] {
  const { title, description, pathname, origin, products } = input;
  const url = `${origin}${pathname}`;
  const first = products.find((product) => product.images[0])?.images[0];
  return [
    ...sharedTags({
      title,
      description,
      url,
      type: 'website',
      image: first
        ? { url: absoluteImageUrl(productImageUrl(first.id, 1200), origin), alt: first.altText }
        : null,
    }),
    {
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: title,
        url,
        numberOfItems: products.length,
        itemListElement: products.map((product, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          url: `${origin}${paths.product(product.id)}`,
          name: product.name,
        })),
      },
    },
  ];
}
