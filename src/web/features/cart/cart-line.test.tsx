// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { CartLine } from '#shared/schemas/cart';
import { CartContext, type CartContextValue } from './cart-context';
import { CartLineItem } from './cart-line';

afterEach(cleanup);

const tee: CartLine = {
  id: 'line-1',
  productId: 'p1',
  variantId: 'v1',
  name: 'Lagos Drop Tee',
  priceKobo: 1_000_000,
  compareAtKobo: null,
  imageId: null,
  size: 'M',
  color: 'Black',
  gender: 'men',
  quantity: 2,
  stockAvailable: 5,
  allowance: null,
  releaseAt: null,
  status: 'ok',
  lineTotalKobo: 2_000_000,
};

const cart = {
  updateQuantity: async () => {},
  removeItem: async () => {},
  updating: false,
} as unknown as CartContextValue;

function renderLine(line: CartLine) {
  render(
    <MemoryRouter>
      <CartContext.Provider value={cart}>
        <ul>
          <CartLineItem line={line} />
        </ul>
      </CartContext.Provider>
    </MemoryRouter>,
  );
  return screen.getByRole('listitem');
}

describe('a cart line', () => {
  it("strikes through the product's own price while a sale charges less", () => {
    const item = renderLine({ ...tee, compareAtKobo: 1_250_000 });
    expect(item.querySelector('s')?.textContent).toBe('Was ₦12,500.00');
    expect(item.textContent).toContain('Was ₦12,500.00 Now ₦10,000.00 each');
    expect(item.textContent).toContain('₦20,000.00');
  });

  it('shows the price alone otherwise', () => {
    const item = renderLine(tee);
    expect(item.querySelector('s')).toBeNull();
    expect(item.textContent).toContain('₦10,000.00 each');
  });
});
