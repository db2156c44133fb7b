// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductDetail } from '#shared/schemas/catalog';
import { ProductPurchase } from './product-purchase';

const TEXT = 'This item is currently out of stock.';
const variant = (size: string, color: string | null, stock: number) => ({
  id: `${size}-${color}`,
  size,
  color,
  stock,
  soldOut: stock <= 0,
  sku: `SKU-${size}-${color}`,
});

function product(enabled: boolean): ProductDetail {
  return {
    id: 'p1',
    name: 'Tee',
    description: 'A tee',
    priceKobo: 100_000,
    compareAtKobo: null,
    percentOff: null,
    gender: 'men',
    category: { id: 'c1', name: 'T-Shirts', slug: 'tshirts' },
    subcategory: null,
    isFeatured: false,
    isMystery: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    stock: 5,
    images: [],
    releaseAt: null,
    limitPerCustomer: null,
    variants: [variant('S', 'Black', 0), variant('S', 'White', 5), variant('M', 'Black', 0)],
    outOfStock: { enabled, text: TEXT },
    sizeGuide: null,
  };
}

const option = (name: string) => new RegExp(`^${name}( \\(sold out\\))?$`);
const radio = (name: string) => screen.getByRole('radio', { name: option(name) }) as HTMLInputElement;

describe('ProductPurchase', () => {
  afterEach(cleanup);

  it('names what is missing in order: gender, size, colour', () => {
    render(<ProductPurchase product={product(true)} />);
    const add = screen.getByRole('button', { name: 'ADD TO CART' });
    expect(add.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(add);
    expect(screen.getByRole('alert').textContent).toBe('Please select a gender');
    fireEvent.click(radio('Women'));
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(add);
    expect(screen.getByRole('alert').textContent).toBe('Please select a size');
    fireEvent.click(radio('S'));
    fireEvent.click(add);
    expect(screen.getByRole('alert').textContent).toBe('Please select a color');
    fireEvent.click(radio('White'));
    expect(add.getAttribute('aria-disabled')).toBeNull();
  });

  it('shows sold-out sizes and colours disabled with the out-of-stock text when enabled', () => {
    render(<ProductPurchase product={product(true)} />);
    fireEvent.click(radio('Men'));
    expect(radio('M').disabled).toBe(true);
    expect(radio('M').labels?.[0]?.textContent).toContain('(sold out)');
    fireEvent.click(radio('S'));
    expect(radio('Black').disabled).toBe(true);
    expect(radio('White').disabled).toBe(false);
    expect(screen.getAllByText(TEXT, { exact: false }).length).toBeGreaterThan(0);
  });

  it('does not offer sold-out sizes and colours when the setting is off', () => {
    render(<ProductPurchase product={product(false)} />);
    fireEvent.click(radio('Men'));
    expect(screen.queryByRole('radio', { name: option('M') })).toBeNull();
    fireEvent.click(radio('S'));
    expect(screen.queryByRole('radio', { name: option('Black') })).toBeNull();
    expect(screen.queryByText(TEXT, { exact: false })).toBeNull();
  });

  it('resets the colour when another size is chosen', () => {
    const detail = product(true);
    detail.variants.push(variant('M', 'White', 3));
    render(<ProductPurchase product={detail} />);
    fireEvent.click(radio('Men'));
    fireEvent.click(radio('S'));
    fireEvent.click(radio('White'));
    expect(radio('White').checked).toBe(true);
    fireEvent.click(radio('M'));
    expect(radio('White').checked).toBe(false);
  });
});
