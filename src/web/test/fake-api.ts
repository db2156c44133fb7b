/**
 * The shop's API, faked at the network edge for component tests (MSW): a test declares what each
 * route answers, every answer is checked against the shared schema of that route's response (an
 * answer the real server could not send fails the test), and every request is recorded.
 *
 *   const api = startFakeApi(); // once per test file: one server for the file
 *   api.answer('GET /api/admin/categories', () => ({ body: { categories } }));
 *   api.answer('PUT /api/admin/products/:id/drop', ({ body }) => ({ status: 400, body: { error } }));
 *   expect(api.requests).toEqual([{ method: 'PUT', url: '/api/admin/products/…/drop', body: {…} }]);
 *
 * A request no answer was declared for fails the test too (and the app sees a network error).
 */
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { z } from 'zod';
import { messageResponse } from '#shared/schemas/accounts';
import { adminProfileResponse } from '#shared/schemas/admin';
import { adminDiscountListResponse, adminDiscountResponse } from '#shared/schemas/admin-discounts';
import { adminOrderDetailSchema, refundResponse } from '#shared/schemas/admin-orders';
import type { AdminCategoryOption, DeleteProductResponse } from '#shared/schemas/admin-products';
import {
  adminImageSchema,
  adminProductListResponse,
  adminProductSchema,
} from '#shared/schemas/admin-products';
import { cartSchema } from '#shared/schemas/cart';
import {
  categoriesResponseSchema,
  productDetailResponseSchema,
  productListResponseSchema,
  shippingZonesResponseSchema,
} from '#shared/schemas/catalog';
import {
  checkoutPricingResponseSchema,
  checkoutSummarySchema,
  placeOrderResponseSchema,
} from '#shared/schemas/checkout';
import {
  adminCustomerDetailResponse,
  adminCustomerListResponse,
  setCustomerRoleResponse,
} from '#shared/schemas/customers';
import { dashboardSchema } from '#shared/schemas/dashboard';
import { productDropResponseSchema } from '#shared/schemas/drops';
import {
  type AdminShippingMethod,
  type AdminShippingZonesResponse,
  type PickupSettingsResponse,
  pickupSettingsRequest,
} from '#shared/schemas/settings';

