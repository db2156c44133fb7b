import { describe, expect, it } from 'vitest';
import { NOT_USED, PARSE_FAILED, readVerifyResponse, simulatorMessageFor, VERIFY_FAILED } from './verify';

describe('reading the verify answer', () => {
  it('succeeds only on an OK answer with success true', () => {
    expect(readVerifyResponse(true, '{"success":true,"message":"Payment verified successfully"}')).toEqual({
      kind: 'success',
      message: 'Payment verified successfully',
      refunding: false,
    });
    expect(readVerifyResponse(true, '{"success":false,"pending":false,"message":"No"}').kind).toBe('failed');
  });

  it('says so when a second payment of a paid order is being refunded', () => {
    const message =
      'This order had already been paid. Your second payment is being refunded; we have emailed you about it.';
    expect(
      readVerifyResponse(true, JSON.stringify({ success: true, refunding: true, message, orderId: 'o1' })),
    ).toEqual({ kind: 'success', message, refunding: true });
  });

  it('waits when Paystack is still confirming the payment', () => {
    const message =
      'Paystack is still confirming your payment. This page updates by itself once it is done; there is no need to pay again.';
    expect(
      readVerifyResponse(true, JSON.stringify({ success: false, pending: true, message, orderId: 'o1' })),
    ).toEqual({ kind: 'pending', message });
    // Without words from the server, still a wait, not a failure.
    expect(readVerifyResponse(true, '{"success":false,"pending":true}')).toMatchObject({ kind: 'pending' });
    // An error answer is never a wait.
    expect(
      readVerifyResponse(false, '{"pending":true,"error":{"message":"Payment not found"}}'),
    ).toMatchObject({
      kind: 'failed',
      title: VERIFY_FAILED,
    });
  });

  it('titles a payment being refunded as not used, never as a failed verification', () => {
    const message =
      'We could not use this payment: The order had already been paid. We are refunding ₦12,500.00 in full; we have emailed you about it.';
    expect(
      readVerifyResponse(true, JSON.stringify({ success: false, refunding: true, message, orderId: 'o1' })),
    ).toEqual({ kind: 'failed', title: NOT_USED, message, refunding: true });
    // Decided by the server's flag, never by its wording.
    expect(
      readVerifyResponse(true, JSON.stringify({ success: false, message, orderId: 'o1' })),
    ).toMatchObject({
      title: VERIFY_FAILED,
      refunding: false,
    });
  });

  it("fails with the server's message", () => {
    expect(
      readVerifyResponse(true, '{"success":false,"message":"The payment was declined: Declined."}'),
    ).toEqual({
      kind: 'failed',
      title: VERIFY_FAILED,
      message: 'The payment was declined: Declined.',
      refunding: false,
    });
    expect(readVerifyResponse(false, '{"error":{"code":"not_found","message":"Payment not found"}}')).toEqual(
      {
        kind: 'failed',
        title: VERIFY_FAILED,
        message: 'Payment not found',
        refunding: false,
      },
    );
    expect(readVerifyResponse(false, '{}')).toMatchObject({
      message: 'Please try again or contact support.',
    });
  });

  it('reports an unparseable answer with its raw text', () => {
    expect(readVerifyResponse(false, '<html>Bad gateway</html>')).toEqual({
      kind: 'failed',
      title: PARSE_FAILED,
      message: '<html>Bad gateway</html>',
      refunding: false,
    });
  });
});

describe('simulator messages', () => {
  const message = { source: 'paystack-simulator', status: 'success', reference: 'ref-1' };
  it('accepts the simulator message for this transaction only', () => {
    expect(simulatorMessageFor(message, 'ref-1')).toEqual(message);
    // A transfer the bank is still confirming.
    expect(simulatorMessageFor({ ...message, status: 'pending' }, 'ref-1')).toEqual({
      ...message,
      status: 'pending',
    });
    expect(simulatorMessageFor(message, 'ref-2')).toBeNull();
    expect(simulatorMessageFor({ ...message, status: 'maybe' }, 'ref-1')).toBeNull();
    expect(simulatorMessageFor('hello', 'ref-1')).toBeNull();
    expect(simulatorMessageFor(null, 'ref-1')).toBeNull();
  });
});
