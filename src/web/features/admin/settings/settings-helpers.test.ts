import { describe, expect, it } from 'vitest';
import { notificationCreateRequest } from '#shared/schemas/settings';
import { fromShopLocalInput } from '#shared/shop-time-input';
import { readable } from './audit-log-panel';
import { formatLagosDateTime } from './lagos-time';

describe('Lagos times in the forms', () => {
  it('shows a moment in Lagos time', () => {
    expect(formatLagosDateTime('2026-11-23T23:30:00.000Z')).toMatch(/24 Nov 2026,? 00:30/);
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
