import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatLongDate, formatShortDay, isComingSoon } from './dates';
import { fromShopLocalInput, toShopLocalInput } from './shop-time-input';

describe('dates', () => {
  it('formats as MMM dd, yyyy in Lagos time', () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Lagos (UTC+1).
    expect(formatDate('2026-12-31T23:30:00Z')).toBe('Jan 01, 2027');
    expect(formatDate(new Date('2026-03-05T10:00:00Z'))).toBe('Mar 05, 2026');
  });
  it('has a long Nigerian English form', () => {
    expect(formatLongDate('2026-03-05T10:00:00Z')).toBe('5 March 2026');
  });
});

describe('shop wall-clock times', () => {
  it('formats a moment with its time in Lagos', () => {
    expect(formatDateTime('2026-11-24T17:00:00Z')).toBe('Tue, 24 Nov 2026, 6:00 pm');
    // Noon and midnight hours read as browsers write them (12, never 0).
    expect(formatDateTime('2026-11-28T11:15:00Z')).toBe('Sat, 28 Nov 2026, 12:15 pm');
    expect(formatDateTime('2026-11-27T23:15:00Z')).toBe('Sat, 28 Nov 2026, 12:15 am');
  });
  it("is the one way every screen writes a moment: Lagos's day and hour, whatever the machine's zone", () => {
    // 23:30 UTC is already the next day in Lagos, and its 12 o'clock hour (was '00:30' in the lists).
    expect(formatDateTime('2026-11-23T23:30:00.000Z')).toBe('Tue, 24 Nov 2026, 12:30 am');
    expect(formatDateTime(new Date('2026-11-24T11:59:00.000Z'))).toBe('Tue, 24 Nov 2026, 12:59 pm');
    expect(formatDateTime('2026-11-24T12:00:00.000Z')).toBe('Tue, 24 Nov 2026, 1:00 pm');
    expect(formatDateTime('2026-11-24T10:05:00.000+01:00')).toBe('Tue, 24 Nov 2026, 10:05 am');
  });
  it('writes a Lagos calendar day short, as it is named', () => {
    expect(formatShortDay('2026-11-23')).toBe('23 Nov');
    expect(formatShortDay('2027-01-01')).toBe('1 Jan');
  });
  it('reads a datetime-local value as Lagos time and writes one back', () => {
    expect(fromShopLocalInput('2026-11-24T18:00')).toBe('2026-11-24T17:00:00.000Z');
    expect(fromShopLocalInput('2027-01-01T00:30')).toBe('2026-12-31T23:30:00.000Z');
    expect(toShopLocalInput('2026-12-31T23:30:00Z')).toBe('2027-01-01T00:30');
    expect(fromShopLocalInput('2026-02-30T10:00')).toBeNull();
    expect(fromShopLocalInput('tomorrow')).toBeNull();
  });
});

describe('isComingSoon', () => {
  it('is true only while the release time is ahead', () => {
    const release = '2026-11-24T17:00:00.000Z';
    expect(isComingSoon(release, Date.parse('2026-11-24T16:59:59.999Z'))).toBe(true);
    expect(isComingSoon(release, Date.parse(release))).toBe(false);
    expect(isComingSoon(null, 0)).toBe(false);
  });
});
