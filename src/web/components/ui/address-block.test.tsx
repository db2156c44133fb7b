// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AddressBlock } from './address-block';

afterEach(cleanup);

const address = {
  fullName: 'Ada Obi',
  address: '12 Allen Avenue',
  city: 'Ikeja',
  state: 'Lagos',
  phone: '08012345678',
  email: 'ada@example.com',
};

describe('AddressBlock', () => {
  it('writes an address a part a line, with or without the name', () => {
    const { rerender } = render(<AddressBlock address={address} />);
    const block = screen.getByRole('group');
    expect(block.tagName).toBe('ADDRESS');
    expect(block.innerHTML.split('<br>').map((line) => line.replace(/<[^>]+>/g, ''))).toEqual([
      'Ada Obi',
      '12 Allen Avenue',
      'Ikeja, Lagos',
      '08012345678',
      'ada@example.com',
    ]);
    rerender(<AddressBlock address={address} withName={false} />);
    expect(screen.queryByText('Ada Obi')).toBeNull();
    expect(screen.getByText(/12 Allen Avenue/)).toBeTruthy();
  });
});