// The shared module has these answers as types only: their schemas, held to those types.
const adminCategoriesResponse = z.object({
  categories: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      subcategories: z.array(z.object({ slug: z.string(), name: z.string() })),
    }),
  ),
}) satisfies z.ZodType<{ categories: AdminCategoryOption[] }>;
const deleteProductResponse = z.object({
  outcome: z.enum(['deleted', 'deactivated']),
  message: z.string(),
}) satisfies z.ZodType<DeleteProductResponse>;
const adminProductResponse = z.object({ product: adminProductSchema });
const adminImagesResponse = z.object({ images: z.array(adminImageSchema) });
const adminShippingMethod = z.object({
  id: z.string(),
  zoneId: z.string(),
  code: z.string(),
  kind: z.enum(['delivery', 'pickup']),
  name: z.string(),
  feeKobo: z.number().int(),
  freeAboveKobo: z.number().int().nullable(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
  isActive: z.boolean(),
  displayOrder: z.number().int(),
  updatedAt: z.string(),
}) satisfies z.ZodType<AdminShippingMethod>;
const adminShippingZone = z.object({
  id: z.string(),
  name: z.string(),
  states: z.array(z.string()),
  payOnDeliveryMaxKobo: z.number().int().nullable(),
  displayOrder: z.number().int(),
  methods: z.array(adminShippingMethod),
  updatedAt: z.string(),
});
const adminShippingZonesResponse = z.object({
  zones: z.array(adminShippingZone),
  unzonedStates: z.array(z.string()),
}) satisfies z.ZodType<AdminShippingZonesResponse>;
const adminShippingZoneResponse = z.object({ zone: adminShippingZone });
const adminShippingMethodResponse = z.object({ shippingMethod: adminShippingMethod });
const pickupSettingsResponse = z.object({
  pickup: pickupSettingsRequest,
}) satisfies z.ZodType<PickupSettingsResponse>;
const deletedResponse = z.object({ deleted: z.literal(true) });

/** Every route a component test may answer, with the schema of its successful answer. */
export const ROUTES = {
  'GET /api/categories': categoriesResponseSchema,
  'GET /api/products': productListResponseSchema,
  'GET /api/products/:id': productDetailResponseSchema,
  'GET /api/shipping-zones': shippingZonesResponseSchema,
  'POST /api/auth/sign-out': messageResponse,
  'POST /api/cart/merge': cartSchema,
  'GET /api/checkout': checkoutSummarySchema,
  'POST /api/checkout/discount': checkoutPricingResponseSchema,
  'POST /api/orders': placeOrderResponseSchema,
  'GET /api/admin/me': adminProfileResponse,
  'GET /api/admin/dashboard': dashboardSchema,
  'GET /api/admin/categories': adminCategoriesResponse,
  'GET /api/admin/discounts': adminDiscountListResponse,
  'POST /api/admin/discounts': adminDiscountResponse,
  'PUT /api/admin/discounts/:id': adminDiscountResponse,
  'PUT /api/admin/discounts/:id/active': adminDiscountResponse,
  'GET /api/admin/orders/:id': adminOrderDetailSchema,
  'POST /api/admin/orders/:id/refunds': refundResponse,
  'GET /api/admin/customers': adminCustomerListResponse,
  'GET /api/admin/customers/:id': adminCustomerDetailResponse,
  'POST /api/admin/customers/:id/role': setCustomerRoleResponse,
  'GET /api/admin/shipping-zones': adminShippingZonesResponse,
  'POST /api/admin/shipping-zones': adminShippingZoneResponse,
  'PATCH /api/admin/shipping-zones/:id': adminShippingZoneResponse,
  'DELETE /api/admin/shipping-zones/:id': deletedResponse,
  'POST /api/admin/shipping-zones/:id/methods': adminShippingMethodResponse,
  'PATCH /api/admin/shipping-methods/:id': adminShippingMethodResponse,
  'GET /api/admin/settings/pickup': pickupSettingsResponse,
  'PUT /api/admin/settings/pickup': pickupSettingsResponse,
  'GET /api/admin/products': adminProductListResponse,
  'GET /api/admin/products/:id': adminProductResponse,
  'PUT /api/admin/products/:id': adminProductResponse,
  'DELETE /api/admin/products/:id': deleteProductResponse,
  'PUT /api/admin/products/:id/drop': productDropResponseSchema,
  'PUT /api/admin/products/:id/variants/:variantId/stock': adminProductResponse,
  'PUT /api/admin/products/:id/images': adminImagesResponse,
  'DELETE /api/admin/products/:id/images/:imageId': adminImagesResponse,
} as const satisfies Record<string, z.ZodType>;
export type Route = keyof typeof ROUTES;

/** The server's refusal (src/server/app.ts): a code, a message, per-field messages, details. */
export const apiErrorBody = z.object({
  error: z.looseObject({
    code: z.string().min(1),
    message: z.string().min(1),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.input<typeof apiErrorBody>;

export type Reply<R extends Route> =
  | { status?: 200 | 201; body: z.input<(typeof ROUTES)[R]> }
  | { status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 503; body: ApiErrorBody };

export type Asked = {
  request: Request;
  /** The route's `:name` parts. */
  params: Record<string, string>;
  url: URL;
  /** The request's JSON body, or null. */
  body: unknown;
};

export type RecordedRequest = {
  method: string;
  /** Path and query, as the app asked for it. */
  url: string;
  /** The JSON body sent, or null. */
  body: unknown;
};

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete };

function splitRoute(route: Route) {
  const [method, path] = route.split(' ') as [keyof typeof METHODS, string];
  return { method, path };
}

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

export function startFakeApi() {
  const server = setupServer();
  const requests: RecordedRequest[] = [];
  /** What went wrong at the network edge during the current test: thrown after it. */
  const problems: string[] = [];

  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    server.events.on('request:unhandled', ({ request }) => {
      problems.push(`No answer was declared for ${request.method} ${pathOf(request.url)}`);
    });
  });
  afterEach(() => {
    server.resetHandlers();
    requests.length = 0;
    const found = problems.splice(0);
    if (found.length > 0) throw new Error(found.join('\n'));
  });
  afterAll(() => {
    server.events.removeAllListeners();
    server.close();
  });

  return {
    /** Every request answered in this test, in order. */
    requests,
    /** Declares the answer of a route (for the rest of the test; a later declaration wins). */
    answer<R extends Route>(route: R, resolve: (asked: Asked) => Reply<R> | Promise<Reply<R>>) {
      const { method, path } = splitRoute(route);
      server.use(
        METHODS[method](path, async ({ request, params }) => {
          const body = await readJson(request.clone());
          requests.push({ method: request.method, url: pathOf(request.url), body });
          const reply = await resolve({
            request,
            params: params as Record<string, string>,
            url: new URL(request.url),
            body,
          });
          const status = reply.status ?? 200;
          const schema: z.ZodType = status < 400 ? ROUTES[route] : apiErrorBody;
          const checked = schema.safeParse(reply.body);
          if (!checked.success) {
            const problem = `The fake answer to ${route} (${status}) is not one the server could send:\n${z.prettifyError(checked.error)}`;
            problems.push(problem);
            throw new Error(problem);
          }
          return HttpResponse.json(reply.body as never, { status });
        }),
      );
    },
  };
}

export type FakeApi = ReturnType<typeof startFakeApi>;
