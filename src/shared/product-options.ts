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

/** What a shopper is told when a choice is missing, by the choice. */
export const MISSING_CHOICE = {
  gender: 'Please select a gender',
  size: 'Please select a size',
  color: 'Please select a color',
} as const;

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
  if (!selection.gender) return { ok: false, field: 'gender', message: MISSING_CHOICE.gender };
  if (!selection.size || !variants.some((v) => v.size === selection.size)) {
    return { ok: false, field: 'size', message: MISSING_CHOICE.size };
  }
  const variant = selectedVariant(variants, selection);
  if (!variant) return { ok: false, field: 'color', message: MISSING_CHOICE.color };
  if (isSoldOut(variant)) return { ok: false, field: 'stock', message: soldOutText };
  return { ok: true, variant, gender: selection.gender };
}

/**
 * The name of one size's colour choice in the product's HTML form. Each size has its own group
 * there (only the chosen size's shows), so a colour picked for another size is never sent with it.
 */
export const colorFieldOf = (size: string) => `color:${size}`;

/**
 * The selection the product's HTML form holds, through `checkedIn(name)` (the checked value of a
 * group, or null): what a form posted before the page's script ran, or what a shopper chose on
 * the page before it took over. A value the product does not offer counts as not chosen.
 */
export function selectionFromForm(
  variants: readonly OptionVariant[],
  checkedIn: (name: string) => string | null | undefined,
): Selection {
  const gender = (GENDER_OPTIONS as readonly string[]).includes(checkedIn('gender') ?? '')
    ? (checkedIn('gender') as Gender)
    : null;
  const sizeValue = checkedIn('size') ?? '';
  const size = variants.some((v) => v.size === sizeValue) ? sizeValue : null;
  const colorValue = size === null ? '' : (checkedIn(colorFieldOf(size)) ?? '');
  const color = variants.some((v) => v.size === size && v.color === colorValue) ? colorValue : null;
  return { gender, size, color };
}

/** A choice the product's form can be sent back for (`?choose=`): a missing one, or a sold-out variant. */
export type ChoiceField = Extract<SelectionCheck, { ok: false }>['field'];
const CHOICE_FIELDS: readonly string[] = ['gender', 'size', 'color', 'stock'] satisfies ChoiceField[];

/**
 * The product page's address for a selection (`?gender=men&size=M&color=Black`), and with
 * `choose` the choice to point out: where the server sends a shopper back after posting the form.
 */
export function selectionSearch(selection: Selection, choose?: ChoiceField): string {
  const params = new URLSearchParams();
  if (selection.gender) params.set('gender', selection.gender);
  if (selection.size) params.set('size', selection.size);
  if (selection.color) params.set('color', selection.color);
  if (choose) params.set('choose', choose);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** What selectionSearch wrote, checked against the product's options. */
export function selectionFromSearch(
  variants: readonly OptionVariant[],
  params: URLSearchParams,
): { selection: Selection; choose: ChoiceField | null } {
  const selection = selectionFromForm(variants, (name) =>
    params.get(name === 'gender' || name === 'size' ? name : 'color'),
  );
  const choose = params.get('choose') ?? '';
  return { selection, choose: CHOICE_FIELDS.includes(choose) ? (choose as ChoiceField) : null };
}
