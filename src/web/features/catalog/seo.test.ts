import { describe, expect, it } from 'vitest';
import { setImageBaseUrl } from '#shared/images';
import type { ProductDetail } from '#shared/schemas/catalog';
import { listingHead, priceAmount, productHead, shortDescription } from './seo';

const product: ProductDetail = {
  id: '8a5e293e-a339-4828-bf03-c1f6bdf7a033',
  name: 'Eko Oni Baje Graphic Tee',
  description: 'Heavyweight cotton tee with a puff-printed Lagos sunrise.',
  priceKobo: 1_500_050,
  compareAtKobo: null,
  percentOff: null,
  gender: 'men',
  category: { id: '44df7963-3032-4d81-8d63-3f25d4323978', name: 'T-Shirts', slug: 'tshirts' },
  subcategory: { id: '4d2e7f3c-8994-4673-bbb9-89efb967f7fe', name: 'Graphic Tees', slug: 'graphic-tees' },
  isFeatured: true,
  isMystery: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  stock: 0,
  images: [
    { id: '6d326ef3-310f-4b52-8959-1a7ea17a1b39', altText: 'Front view', displayOrder: 1 },
    { id: 'bed3b8ac-64b7-4703-96a8-2da60949f449', altText: 'Back view', displayOrder: 2 },
  ],
  releaseAt: null,
  limitPerCustomer: null,
  variants: [],
  outOfStock: { enabled: true, text: 'This item is currently out of stock.' },
  sizeGuide: null,
};
const origin = 'https://shop.example';

const content = (tags: ReturnType<typeof productHead>, key: string) =>
  tags.find((tag) => ('property' in tag && tag.property === key) || ('name' in tag && tag.name === key)) as
    | { content: string }
    | undefined;

describe('priceAmount', () => {
  it('writes kobo as naira with two decimals, without floating point', () => {
    expect(priceAmount(1_500_000)).toBe('15000.00');
    expect(priceAmount(1_500_050)).toBe('15000.50');
    expect(priceAmount(7)).toBe('0.07');
  });
});

describe('shortDescription', () => {
  it('keeps short text and cuts long text at a word', () => {
    expect(shortDescription('  A  tee.\n')).toBe('A tee.');
    const long = 'word '.repeat(60);
    const cut = shortDescription(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('word…')).toBe(true);
  });
});

describe('productHead', () => {
  const tags = productHead(product, origin);

  it('has the title, canonical URL and Open Graph product tags with an absolute 1200 image', () => {
    expect(tags).toContainEqual({ title: 'Eko Oni Baje Graphic Tee | Naija Street' });
    expect(tags).toContainEqual({ rel: 'canonical', href: `${origin}/product/${product.id}` });
    expect(content(tags, 'og:type')?.content).toBe('product');
    expect(content(tags, 'og:image')?.content).toBe(
      `${origin}/images/products/6d326ef3-310f-4b52-8959-1a7ea17a1b39/1200.webp`,
    );
    expect(content(tags, 'product:price:amount')?.content).toBe('15000.50');
    expect(content(tags, 'product:price:currency')?.content).toBe('NGN');
    expect(content(tags, 'twitter:card')?.content).toBe('summary_large_image');
  });

  it('describes the product in JSON-LD with its offer and availability', () => {
    const jsonLd = tags.find((tag) => 'jsonLd' in tag) as { jsonLd: Record<string, unknown> };
    expect(jsonLd.jsonLd).toMatchObject({
      '@type': 'Product',
      name: product.name,
      category: 'T-Shirts > Graphic Tees',
      image: [
        `${origin}/images/products/6d326ef3-310f-4b52-8959-1a7ea17a1b39/1200.webp`,
        `${origin}/images/products/bed3b8ac-64b7-4703-96a8-2da60949f449/1200.webp`,
      ],
      offers: { price: '15000.50', priceCurrency: 'NGN', availability: 'https://schema.org/OutOfStock' },
    });
    const inStock = productHead({ ...product, stock: 3 }, origin).find((tag) => 'jsonLd' in tag) as {
      jsonLd: { offers: { availability: string } };
    };
    expect(inStock.jsonLd.offers.availability).toBe('https://schema.org/InStock');
  });

  it('gives the price charged during a sale, not the price struck through', () => {
    const onSale = productHead(
      { ...product, priceKobo: 1_200_040, compareAtKobo: 1_500_050, percentOff: 20 },
      origin,
    );
    expect(content(onSale, 'product:price:amount')?.content).toBe('12000.40');
    const jsonLd = onSale.find((tag) => 'jsonLd' in tag) as { jsonLd: { offers: { price: string } } };
    expect(jsonLd.jsonLd.offers.price).toBe('12000.40');
  });

  it('leaves out image tags when the product has no image', () => {
    const bare = productHead({ ...product, images: [] }, origin);
    expect(content(bare, 'og:image')).toBeUndefined();
    expect(content(bare, 'twitter:card')?.content).toBe('summary');
  });
});

describe('listingHead', () => {
  it('names the listing and lists its products', () => {
    const tags = listingHead({
      title: "Men's T-Shirts",
      description: 'Tees.',
      pathname: '/men/tshirts',
      origin,
      products: [product],
    });
    expect(tags).toContainEqual({ title: "Men's T-Shirts | Naija Street" });
    expect(tags).toContainEqual({ rel: 'canonical', href: `${origin}/men/tshirts` });
    expect(content(tags, 'og:type')?.content).toBe('website');
    const jsonLd = tags.find((tag) => 'jsonLd' in tag) as { jsonLd: Record<string, unknown> };
    expect(jsonLd.jsonLd).toMatchObject({
      '@type': 'ItemList',
      itemListElement: [{ position: 1, url: `${origin}/product/${product.id}` }],
    });
  });
});

describe('with IMAGE_BASE_URL', () => {
  it('points Open Graph and JSON-LD at the image address, not the shop', () => {
    setImageBaseUrl('https://cdn.example.com');
    try {
      const tags = productHead(product, origin);
      const image = `https://cdn.example.com/images/products/6d326ef3-310f-4b52-8959-1a7ea17a1b39/1200.webp`;
      expect(content(tags, 'og:image')?.content).toBe(image);
      const jsonLd = tags.find((tag) => 'jsonLd' in tag) as { jsonLd: { image: string[] } };
      expect(jsonLd.jsonLd.image[0]).toBe(image);
      const listing = listingHead({
        title: 'T-Shirts',
        description: 'Tees',
        pathname: '/tshirts',
        origin,
        products: [product],
      });
      expect(content(listing, 'og:image')?.content).toBe(image);
    } finally {
      setImageBaseUrl('');
    }
  });
});
