import type { AdminProduct } from '#shared/schemas/admin-products';

/** A product as GET /api/admin/products/:id answers it: a plain tee, with what a test sets. */
export function adminProduct(fields: Partial<AdminProduct> = {}): AdminProduct {
  return {
    id: '6d326ef3-310f-4b52-8959-1a7ea17a1b39',
    name: 'Eko Tee',
    description: '',
    priceKobo: 1_500_000,
    category: 'tshirts',
    subcategory: null,
    gender: 'men',
    isActive: true,
    isFeatured: false,
    isMystery: false,
    releaseAt: null,
    limitPerCustomer: null,
    salePriceKobo: null,
    saleStartsAt: null,
    saleEndsAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    stock: 0,
    sizes: [],
    colors: [],
    variants: [],
    images: [],
    inOrders: false,
    ...fields,
  };
}
