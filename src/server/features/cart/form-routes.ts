import { Hono } from 'hono';
import { z } from 'zod';
import { checkSelection, selectionFromForm, selectionSearch } from '#shared/product-options';
import type { AppEnv } from '../../context';
import { AppError } from '../../platform/errors';
import { htmlForm, seeOther, sendPostedAnswer } from '../accounts/html-forms';
import { findProduct } from '../catalog/products';
import { addCartItem } from './cart';

const productId = z.uuid();

/**
 * The product page's form (gender, size, colour, ADD TO CART) as a plain HTML form, for a press
 * that lands before the page's script has taken over. The choice is checked with the page's own
 * rule (checkSelection); a missing one sends the shopper back to it (`?choose=`, with what they had
 * ticked). A signed-in
 * shopper's line goes into their cart here, with the API's domain function (addCartItem, which
 * applies the stock and drop rules); a guest's cart lives in their browser, so the line is handed
 * to the page, which adds it as a press there would. Either way the shopper is back on the product
 * page, which opens the cart (or says why not) once its script runs.
 */
export function cartFormRoutes() {
  return new Hono<AppEnv>().post(
    '/cart/add',
    ...htmlForm(async (c, form) => {
      const id = productId.safeParse(form.get('productId'));
      const product = id.success ? await findProduct(c.get('deps').database.sql, id.data) : null;
      if (!product) return seeOther(c, id.success ? `/product/${id.data}` : '/');
      const selection = selectionFromForm(product.variants, (name) => form.get(name));
      const check = checkSelection(product.variants, selection, product.outOfStock.text);
      // Back to the page as the shopper left it: their choice ticked, the missing one pointed out.
      const page = `/product/${product.id}`;
      if (!check.ok) return seeOther(c, `${page}${selectionSearch(selection, check.field)}#purchase`);
      const back = `${page}${selectionSearch(selection)}`;
      const line = { productId: product.id, variantId: check.variant.id, gender: check.gender, quantity: 1 };
      const user = c.get('user');
      if (!user) {
        sendPostedAnswer(c, { kind: 'guest-line', line });
        return seeOther(c, back);
      }
      try {
        await addCartItem(c.get('deps'), user.id, line);
        sendPostedAnswer(c, { kind: 'cart-added' });
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        sendPostedAnswer(c, { kind: 'refused', form: 'cart', message: error.message });
      }
      return seeOther(c, back);
    }),
  );
}
