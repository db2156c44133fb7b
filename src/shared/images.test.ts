import { afterEach, describe, expect, it } from 'vitest';
import { absoluteImageUrl, previewUrl, productImageSrcSet, productImageUrl, setImageBaseUrl } from './images';

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

  describe('with IMAGE_BASE_URL', () => {
    afterEach(() => setImageBaseUrl(''));

    it('writes every URL under the base, with the same paths', () => {
      setImageBaseUrl('https://cdn.example.com/shop/');
      expect(productImageUrl(id, 800)).toBe(`https://cdn.example.com/shop/images/products/${id}/800.webp`);
      expect(previewUrl(id)).toBe(`https://cdn.example.com/shop/images/products/${id}/preview.webp`);
      expect(productImageSrcSet(id).split(', ')).toEqual(
        [400, 800, 1200].map((w) => `https://cdn.example.com/shop/images/products/${id}/${w}.webp ${w}w`),
      );
      setImageBaseUrl('');
      expect(productImageUrl(id, 800)).toBe(`/images/products/${id}/800.webp`);
    });
  });

  it('makes an image URL absolute with the shop’s origin, unless it already is', () => {
    expect(absoluteImageUrl('/images/products/x/1200.webp', 'https://shop.example')).toBe(
      'https://shop.example/images/products/x/1200.webp',
    );
    expect(
      absoluteImageUrl('https://cdn.example.com/images/products/x/1200.webp', 'https://shop.example'),
    ).toBe('https://cdn.example.com/images/products/x/1200.webp');
  });
});
