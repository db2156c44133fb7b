import { describe, expect, it } from 'vitest';
import { previewUrl, productImageSrcSet, productImageUrl } from './images';

const id = '0b5e3c1e-6f7a-4c3b-9a51-1c2d3e4f5a6b';

describe('product image URLs', () => {
  it('builds one URL per width and a preview URL', () => {
    expect(productImageUrl(id, 800)).toBe(`/images/products/${id}/800.webp`);
    expect(previewUrl(id)).toBe(`/images/products/${id}/preview.webp`);
  });

  it('lists 400, 800 and 1200 in the srcset', () => {
    expect(productImageSrcSet(id)).toBe(
      `/images/products/${id}/400.webp 400w, /images/products/${id}/800.webp 800w, /images/products/${id}/1200.webp 1200w`,
    );
  });
});
