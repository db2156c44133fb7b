import { describe, expect, it } from 'vitest';
import type { Change } from '../../platform/db/announce';
import { concerns, type Topic, type Viewer } from './topics';

const PRODUCT = '6f1c1b5e-8a57-4a31-9d43-4f5a8f0f2a11';
const OTHER = '0b9e8c44-2f0a-4f53-b8d5-9a0f3e0b7c22';
const topic: Topic = { name: `product:${PRODUCT}`, kind: 'product', id: PRODUCT };
const guest: Viewer = { userId: null, sessionId: null, admin: false };
const change = (table: Change['table'], id: string, extra: Partial<Change> = {}): Change => ({
  table,
  id,
  userId: null,
  action: 'updated',
  ...extra,
});

describe("a product's topic", () => {
  it('carries its own changes, its stock and any automatic offer, nothing of other products', () => {
    expect(concerns(topic, change('products', PRODUCT), guest)).toBe(true);
    expect(concerns(topic, change('product_variants', OTHER, { productId: PRODUCT }), guest)).toBe(true);
    expect(concerns(topic, change('discounts', OTHER), guest)).toBe(true);
    expect(concerns(topic, change('products', OTHER), guest)).toBe(false);
    expect(concerns(topic, change('product_variants', OTHER, { productId: OTHER }), guest)).toBe(false);
    expect(concerns(topic, change('orders', OTHER), guest)).toBe(false);
  });
});
