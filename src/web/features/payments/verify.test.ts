import { describe, expect, it } from 'vitest';
import { PARSE_FAILED, readVerifyResponse, simulatorMessageFor, VERIFY_FAILED } from './verify';

describe('reading the verify answer', () => {
  it('succeeds only on an OK answer with success true', () => {
    expect(readVerifyResponse(true, '{"success":true,"message":"Payment verified successfully"}')).toEqual({
      kind: 'success',
      message: 'Payment verified successfully',
    });
  });

  it("fails with the server's message", () => {
    expect(
      readVerifyResponse(true, '{"success":false,"message":"The payment was declined: Declined."}'),
    ).toEqual({
      kind: 'failed',
      title: VERIFY_FAILED,
      message: 'The payment was declined: Declined.',
    });
    expect(readVerifyResponse(false, '{"error":{"code":"not_found","message":"Payment not found"}}')).toEqual(
      {
        kind: 'failed',
        title: VERIFY_FAILED,
        message: 'Payment not found',
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
    });
  });
});

describe('simulator messages', () => {
  const message = { source: 'paystack-simulator', status: 'success', reference: 'ref-1' };
  it('accepts the simulator message for this transaction only', () => {
    expect(simulatorMessageFor(message, 'ref-1')).toEqual(message);
    expect(simulatorMessageFor(message, 'ref-2')).toBeNull();
    expect(simulatorMessageFor({ ...message, status: 'maybe' }, 'ref-1')).toBeNull();
    expect(simulatorMessageFor('hello', 'ref-1')).toBeNull();
    expect(simulatorMessageFor(null, 'ref-1')).toBeNull();
  });
});
