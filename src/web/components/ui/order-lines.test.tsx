// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderLines } from './order-lines';

afterEach(cleanup);

describe('OrderLines', () => {
  it("writes each line's name, options, quantity × price and line total", () => {
    render(
      <OrderLines
        lines={[
          {
            id: 'l1',
            name: 'Lagos Drop Tee',
            size: 'M',
            color: 'Black',
            gender: 'men',
            imageId: null,
            quantity: 2,
            unitPriceKobo: 1_000_000,
            lineTotalKobo: 2_000_000,
          },
          {
            id: 'l2',
            name: 'Sticker',
            size: null,
            color: null,
            imageId: null,
            quantity: 1,
            unitPriceKobo: 50_000,
            lineTotalKobo: 50_000,
          },
        ]}
      />,
    );
    const [tee, sticker] = screen.getAllByRole('listitem');
    expect(tee!.textContent).toBe(
      'No imageLagos Drop TeeSize: M · Colour: Black · Men2 × ₦10,000.00₦20,000.00',
    );
    expect(sticker!.textContent).toContain('One option');
  });

  it('strikes through the price before a sale and gives the share of the code', () => {
    render(
      <OrderLines
        discountCode="BLACKFRIDAY20"
        lines={[
          {
            id: 'l1',
            name: 'Lagos Drop Tee',
            size: 'M',
            color: 'Black',
            imageId: null,
            quantity: 2,
            unitPriceKobo: 1_000_000,
            listPriceKobo: 1_250_000,
            lineTotalKobo: 2_000_000,
            discountKobo: 400_000,
          },
          {
            id: 'l2',
            name: 'Sticker',
            size: null,
            color: null,
            imageId: null,
            quantity: 1,
            unitPriceKobo: 50_000,
            listPriceKobo: null,
            lineTotalKobo: 50_000,
            discountKobo: 0,
          },
        ]}
      />,
    );
    const [tee, sticker] = screen.getAllByRole('listitem');
    expect(tee!.textContent).toContain('2 × Was ₦12,500.00 ₦10,000.00');
    expect(tee!.querySelector('s')?.textContent).toBe('Was ₦12,500.00');
    expect(tee!.textContent).toContain('−₦4,000.00 with BLACKFRIDAY20');
    expect(sticker!.textContent).not.toContain('Was');
    expect(sticker!.textContent).not.toContain('with');
  });
});
