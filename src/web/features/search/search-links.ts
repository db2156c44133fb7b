import { CATEGORY_TREE, type Gender } from '#shared/constants';
import { findListingRoute } from '#shared/listings';
import type { SearchResponse } from '#shared/schemas/catalog';
import { MENU_CATEGORIES, paths } from '../../paths';

export type SearchLink = { key: string; label: string; to: string; detail?: string };
export type SearchGroup = { heading: string; links: SearchLink[] };

const link = (label: string, to: string): SearchLink => ({ key: to, label, to });

/** What the palette lists before anything is typed. */
export const BROWSE_GROUPS: readonly SearchGroup[] = [
  {
    heading: 'MAIN MENU',
    links: [link('ALL PRODUCTS', paths.home), link('NEW ARRIVALS', paths.newArrivals)],
  },
  {
    heading: "MEN'S",
    links: MENU_CATEGORIES.map((category) => link(category.men, paths.men(category.slug))),
  },
  {
    heading: "WOMEN'S",
    links: MENU_CATEGORIES.map((category) => link(category.women, paths.women(category.slug))),
  },
  {
    heading: 'OTHER',
    links: [
      link('HATS', paths.listing('hats')),
      link('BAGS', paths.listing('bags')),
      link('KNITWEAR', paths.listing('knitwear')),
      link('DENIM', paths.listing('denim')),
      link('ACCESSORIES', paths.listing('accessories')),
      link("ALL WOMEN'S", paths.listing('womens')),
    ],
  },
];

type FoundCategory = SearchResponse['categories'][number];

/**
 * Where a matching category leads: its own listing page when the shop has one (tshirts, hats …),
 * else its parent's (Hoodies → Sweatshirts); null when neither has a page.
 */
export function categoryLink(category: FoundCategory): SearchLink | null {
  if (findListingRoute(paths.listing(category.slug))) {
    return { key: category.id, label: category.name, to: paths.listing(category.slug) };
  }
  if (category.parentSlug && findListingRoute(paths.listing(category.parentSlug))) {
    return {
      key: category.id,
      label: category.name,
      to: paths.listing(category.parentSlug),
      detail: `in ${parentName(category.parentSlug)}`,
    };
  }
  return null;
}

/** The search answer names only the parent's slug; the admin tree knows the usual names. */
const parentName = (slug: string) =>
  CATEGORY_TREE.find((category) => category.slug === slug)?.name ??
  slug.charAt(0).toUpperCase() + slug.slice(1);

export const GENDER_PREFIX: Record<Gender, string> = { men: "Men's", women: "Women's" };
