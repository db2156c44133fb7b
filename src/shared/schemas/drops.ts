/**
 * Drops: a product's release time and limit per customer (docs/decisions/2026-11-23-drops.md).
 * The admin sets them with PUT /api/admin/products/:id/drop; shoppers see them on the product.
 */
import { z } from 'zod';

/** The highest limit per customer an admin may set (a limit above it is no limit at all). */
export const DROP_LIMIT_MAX = 999;

/** PUT /api/admin/products/:id/drop. Both fields are required: null clears them. */
export const dropSettingsSchema = z.object({
  releaseAt: z.iso.datetime({ offset: true, error: 'Please enter a valid release date and time' }).nullable(),
  limitPerCustomer: z
    .number('Limit per customer must be a whole number')
    .int('Limit per customer must be a whole number')
    .min(1, 'Limit per customer must be at least 1')
    .max(DROP_LIMIT_MAX, `Limit per customer must be at most ${DROP_LIMIT_MAX}`)
    .nullable(),
});
export type DropSettingsInput = z.input<typeof dropSettingsSchema>;

export const productDropSchema = z.object({
  productId: z.uuid(),
  /** ISO time; null when the product is not a timed release. */
  releaseAt: z.iso.datetime({ offset: true }).nullable(),
  limitPerCustomer: z.number().int().nullable(),
});
export type ProductDrop = z.infer<typeof productDropSchema>;

export const productDropResponseSchema = z.object({ drop: productDropSchema });
export type ProductDropResponse = z.infer<typeof productDropResponseSchema>;
