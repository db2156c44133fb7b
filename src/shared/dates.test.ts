import { describe, expect, it } from 'vitest';
import { formatDate, formatLongDate } from './dates';

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
