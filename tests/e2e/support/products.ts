import { randomUUID } from 'node:crypto';
import { expect, request } from '@playwright/test';
import type { ProductDetail, ProductDetailResponse } from '../../../src/shared/schemas/catalog';
import { E2E_ADMIN } from './e2e-admin';
import { someIp } from './shoppers';

/**
 * A product of the test's own, made through the admin API as the E2E admin: its stock is the
 * test's alone, whatever the tests running beside it buy. Sweatshirts for men, neither featured
 * nor a T-shirt, so no other test's count of the featured products or of the men's T-shirts
 * moves because of it. `stock` is spread evenly over the sizes and colours.
 */
export async function createOwnProduct(
  baseURL: string,
  options: { name: string; stock: number; priceNaira?: number; sizes?: string[]; colors?: string[] },
): Promise<ProductDetail> {
  const admin = await request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': someIp() } });
  try {
    const signedIn = await admin.post('/api/auth/sign-in', { data: E2E_ADMIN });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    const created = await admin.post('/api/admin/products', {
      headers: { origin: baseURL },
      data: {
        name: `${options.name} ${randomUUID().slice(0, 6)}`,
        description: 'Made for one browser test.',
        price: String(options.priceNaira ?? 14_000),
        category: 'sweatshirts',
        subcategory: '',
        gender: 'men',
        stock: String(options.stock),
        sizes: options.sizes ?? ['M'],
        colors: options.colors ?? ['Black'],
        isActive: true,
        isFeatured: false,
        isMystery: false,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { product } = (await created.json()) as { product: { id: string } };
    const read = await admin.get(`/api/products/${product.id}`);
    expect(read.status(), await read.text()).toBe(200);
    return ((await read.json()) as ProductDetailResponse).product;
  } finally {
    await admin.dispose();
  }
}
