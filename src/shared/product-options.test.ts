import { describe, expect, it } from 'vitest';
import {
  checkSelection,
  colorOptions,
  EMPTY_SELECTION,
  type OptionVariant,
  selectColor,
  selectGender,
  selectionFromForm,
  selectionFromSearch,
  selectionSearch,
  selectSize,
  sizeOptions,
} from './product-options';

const v = (id: string, size: string, color: string | null, stock: number): OptionVariant => ({
  id,
  size,
  color,
  stock,
  soldOut: stock <= 0,
});
const variants = [
  v('xl-black', 'XL', 'Black', 0),
  v('s-black', 'S', 'Black', 3),
  v('s-white', 'S', 'White', 0),
  v('m-black', 'M', 'Black', 0),
  v('m-white', 'M', 'White', 0),
  v('os', 'One Size', null, 2),
];
const SOLD_OUT = 'This item is currently out of stock.';

describe('size options', () => {
  it('offers no sizes before a gender is chosen', () => {
    expect(sizeOptions(variants, null, true)).toEqual([]);
  });

  it('lists sizes in size order, sold out when every variant of the size is', () => {
    expect(sizeOptions(variants, 'men', true)).toEqual([
      { size: 'S', soldOut: false },
      { size: 'M', soldOut: true },
      { size: 'XL', soldOut: true },
      { size: 'One Size', soldOut: false },
    ]);
  });

  it('leaves sold-out sizes out when out-of-stock display is off', () => {
    expect(sizeOptions(variants, 'women', false).map((o) => o.size)).toEqual(['S', 'One Size']);
  });
});

describe('colour options', () => {
  it('lists the colours of the chosen size with their sold-out state', () => {
    expect(colorOptions(variants, null, true)).toEqual([]);
    expect(colorOptions(variants, 'S', true)).toEqual([
      { color: 'Black', soldOut: false, variantId: 's-black' },
      { color: 'White', soldOut: true, variantId: 's-white' },
    ]);
    expect(colorOptions(variants, 'S', false).map((o) => o.color)).toEqual(['Black']);
    expect(colorOptions(variants, 'One Size', true)).toEqual([]);
  });
});

describe('selection', () => {
  it('resets the colour when the size changes', () => {
    const chosen = selectColor(selectSize(selectGender(EMPTY_SELECTION, 'men'), 'S'), 'Black');
    expect(selectSize(chosen, 'M')).toEqual({ gender: 'men', size: 'M', color: null });
  });

  it('validates gender, then size, then colour', () => {
    expect(checkSelection(variants, EMPTY_SELECTION, SOLD_OUT)).toMatchObject({
      ok: false,
      message: 'Please select a gender',
    });
    expect(checkSelection(variants, { gender: null, size: 'S', color: 'Black' }, SOLD_OUT)).toMatchObject({
      message: 'Please select a gender',
    });
    expect(checkSelection(variants, { gender: 'men', size: null, color: 'Black' }, SOLD_OUT)).toMatchObject({
      message: 'Please select a size',
    });
    expect(checkSelection(variants, { gender: 'men', size: 'S', color: null }, SOLD_OUT)).toMatchObject({
      message: 'Please select a color',
    });
  });

  it('accepts a complete in-stock choice and refuses a sold-out one', () => {
    expect(checkSelection(variants, { gender: 'women', size: 'S', color: 'Black' }, SOLD_OUT)).toMatchObject({
      ok: true,
      gender: 'women',
      variant: { id: 's-black' },
    });
    expect(
      checkSelection(variants, { gender: 'women', size: 'One Size', color: null }, SOLD_OUT),
    ).toMatchObject({
      ok: true,
      variant: { id: 'os' },
    });
    expect(checkSelection(variants, { gender: 'men', size: 'S', color: 'White' }, SOLD_OUT)).toEqual({
      ok: false,
      field: 'stock',
      message: SOLD_OUT,
    });
  });
});

describe('the selection a form or an address holds', () => {
  const form = (values: Record<string, string>) => (name: string) => values[name];

  it('reads gender, size and the colour of that size only', () => {
    expect(selectionFromForm(variants, form({ gender: 'women', size: 'S', 'color:S': 'White' }))).toEqual({
      gender: 'women',
      size: 'S',
      color: 'White',
    });
    // A colour ticked for another size is not this size's.
    expect(selectionFromForm(variants, form({ gender: 'men', size: 'S', 'color:M': 'White' }))).toEqual({
      gender: 'men',
      size: 'S',
      color: null,
    });
  });

  it('counts what the product does not offer as not chosen', () => {
    expect(selectionFromForm(variants, form({ gender: 'kids', size: 'XXS', 'color:XXS': 'Pink' }))).toEqual(
      EMPTY_SELECTION,
    );
    expect(
      selectionFromForm(variants, form({ gender: 'men', size: 'S', 'color:S': 'Pink' })).color,
    ).toBeNull();
  });

  it('writes a selection into the address and reads it back', () => {
    const selection = { gender: 'men' as const, size: 'One Size', color: null };
    const search = selectionSearch(selection, 'stock');
    expect(search).toBe('?gender=men&size=One+Size&choose=stock');
    expect(selectionFromSearch(variants, new URLSearchParams(search))).toEqual({
      selection,
      choose: 'stock',
    });
    expect(selectionSearch(EMPTY_SELECTION)).toBe('');
    expect(
      selectionFromSearch(variants, new URLSearchParams('choose=everything&size=S&color=Black')),
    ).toEqual({
      selection: { gender: null, size: 'S', color: 'Black' },
      choose: null,
    });
  });
});
