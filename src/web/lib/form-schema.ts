import { z } from 'zod';
import { nairaToKobo } from '#shared/money';

/**
 * Pieces for the forms' schemas: a form holds text as its fields do (naira, whole numbers, Lagos
 * times); its schema turns that text into the request's values and pipes each into the request
 * schema's own field (`requestSchema.shape.x`), so the form says what the server would.
 */

/** Naira as typed ('2,500.50') → kobo; `message` when it is no amount. */
export const nairaText = (message: string) =>
  z.string().transform((text, ctx) => {
    const kobo = nairaToKobo(text.trim());
    if (kobo === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return kobo;
  });

/** Like `nairaText`, but an empty field is null (no amount). */
export const optionalNairaText = (message: string) =>
  z.string().transform((text, ctx) => {
    if (text.trim() === '') return null;
    const kobo = nairaToKobo(text.trim());
    if (kobo === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return kobo;
  });

/** A whole number as typed; anything else (empty too) is no number (NaN), for the request's schema to name. */
export const wholeNumber = (text: string): number =>
  /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;

/** `wholeNumber` as a schema: pipe it into the request's field. */
export const wholeNumberText = z.string().transform(wholeNumber);

/**
 * The request schema's checks across fields (an end after its start…), run on what the form's
 * schema made of the text: `.superRefine(alsoChecks(requestSchema))`. Its issues keep their paths,
 * so each lands on its field.
 */
export const alsoChecks =
  (schema: z.ZodType) =>
  (value: unknown, ctx: z.RefinementCtx): void => {
    const result = schema.safeParse(value);
    if (result.success) return;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
  };
