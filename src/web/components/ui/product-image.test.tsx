// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProductImage } from './product-image';

const image = { id: '6d326ef3-310f-4b52-8959-1a7ea17a1b39', altText: 'Black tee, front view' };

/** happy-dom never loads images (every one is 'complete' and empty): make them still loading. */
function stillLoading(loading: boolean) {
  Object.defineProperty(HTMLImageElement.prototype, 'complete', { configurable: true, get: () => !loading });
}

describe('ProductImage', () => {
  beforeEach(() => stillLoading(true));
  afterEach(cleanup);

  it('offers the three WebP renditions with a reserved size and lazy loading', () => {
    render(<ProductImage image={image} width={400} sizes="50vw" />);
    const img = screen.getByRole('img', { name: 'Black tee, front view' });
    expect(img.getAttribute('src')).toBe(`/images/products/${image.id}/400.webp`);
    expect(img.getAttribute('srcset')).toBe(
      [400, 800, 1200].map((w) => `/images/products/${image.id}/${w}.webp ${w}w`).join(', '),
    );
    expect(img.getAttribute('sizes')).toBe('50vw');
    expect(img.getAttribute('width')).toBe('400');
    expect(img.getAttribute('height')).toBe('400');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('fetchpriority')).toBeNull();
    // Below the fold nothing is fetched up front, not even the blurred preview.
    expect(img.parentElement?.getAttribute('style') ?? '').not.toContain('preview.webp');
  });

  it('loads the LCP image first and eagerly', () => {
    render(<ProductImage image={image} width={800} sizes="100vw" priority />);
    const img = screen.getByRole('img');
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    // The blurred preview is painted behind it while it loads.
    expect(img.parentElement?.getAttribute('style')).toContain(`/images/products/${image.id}/preview.webp`);
  });

  it("says 'Image not available' when the image fails, and 'No image' when there is none", () => {
    const { rerender } = render(<ProductImage image={image} width={400} sizes="50vw" />);
    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByText('Image not available')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    rerender(<ProductImage image={null} width={400} sizes="50vw" />);
    expect(screen.getByText('No image')).toBeTruthy();
  });

  it('notices an image that failed before the page was hydrated', () => {
    stillLoading(false);
    render(<ProductImage image={image} width={400} sizes="50vw" />);
    expect(screen.getByText('Image not available')).toBeTruthy();
  });
});
