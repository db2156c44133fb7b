/**
 * The product page's option rules: which sizes and colours can be picked, which are sold out,
 * and what stops an add-to-cart. With out-of-stock display enabled, sold-out options are listed
 * (disabled, with the notification text); without it they are not offered at all.
 */
import { ADMIN_SIZES, GENDERS, type Gender } from './constants';
import type { ProductVariant } from './schemas/catalog';

export type OptionVariant = Pick<ProductVariant, 'id' | 'size' | 'color' | 'stock' | 'soldOut'>;

export type Selection = { gender: Gender | null; size: string | null; color: string | null };
export const EMPTY_SELECTION: Selection = { gender: null, size: null, color: null };

export type SizeOption = { size: string; soldOut: boolean };
export type ColorOption = { color: string; soldOut: boolean; variantId: string };

/** The genders a shopper can pick for the cart line (the cut they want). */
export const GENDER_OPTIONS: readonly Gender[] = GENDERS;

const isSoldOut = (variant: OptionVariant) => variant.soldOut || variant.stock <= 0;

function sizeRank(size: string): number {
  const index = (ADMIN_SIZES as readonly string[]).indexOf(size);
  return index === -1 ? ADMIN_SIZES.length : index;
}

/**
 * Sizes offered once a gender is chosen (none before), in size order. A size is sold out when
 * every variant of it is.
 */
export function sizeOptions(
  variants: readonly OptionVariant[],
  gender: Gender | null,
  showSoldOut: boolean,
): SizeOption[] {
  if (!gender) return [];
  const bySize = new Map<string, boolean>();
  for (const variant of variants) {
    bySize.set(variant.size, (bySize.get(variant.size) ?? true) && isSoldOut(variant));
  }
  return [...bySize]
    .map(([size, soldOut]) => ({ size, soldOut }))
    .filter((option) => showSoldOut || !option.soldOut)
    .sort((a, b) => sizeRank(a.size) - sizeRank(b.size) || a.size.localeCompare(b.size));
}

/** Colours offered for the chosen size (none before). Variants without a colour need no choice. */
export function colorOptions(
  variants: readonly OptionVariant[],
  size: string | null,
  showSoldOut: boolean,
): ColorOption[] {
  if (!size) return [];
  return variants
    .filter((v) => v.size === size && v.color !== null)
    .map((v) => ({ color: v.color as string, soldOut: isSoldOut(v), variantId: v.id }))
    .filter((option) => showSoldOut || !option.soldOut);
}

/** Picking a size clears the colour: the colours depend on the size. */
export function selectSize(selection: Selection, size: string): Selection {
  return { ...selection, size, color: null };
}

export function selectGender(selection: Selection, gender: Gender): Selection {
  return { ...selection, gender };
}

export function selectColor(selection: Selection, color: string): Selection {
  return { ...selection, color };
}

/** Whether the chosen size has colours to choose from. */
export function needsColor(variants: readonly OptionVariant[], size: string | null): boolean {
  return size !== null && variants.some((v) => v.size === size && v.color !== null);
}

/** The variant the selection names, or null while incomplete. */
export function selectedVariant(
  variants: readonly OptionVariant[],
  selection: Selection,
): OptionVariant | null {
  if (!selection.gender || !selection.size) return null;
  if (needsColor(variants, selection.size)) {
    if (!selection.color) return null;
    return variants.find((v) => v.size === selection.size && v.color === selection.color) ?? null;
  }
  return variants.find((v) => v.size === selection.size && v.color === null) ?? null;
}

export type SelectionCheck =
  | { ok: true; variant: OptionVariant; gender: Gender }
  | { ok: false; field: 'gender' | 'size' | 'color'; message: string }
  | { ok: false; field: 'stock'; message: string };

/**
 * Checks the selection in the spec's order: gender, then size, then colour. A sold-out choice
 * answers with `soldOutText` (the out-of-stock notification text).
 */
export function checkSelection(
  variants: readonly OptionVariant[],
  selection: Selection,
  soldOutText: string,
): SelectionCheck {
  if (!selection.gender) return { ok: false, field: 'gender', message: 'Please select a gender' };
  if (!selection.size || !variants.some((v) => v.size === selection.size)) {
    return { ok: false, field: 'size', message: 'Please select a size' };
  }
  const variant = selectedVariant(variants, selection);
  if (!variant) return { ok: false, field: 'color', message: 'Please select a color' };
  if (isSoldOut(variant)) return { ok: false, field: 'stock', message: soldOutText };
  return { ok: true, variant, gender: selection.gender };
}
