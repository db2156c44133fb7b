import { describe, expect, it } from 'vitest';
import { BROWSE_GROUPS, categoryLink } from './search-links';

const category = (slug: string, name: string, parentSlug: string | null = null) => ({
  id: `id-${slug}`,
  name,
  slug,
  parentSlug,
});

describe('search links', () => {
  it('lists MAIN MENU, MEN’S, WOMEN’S and OTHER before anything is typed', () => {
    expect(BROWSE_GROUPS.map((group) => group.heading)).toEqual(['MAIN MENU', "MEN'S", "WOMEN'S", 'OTHER']);
    const men = BROWSE_GROUPS[1]!.links;
    expect(men).toContainEqual(expect.objectContaining({ label: 'TOPS / JERSEYS', to: '/men/tops' }));
    // Every link leads to a page that exists.
    for (const link of BROWSE_GROUPS.flatMap((group) => group.links)) expect(link.to).toMatch(/^\//);
  });

  it('sends a category to its listing, a subcategory without one to its parent’s', () => {
    expect(categoryLink(category('jackets', 'Jackets'))).toMatchObject({ label: 'Jackets', to: '/jackets' });
    expect(categoryLink(category('hats', 'Hats', 'accessories'))).toMatchObject({ to: '/hats' });
    expect(categoryLink(category('track-jackets', 'Track Jackets', 'jackets'))).toMatchObject({
      to: '/jackets',
      detail: 'in Jackets',
    });
    expect(categoryLink(category('graphic-tees', 'Graphic Tees', 'tshirts'))).toMatchObject({
      detail: 'in T-Shirts',
    });
    expect(categoryLink(category('swimwear', 'Swimwear'))).toBeNull();
  });
});
