import { describe, expect, it } from 'vitest';
import { orderHeadline, orderProgress, orderStatusTone, paymentStatusTone } from './order-status';

describe('order status display', () => {
  it('colours the status, Pending when missing, grey when unknown', () => {
    expect(orderStatusTone('processing').className).toMatch(/blue/);
    expect(orderStatusTone('shipped').className).toMatch(/purple/);
    expect(orderStatusTone('delivered').className).toMatch(/green/);
    expect(orderStatusTone('cancelled').className).toMatch(/red/);
    expect(orderStatusTone(null)).toMatchObject({
      label: 'Pending',
      className: expect.stringMatching(/yellow/),
    });
    expect(orderStatusTone('on_hold')).toMatchObject({
      label: 'On hold',
      className: expect.stringMatching(/neutral/),
    });
  });

  it('colours the payment status', () => {
    expect(paymentStatusTone('paid')).toMatchObject({
      label: 'Paid',
      className: expect.stringMatching(/green/),
    });
    expect(paymentStatusTone('pending').className).toMatch(/yellow/);
    expect(paymentStatusTone('failed').className).toMatch(/red/);
    expect(paymentStatusTone('refunded').className).toMatch(/blue/);
    expect(paymentStatusTone('weird').className).toMatch(/neutral/);
  });

  it('fills the progress bar by status', () => {
    expect(
      ['pending', 'processing', 'shipped', 'delivered', 'cancelled', 'other'].map(orderProgress),
    ).toEqual([25, 50, 75, 100, 0, 25]);
  });

  it('picks the headline', () => {
    expect(orderHeadline('cancelled')).toEqual({
      title: 'Order Cancelled',
      text: 'This order has been cancelled. Please contact support if you have any questions.',
    });
    expect(orderHeadline('delivered').title).toBe('Order Delivered!');
    expect(orderHeadline('shipped').title).toBe('Order Shipped!');
    expect(orderHeadline('processing').title).toBe('Order Confirmed!');
    expect(orderHeadline('pending').title).toBe('Order Confirmed!');
  });
});
