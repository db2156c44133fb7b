import type { Category } from '#shared/schemas/catalog';
import type { SqlRunner } from '../../platform/db/client';

type CategoryRow = { id: string; parentId: string | null; name: string; slug: string; displayOrder: number };

/** Top-level categories in display order, each with its subcategories in display order. */
export async function listCategories(sql: SqlRunner): Promise<Category[]> {
  const rows = await sql.query<CategoryRow>(
    `SELECT id, parent_id AS "parentId", name, slug, display_order AS "displayOrder"
     FROM categories ORDER BY display_order, name, id`,
  );
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
