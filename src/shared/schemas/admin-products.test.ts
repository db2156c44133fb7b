import { describe, expect, it } from 'vitest';
import { optionProblem, PRODUCT_MESSAGES, type ProductFormValues, productFormSchema } from './admin-products';

const valid: ProductFormValues = {
  name: ' Lagos Sun Tee ',
  description: 'Heavy cotton.\nPrinted in Lagos.',
  price: '₦12,500.5',
  category: 'tshirts',
  subcategory: 'graphic-tees',
  gender: 'men',
  stock: '20',
  sizes: ['S', 'M'],
  colors: ['Black'],
  isActive: true,
  isFeatured: false,
  isMystery: true,
};

const messages = (values: Partial<ProductFormValues>) => {
  const result = productFormSchema.safeParse({ ...valid, ...values });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('productFormSchema', () => {
  it('parses what the form holds into what the server stores (kobo, a number of units)', () => {
    expect(productFormSchema.parse(valid)).toEqual({
      name: 'Lagos Sun Tee',
      description: 'Heavy cotton.\nPrinted in Lagos.',
      priceKobo: 1_250_050,
      category: 'tshirts',
      subcategory: 'graphic-tees',
      gender: 'men',
      stock: 20,
      sizes: ['S', 'M'],
      colors: ['Black'],
      isActive: true,
      isFeatured: false,
      isMystery: true,
      // No sale fields: no sale.
      sale: null,
    });
    expect(productFormSchema.parse({ ...valid, subcategory: '', colors: [] })).toMatchObject({
      subcategory: null,
      colors: [],
    });
  });

  it("answers with the spec's messages", () => {
    expect(messages({ name: '   ' })).toEqual({ name: PRODUCT_MESSAGES.nameRequired });
    for (const price of ['', '0', '-3', 'abc', '1.234']) {
      expect(messages({ price })).toEqual({ price: PRODUCT_MESSAGES.pricePositive });
    }
    expect(messages({ category: '', subcategory: '' })).toEqual({
      category: PRODUCT_MESSAGES.categoryRequired,
    });
    expect(messages({ gender: '' })).toEqual({ gender: PRODUCT_MESSAGES.genderRequired });
    for (const stock of ['', '-1', '2.5', 'ten']) {
      expect(messages({ stock })).toEqual({ stock: PRODUCT_MESSAGES.stockNonNegative });
    }
    expect(messages({ sizes: [] })).toEqual({ sizes: PRODUCT_MESSAGES.sizeRequired });
  });

  it('accepts only a subcategory of the chosen category, and each option once', () => {
    expect(messages({ subcategory: 'hoodies' })).toEqual({
      subcategory: PRODUCT_MESSAGES.unknownSubcategory,
    });
    expect(messages({ category: 'knitwear', subcategory: '' })).toEqual({});
    expect(messages({ sizes: ['M', 'm'] })).toEqual({ sizes: 'Each size only once' });
    expect(messages({ colors: ['Black', 'black'] })).toEqual({ colors: 'Each colour only once' });
    expect(messages({ name: 'Tee\u0000' })).toEqual({ name: 'Please remove unusual characters' });
  });
});

describe('optionProblem (custom sizes and colours)', () => {
  it('refuses an empty or duplicate addition', () => {
    expect(optionProblem(['Black', 'White'], '  ', 'color')).toBe('Enter a colour to add');
    expect(optionProblem(['Black', 'White'], ' black ', 'color')).toBe('That colour is already in the list');
    expect(optionProblem(['S', 'M'], 'm', 'size')).toBe('That size is already in the list');
    expect(optionProblem(['S', 'M'], '42', 'size')).toBeNull();
    expect(optionProblem(['Black'], 'x'.repeat(25), 'color')).toBe('At most 24 characters');
  });
});
