import type { Category } from '#shared/schemas/catalog';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';

/** Top-level categories in display order, each with its subcategories in display order. */
export async function listCategories(sql: SqlRunner): Promise<Category[]> {
  const rows = await queries(sql)
    .selectFrom('categories')
    .select(['id', 'parent_id as parentId', 'name', 'slug', 'display_order as displayOrder'])
    .orderBy('display_order')
    .orderBy('name')
    .orderBy('id')
    .execute();
  const tops: Category[] = rows
    .filter((row) => row.parentId === null)
    .map(({ id, name, slug, displayOrder }) => ({ id, name, slug, displayOrder, subcategories: [] }));
  const byId = new Map(tops.map((top) => [top.id, top]));
  for (const row of rows) {
    if (row.parentId === null) continue;
    byId.get(row.parentId)?.subcategories.push({
      id: row.id,
      name: row.name,
      slug: row.slug,
      displayOrder: row.displayOrder,
    });
  }
  return tops;
}
