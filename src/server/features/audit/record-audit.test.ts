import { describe, expect, it } from 'vitest';
import { actorLabel, changedFields } from './record-audit';

describe('changedFields', () => {
  it('keeps only what changed, on both sides', () => {
    expect(
      changedFields(
        { name: 'Tee', priceKobo: 1000, sizes: ['S', 'M'], active: true },
        { name: 'Tee', priceKobo: 1200, sizes: ['S', 'M', 'L'], active: true },
      ),
    ).toEqual({
      before: { priceKobo: 1000, sizes: ['S', 'M'] },
      after: { priceKobo: 1200, sizes: ['S', 'M', 'L'] },
    });
  });

  it('keeps a whole record on the one side of a creation or deletion', () => {
    expect(changedFields(null, { name: 'Tee' })).toEqual({ before: null, after: { name: 'Tee' } });
    expect(changedFields({ name: 'Tee' }, undefined)).toEqual({ before: { name: 'Tee' }, after: null });
  });

  it('records a field that appeared or went away as null on the other side', () => {
    expect(changedFields({ a: 1 }, { b: 2 })).toEqual({
      before: { a: 1, b: null },
      after: { a: null, b: 2 },
    });
  });
});

describe('actorLabel', () => {
  it('names a person by email and the system by its job', () => {
    expect(actorLabel({ kind: 'user', id: 'x', email: 'boss@shop.ng', role: 'admin' })).toBe('boss@shop.ng');
    expect(actorLabel({ kind: 'system', name: 'order-expiry' })).toBe('system:order-expiry');
  });
});
