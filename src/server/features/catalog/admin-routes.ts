import { Hono } from 'hono';
import {
  adminProductListQuery,
  imageOrderRequest,
  productFormSchema,
  productIdParams,
  UPLOAD_MAX_FILES,
  variantIdParams,
  variantStockRequest,
} from '#shared/schemas/admin-products';
import { type AppEnv, actorOf } from '../../context';
import { badRequest, notFound } from '../../platform/errors';
import { readJson, readQuery } from '../../validate';
import { requireAdmin } from '../accounts/guards';
import { arrangeProductImages, removeProductImage, uploadProductImages } from '../images/admin-images';
import { changeProductVariantStock } from '../inventory/change-stock';
import {
  createProduct,
  deleteProduct,
  getAdminProduct,
  listAdminCategories,
  listAdminProducts,
  updateProduct,
} from './admin-products';

/** A malformed id answers like a missing one. */
function productId(param: Record<string, string>): string {
  const parsed = productIdParams.safeParse(param);
  if (!parsed.success) throw notFound('Product not found');
  return parsed.data.id;
}

function variantIds(param: Record<string, string>): { id: string; variantId: string } {
  const id = productId(param);
  const parsed = variantIdParams.safeParse(param);
  if (!parsed.success) throw notFound('Variant not found');
  return { id, variantId: parsed.data.variantId };
}

/** Admin → Products: the catalogue, variant stock and product photos (mounted under /api/admin). */
export function adminCatalogRoutes() {
  return new Hono<AppEnv>()
    .get('/products', async (c) => {
      requireAdmin(c);
      return c.json(await listAdminProducts(c.get('deps'), readQuery(c, adminProductListQuery)));
    })
    .get('/categories', async (c) => {
      requireAdmin(c);
      return c.json({ categories: await listAdminCategories(c.get('deps')) });
    })
    .post('/products', async (c) => {
      const admin = requireAdmin(c);
      const input = await readJson(c, productFormSchema);
      return c.json({ product: await createProduct(c.get('deps'), actorOf(admin), input) }, 201);
    })
    .get('/products/:id', async (c) => {
      requireAdmin(c);
      return c.json({ product: await getAdminProduct(c.get('deps'), productId(c.req.param())) });
    })
    .put('/products/:id', async (c) => {
      const admin = requireAdmin(c);
      const id = productId(c.req.param());
      const input = await readJson(c, productFormSchema);
      return c.json({ product: await updateProduct(c.get('deps'), actorOf(admin), id, input) });
    })
    .delete('/products/:id', async (c) => {
      const admin = requireAdmin(c);
      return c.json(await deleteProduct(c.get('deps'), actorOf(admin), productId(c.req.param())));
    })
    .put('/products/:id/variants/:variantId/stock', async (c) => {
      const admin = requireAdmin(c);
      const { id, variantId } = variantIds(c.req.param());
      const body = await readJson(c, variantStockRequest);
      await changeProductVariantStock(c.get('deps'), actorOf(admin), id, {
        variantId,
        to: body.stock,
        expected: body.expected,
        reason: body.reason,
        note: body.note || null,
      });
      return c.json({ product: await getAdminProduct(c.get('deps'), id) });
    })
    .post('/products/:id/images', async (c) => {
      const admin = requireAdmin(c);
      const id = productId(c.req.param());
      let form: Record<string, unknown>;
      try {
        form = await c.req.parseBody({ all: true });
      } catch {
        throw badRequest('Send the images as a multipart form (field "files").');
      }
      const raw = form.files;
      const parts = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter(
        (part): part is File => part instanceof File,
      );
      if (parts.length > UPLOAD_MAX_FILES) {
        throw badRequest(`At most ${UPLOAD_MAX_FILES} images at a time.`);
      }
      const files = await Promise.all(
        parts.map(async (part) => ({
          name: part.name || 'image',
          data: Buffer.from(await part.arrayBuffer()),
        })),
      );
      const images = await uploadProductImages(c.get('deps'), actorOf(admin), id, files);
      return c.json({ images }, 201);
    })
    .put('/products/:id/images', async (c) => {
      const admin = requireAdmin(c);
      const id = productId(c.req.param());
      const body = await readJson(c, imageOrderRequest);
      return c.json({ images: await arrangeProductImages(c.get('deps'), actorOf(admin), id, body) });
    })
    .delete('/products/:id/images/:imageId', async (c) => {
      const admin = requireAdmin(c);
      const id = productId(c.req.param());
      const images = await removeProductImage(c.get('deps'), actorOf(admin), id, c.req.param('imageId'));
      return c.json({ images });
    });
}
