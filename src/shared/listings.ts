/**
 * The shop's listing pages: which paths exist, what each asks the API for, and the title and
 * empty-state text it shows (spec section 2 and the empty-list messages of section 8).
 */
import type { Gender } from './constants';
import type { ProductListFilter } from './schemas/catalog';

export const GENDERED_LISTING_SLUGS = [
  'tshirts',
  'tops',
  'sweatshirts',
  'jackets',
  'bottoms',
  'accessories',
] as const;
export const FLAT_LISTING_SLUGS = [
  'tshirts',
  'tops',
  'sweatshirts',
  'jackets',
  'knitwear',
  'bottoms',
  'denim',
  'hats',
  'bags',
  'accessories',
] as const;

export type ListingRoute =
  | { kind: 'new'; path: '/new'; filter: ProductListFilter }
  | { kind: 'category'; path: string; slug: string; gender: Gender | null; filter: ProductListFilter }
  /** /womens: every women's product. */
  | { kind: 'gender'; path: string; slug: string; gender: Gender; filter: ProductListFilter };

function buildRoutes(): ListingRoute[] {
  const routes: ListingRoute[] = [{ kind: 'new', path: '/new', filter: { new: true } }];
  for (const gender of ['men', 'women'] as const) {
    for (const slug of GENDERED_LISTING_SLUGS) {
      routes.push({
        kind: 'category',
        path: `/${gender}/${slug}`,
        slug,
        gender,
        filter: { gender, category: slug },
      });
    }
  }
  for (const slug of FLAT_LISTING_SLUGS) {
    routes.push({ kind: 'category', path: `/${slug}`, slug, gender: null, filter: { category: slug } });
  }
  routes.push({
    kind: 'gender',
    path: '/womens',
    slug: 'womens',
    gender: 'women',
    filter: { gender: 'women' },
  });
  return routes;
}

/** Every listing route, in menu order. */
export const LISTING_ROUTES: readonly ListingRoute[] = buildRoutes();
const byPath = new Map(LISTING_ROUTES.map((route) => [route.path, route]));

/** The listing route for a path ('/men/tops', '/hats/' …), or null when it is not a listing. */
export function findListingRoute(pathname: string): ListingRoute | null {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return byPath.get(path) ?? null;
}

/** What the title needs from GET /api/categories (top-level and subcategories alike). */
export type NamedCategory = { slug: string; name: string };

/** Flattens the categories response so subcategories (hats, bags) are found too. */
export function flattenCategories(
  categories: readonly (NamedCategory & { subcategories?: readonly NamedCategory[] })[],
): NamedCategory[] {
  return categories.flatMap((c) => [{ slug: c.slug, name: c.name }, ...(c.subcategories ?? [])]);
}

const capitalise = (slug: string) => slug.charAt(0).toUpperCase() + slug.slice(1);
const GENDER_PREFIX: Record<Gender, string> = { men: "Men's", women: "Women's" };

/** The category's name as the page shows it: the category record's name, else the capitalised slug. */
export function categoryLabel(
  slug: string,
  gender: Gender | null,
  categories: readonly NamedCategory[],
): string {
  if (gender === 'men' && slug === 'tops') return 'TOPS / JERSEYS';
  return categories.find((c) => c.slug === slug)?.name ?? capitalise(slug);
}

/** 'New Arrivals', "Men's T-Shirts", 'Hats', 'Womens' … */
export function listingTitle(route: ListingRoute, categories: readonly NamedCategory[]): string {
  if (route.kind === 'new') return 'New Arrivals';
  if (route.kind === 'gender') return categoryLabel(route.slug, null, categories);
  const name = categoryLabel(route.slug, route.gender, categories);
  return route.gender ? `${GENDER_PREFIX[route.gender]} ${name}` : name;
}

/** The message shown when a listing has no products. */
export function listingEmptyText(route: ListingRoute | null, categories: readonly NamedCategory[]): string {
  if (!route) return 'No products available';
  if (route.kind === 'new') return 'No new products available at this time';
  if (route.kind === 'gender') return 'No products available';
  return `No products available in ${listingTitle(route, categories)}`;
}
