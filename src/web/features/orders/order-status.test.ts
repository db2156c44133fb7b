import { describe, expect, it } from 'vitest';
import {
  awaitingPayment,
  orderHeadline,
  orderProgress,
  orderStatusTone,
  paymentStatusTone,
  paymentTone,
  progressSteps,
} from './order-status';

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

  it("words a pickup order's statuses, steps and headlines", () => {
    expect(orderStatusTone('shipped', 'pickup')).toMatchObject({
      label: 'Ready for pickup',
      className: expect.stringMatching(/purple/),
    });
    expect(orderStatusTone('delivered', 'pickup').label).toBe('Picked up');
    expect(orderStatusTone('shipped', 'delivery').label).toBe('Shipped');
    expect(progressSteps('pickup')).toEqual(['Placed', 'Processing', 'Ready for pickup', 'Picked up']);
    expect(progressSteps('delivery')).toEqual(['Pending', 'Processing', 'Shipped', 'Delivered']);
    expect(orderHeadline('shipped', { fulfilment: 'pickup' }).title).toBe('Ready for Pickup!');
    expect(orderHeadline('delivered', { fulfilment: 'pickup' }).title).toBe('Order Picked Up!');
  });

  it('says why an unpaid order is unpaid: waiting for the bank, or paid at the door', () => {
    const waiting = { paymentStatus: 'pending', awaitingPayment: true, paymentKind: 'paystack' } as const;
    expect(paymentTone(waiting).label).toBe('Awaiting your payment');
    expect(paymentTone(waiting, 'admin').label).toBe('Awaiting payment');
    expect(paymentTone({ paymentStatus: 'pending', paymentKind: 'pay_on_delivery' }).label).toBe(
      'Pay on delivery',
    );
    expect(paymentTone({ paymentStatus: 'paid', paymentKind: 'pay_on_delivery' }).label).toBe('Paid');
    // Cancelled: nothing is awaited or collected any more.
    expect(
      paymentTone({ paymentStatus: 'pending', paymentKind: 'pay_on_delivery', orderStatus: 'cancelled' })
        .label,
    ).toBe('Pending');
    expect(paymentTone({ ...waiting, orderStatus: 'cancelled' }, 'admin').label).toBe('Pending');
    expect(paymentTone({ ...waiting, paymentStatus: 'paid' }).label).toBe('Paid');
    expect(awaitingPayment({ status: 'pending', paymentStatus: 'pending', awaitingPayment: true })).toBe(
      true,
    );
    expect(awaitingPayment({ status: 'cancelled', paymentStatus: 'pending', awaitingPayment: true })).toBe(
      false,
    );
    expect(orderHeadline('pending', { awaitingPayment: true })).toEqual({
      title: 'Awaiting your payment',
      text: 'Paystack is waiting for your bank transfer or USSD payment to arrive. This page updates by itself once it is paid.',
    });
  });
});
