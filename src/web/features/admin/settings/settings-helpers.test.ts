import { describe, expect, it } from 'vitest';
import { formatDateTime } from '#shared/dates';
import { notificationCreateRequest } from '#shared/schemas/settings';
import { fromShopLocalInput } from '#shared/shop-time-input';
import { entryTitle, readable } from './audit-log-panel';

describe('Lagos times in the forms', () => {
  it('shows a moment in Lagos time', () => {
    // The one format of every screen (#shared/dates): the 12 o'clock hour reads 12, never 00 or 0.
    expect(formatDateTime('2026-11-23T23:30:00.000Z')).toMatch(/24 Nov 2026,? 12:30 am/);
  });

  it('gives the schema an empty end date as null and a Lagos time it accepts', () => {
    const parsed = notificationCreateRequest.parse({
      title: 'Sale',
      content: 'Half off',
      startDate: fromShopLocalInput('2026-11-23T09:30'),
      endDate: '',
    });
    expect(parsed).toMatchObject({
      startDate: '2026-11-23T08:30:00.000Z',
      endDate: null,
      type: 'info',
      targetAudience: 'all',
      displayLocation: 'site_wide',
    });
  });
});

describe('audit values in words', () => {
  it('shows kobo as naira, times in Lagos, Yes/No, choices in words and empties', () => {
    expect(readable('feeKobo', 300_000)).toBe('₦3,000.00');
    expect(readable('isActive', false)).toBe('No');
    expect(readable('endDate', null)).toBe('(empty)');
    expect(readable('displayLocation', 'site_wide')).toBe('Site wide');
    expect(readable('startDate', '2026-11-23T23:30:00.000Z')).toMatch(/24 Nov 2026/);
    expect(readable('threshold', 5)).toBe('5');
    expect(readable('title', 'Weekend drop')).toBe('Weekend drop');
    expect(readable('type', 'promotional')).toBe('Promotional');
    expect(readable('title', 'lowercase title')).toBe('lowercase title');
  });
});

describe('the payments ledger in the audit log', () => {
  it('names its actions in words, on a payment or a refund record', () => {
    expect(entryTitle({ entityType: 'payment', action: 'offline_payment' })).toBe('Offline payment recorded');
    expect(entryTitle({ entityType: 'payment', action: 'offline_refund' })).toBe(
      'Refund made outside Paystack recorded',
    );
    expect(entryTitle({ entityType: 'refund', action: 'offline_refund' })).toBe(
      'Refund made outside Paystack recorded',
    );
    expect(entryTitle({ entityType: 'payment', action: 'charge_not_applied' })).toBe(
      'Payment not kept, refunded automatically',
    );
    expect(entryTitle({ entityType: 'payment', action: 'charge_unmatched' })).toBe(
      'Payment matching no order',
    );
    expect(entryTitle({ entityType: 'payment', action: 'reconciliation_started' })).toBe(
      'Reconciliation with Paystack started',
    );
    // The older ones keep their words.
    expect(entryTitle({ entityType: 'refund', action: 'refund_requested' })).toBe('Refund requested');
  });

  it("reads an offline payment's method and a charge's disposition as people say them", () => {
    expect(readable('method', 'pos')).toBe('Card at the door (POS)');
    expect(readable('method', 'bank_transfer')).toBe('Bank transfer');
    expect(readable('disposition', 'not_deliverable')).toBe('Order could not be delivered');
  });
});
