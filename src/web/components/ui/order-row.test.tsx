// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Badge } from './badge';
import { OrderRow } from './order-row';

afterEach(cleanup);

describe('OrderRow', () => {
  it("shows an order's id (a link to it), day, items, badges and total", () => {
    render(
      <MemoryRouter>
        <ul>
          <OrderRow
            shortId="a1b2c3d4"
            href="/admin/dashboard?tab=orders&order=1"
            createdAt="2026-12-31T23:30:00.000Z"
            itemCount={2}
            totalKobo={1_250_000}
            badges={<Badge>Pending</Badge>}
            note={<span>Refund on its way</span>}
          />
        </ul>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Order a1b2c3d4, placed Jan 01, 2027' });
    expect(link.textContent).toBe('#a1b2c3d4');
    expect(link.getAttribute('href')).toBe('/admin/dashboard?tab=orders&order=1');
    const row = screen.getByRole('listitem');
    expect(row.textContent).toContain('Jan 01, 2027 · 2 items');
    expect(row.textContent).toContain('Pending');
    expect(row.textContent).toContain('₦12,500.00');
    expect(row.textContent).toContain('Refund on its way');
  });

  it('without a link names the order in words, and writes who placed it before the day', () => {
    render(
      <ul>
        <OrderRow
          shortId="ffff0000"
          createdAt="2026-11-20T10:00:00.000Z"
          detail="Guest"
          itemCount={1}
          totalKobo={500_000}
          badges={null}
          action={<button type="button">View Details</button>}
        />
      </ul>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('listitem').textContent).toContain('Order #ffff0000');
    expect(screen.getByText('Guest · Nov 20, 2026 · 1 item')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View Details' })).toBeTruthy();
  });
});
