// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countdownParts, DropTimer } from './countdown';

describe('countdownParts', () => {
  it('splits the time left into days, hours, minutes and seconds, rounding up', () => {
    expect(countdownParts(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000)).toEqual([2, 3, 4, 5]);
    expect(countdownParts(1)).toEqual([0, 0, 0, 1]);
    expect(countdownParts(0)).toEqual([0, 0, 0, 0]);
  });
});

describe('DropTimer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const digits = () => screen.getByRole('timer', { name: 'Time until the drop' }).textContent;

  it("counts on the server's clock, not the device's, and says when it reaches zero", () => {
    // The device's clock is 1 hour behind the server's.
    vi.setSystemTime(new Date('2026-11-24T16:59:50.000Z'));
    const onZero = vi.fn();
    render(<DropTimer releaseAt="2026-11-24T18:00:00.000Z" now="2026-11-24T17:59:50.000Z" onZero={onZero} />);
    expect(digits()).toBe('00days00hrs00min10sec');
    act(() => vi.advanceTimersByTime(9_000));
    expect(digits()).toBe('00days00hrs00min01sec');
    expect(onZero).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1_000));
    expect(digits()).toBe('00days00hrs00min00sec');
    expect(onZero).toHaveBeenCalledTimes(1);
  });
});
