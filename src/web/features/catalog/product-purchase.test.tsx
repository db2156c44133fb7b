// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductDetail } from '#shared/schemas/catalog';
import { ADD_TO_CART_ACTION, ProductPurchase } from './product-purchase';

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

describe('ProductPurchase before the page script runs', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  /** The server's HTML in the page, as the shopper's browser has it before the script. */
  function serverPage(element: React.ReactElement) {
    const container = document.createElement('div');
    container.innerHTML = renderToString(element);
    document.body.append(container);
    return container;
  }

  const tick = (container: HTMLElement, name: string, value: string) => {
    const input = container.querySelector<HTMLInputElement>(`input[name="${name}"][value="${value}"]`);
    if (!input) throw new Error(`no ${name} ${value} in the page`);
    input.checked = true;
  };

  it('is a plain form the server takes: every size, and each size its own colours', () => {
    const container = serverPage(<ProductPurchase product={product(true)} />);
    const form = container.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe(ADD_TO_CART_ACTION);
    expect(form.querySelector<HTMLInputElement>('input[name="productId"]')?.value).toBe('p1');
    const values = (name: string) =>
      [...form.querySelectorAll<HTMLInputElement>(`input[name="${name}"]`)].map((input) =>
        input.disabled ? `${input.value} (sold out)` : input.value,
      );
    expect(values('gender')).toEqual(['men', 'women']);
    expect(values('size')).toEqual(['S', 'M (sold out)']);
    expect(values('color:S')).toEqual(['Black (sold out)', 'White']);
    expect(values('color:M')).toEqual(['Black (sold out)']);
    expect(form.querySelector('button')?.getAttribute('type')).toBe('submit');
    // Nothing looks unavailable that is not: the button is a plain submit button.
    expect(form.querySelector('button')?.hasAttribute('aria-disabled')).toBe(false);
  });

  it('keeps what was ticked before the script when the script takes over', async () => {
    const detail = product(true);
    const container = serverPage(<ProductPurchase product={detail} />);
    tick(container, 'gender', 'women');
    tick(container, 'size', 'S');
    tick(container, 'color:S', 'White');
    await act(async () => {
      hydrateRoot(container, <ProductPurchase product={detail} />);
    });
    expect(radio('Women').checked).toBe(true);
    expect(radio('S').checked).toBe(true);
    expect(radio('White').checked).toBe(true);
    expect(screen.getByRole('button', { name: 'ADD TO CART' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('does not take a colour ticked for another size', async () => {
    const detail = product(true);
    detail.variants.push(variant('M', 'White', 3));
    const container = serverPage(<ProductPurchase product={detail} />);
    tick(container, 'gender', 'men');
    tick(container, 'color:S', 'White');
    tick(container, 'size', 'M');
    await act(async () => {
      hydrateRoot(container, <ProductPurchase product={detail} />);
    });
    expect(radio('M').checked).toBe(true);
    expect(radio('White').checked).toBe(false);
    expect(screen.getByRole('button', { name: 'ADD TO CART' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('opens with the choice the server sent the shopper back with, and what is missing', async () => {
    const detail = product(true);
    const start = { selection: { gender: 'men' as const, size: 'S', color: null }, choose: 'color' as const };
    const container = serverPage(<ProductPurchase product={detail} start={start} />);
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Please select a color');
    expect(container.querySelector<HTMLInputElement>('input[name="size"][value="S"]')?.checked).toBe(true);
    await act(async () => {
      hydrateRoot(container, <ProductPurchase product={detail} start={start} />);
    });
    expect(radio('Men').checked).toBe(true);
    expect(radio('S').checked).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('Please select a color');
  });
});
