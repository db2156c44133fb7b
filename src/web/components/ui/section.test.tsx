// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Section } from './section';

afterEach(cleanup);

describe('Section', () => {
  it('is a region named by its heading, at the level it is given', () => {
    render(
      <Section title="Shipping address" level={3} description="Where it goes" action={<a href="/x">All</a>}>
        <p>inside</p>
      </Section>,
    );
    const region = screen.getByRole('region', { name: 'Shipping address' });
    expect(within(region).getByRole('heading', { level: 3, name: 'Shipping address' })).toBeTruthy();
    expect(within(region).getByText('Where it goes')).toBeTruthy();
    expect(within(region).getByRole('link', { name: 'All' })).toBeTruthy();
    expect(within(region).getByText('inside')).toBeTruthy();
  });

  it('is an h2 by default, and can lend its heading to a control inside it', () => {
    render(
      <Section title="Shipping Method" headingId="method-heading">
        <fieldset aria-labelledby="method-heading" />
      </Section>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Shipping Method' }).id).toBe('method-heading');
    expect(screen.getByRole('group', { name: 'Shipping Method' })).toBeTruthy();
  });
});
