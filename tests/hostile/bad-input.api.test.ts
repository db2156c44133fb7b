/**
 * Bad input on every route. The routes are read from the app; each route's own schemas are learned
 * from the route (the input probe of validate.ts), and fast-check builds near-valid requests from
 * them with hostile values mixed in: wrong types, missing and extra fields, huge strings, negative,
 * fractional and huge numbers, unicode and control characters, SQL and HTML payloads, malformed
 * JSON, wrong content types and oversized bodies.
 *
 * Whatever comes in: never a 5xx; a refusal is a clear 4xx in the shop's own words; and a refused
 * request writes nothing. HOSTILE_RUNS sets the runs per route and role (default 12).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../factories/accounts';
import { createProduct } from '../factories/catalog';
import { createPendingOrder } from '../factories/orders';
import { createTestApp } from '../setup/test-app';
import { databaseFingerprint } from './support/fingerprint';
import { inputsFor } from './support/from-schema';
import { HOSTILE_STRINGS, MALFORMED_BODIES, WRONG_CONTENT_TYPES } from './support/hostile-values';
import { type ApiRoute, apiRoutes, fillPath, routeName, schemaCollector } from './support/routes';

const RUNS = Number(process.env.HOSTILE_RUNS ?? 12);
const ORIGIN = 'http://localhost:3000';

const t = await createTestApp();
afterAll(() => t.close());

const admin = await createUser(t, { role: 'super_admin' });
const product = await createProduct(t, { variants: [{ size: 'M', color: 'Black', stock: 50 }] });
const pending = await createPendingOrder(t);
const [delivery] = await t.database.sql.query<{ zone_id: string; method_id: string }>(
  `SELECT z.id AS zone_id, m.id AS method_id FROM shipping_zones z
     JOIN shipping_methods m ON m.zone_id = z.id WHERE z.name = 'South-West' LIMIT 1`,
);
/** Real ids, so some requests reach past "not found" into the code that would use them. */
const KNOWN_IDS = [
  product.id,
  product.variants[0]!.id,
  pending.orderId,
  admin.id,
  delivery!.zone_id,
  delivery!.method_id,
  randomUUID(),
];

/** A fresh admin session: some routes sign out or change the password of whoever calls them. */
async function adminCookie(): Promise<string> {
  await t.database.sql.query('DELETE FROM rate_limits');
  return signIn(t, admin.email, admin.password);
}

type Attempt = {
  pathValues: Record<string, string>;
  query: Record<string, string>;
  body:
    | { kind: 'json'; value: unknown }
    | { kind: 'raw'; text: string; contentType: string }
    | { kind: 'none' };
};

type Answer = { status: number; contentType: string; text: string };

async function send(
  route: ApiRoute,
  attempt: Attempt,
  cookie?: string,
  probe?: ReturnType<typeof schemaCollector>,
) {
  const path = fillPath(route, (name) => attempt.pathValues[name] ?? randomUUID());
  const search = new URLSearchParams(attempt.query).toString();
  const headers = new Headers({ origin: ORIGIN });
  if (cookie) headers.set('cookie', cookie);
  let body: string | undefined;
  if (attempt.body.kind === 'json') {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(attempt.body.value) ?? 'null';
  } else if (attempt.body.kind === 'raw') {
    headers.set('content-type', attempt.body.contentType);
    body = attempt.body.text;
  }
  const response = await t.app.request(
    `${ORIGIN}${path}${search ? `?${search}` : ''}`,
    {
      method: route.method,
      headers,
      body: route.method === 'GET' || route.method === 'HEAD' ? undefined : body,
    },
    { inputProbe: probe?.probe },
  );
  const contentType = response.headers.get('content-type') ?? '';
  // A live stream stays open: its answer is its status and headers.
  let text = '';
  if (contentType.startsWith('text/event-stream')) await response.body?.cancel();
  else text = await response.text();
  return { status: response.status, contentType, text } satisfies Answer;
}

/** Library wording that must never reach a shopper (zod's defaults, parser errors, stack traces). */
const LIBRARY_WORDING =
  /Invalid input|expected \w+, received|invalid_type|ZodError|Unexpected token|at Object\.|SQLSTATE|syntax error at/i;

function checkRefusal(route: ApiRoute, attempt: Attempt, answer: Answer) {
  const label = `${routeName(route)} ${fc.stringify(attempt).slice(0, 400)}`;
  expect(answer.status, `${label}\n→ ${answer.text.slice(0, 300)}`).toBeLessThan(500);
  if (answer.status < 400) return;
  expect(answer.contentType, label).toContain('application/json');
  const message = (JSON.parse(answer.text) as { error?: { message?: unknown } }).error?.message;
  expect(typeof message, label).toBe('string');
  expect(message as string, label).not.toMatch(LIBRARY_WORDING);
  expect((message as string).length, label).toBeLessThan(300);
}

function attempts(
  route: ApiRoute,
  schemas: ReturnType<typeof schemaCollector>['schemas'],
): fc.Arbitrary<Attempt> {
  const pathValue = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...KNOWN_IDS) },
    { weight: 2, arbitrary: fc.uuid() },
    {
      weight: 2,
      arbitrary: fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 1_000)).map(pathSegment),
    },
  );
  const pathValues = fc.record(Object.fromEntries(route.params.map((name) => [name, pathValue])));
  const query = inputsFor(schemas.query).map((value) => {
    const out: Record<string, string> = {};
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, item] of Object.entries(value))
        out[key] = typeof item === 'string' ? item : JSON.stringify(item);
    }
    return out;
  });
  const body = fc.oneof(
    { weight: 8, arbitrary: inputsFor(schemas.json).map((value) => ({ kind: 'json' as const, value })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...MALFORMED_BODIES)
        .map((text) => ({ kind: 'raw' as const, text, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...WRONG_CONTENT_TYPES).map((contentType) => ({
        kind: 'raw' as const,
        text: '{"email":"ada@example.ng"}',
        contentType,
      })),
    },
    { weight: 1, arbitrary: fc.constant(OVERSIZED_BODY) },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  );
  return fc.record({ pathValues, query, body });
}

/** A JSON body three times the JSON limit, printed short when fast-check reports it. */
const OVERSIZED_BODY = {
  kind: 'raw' as const,
  text: JSON.stringify({ pad: 'x'.repeat(200_000) }),
  contentType: 'application/json',
  [fc.toStringMethod]: () => '<a 200 KB JSON body>',
};

/** Percent-encodes a path segment; a lone surrogate becomes the invalid UTF-8 an attacker would send. */
function pathSegment(value: string): string {
  return [...value]
    .map((char) => {
      try {
        return encodeURIComponent(char);
      } catch {
        return '%ED%A0%80';
      }
    })
    .join('');
}

const routes = apiRoutes(t.app);
const fingerprint = await databaseFingerprint(t.database);
const tried = { requests: 0, refused: 0, accepted: 0, serverErrors: 0, routes: 0 };

describe('bad input on every route', () => {
  it('finds the routes to attack', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.map(routeName)).toContain('POST /api/orders');
  });

  for (const route of routes) {
    it(`${routeName(route)}: never a 5xx, refusals in the shop's words, and nothing written`, {
      timeout: 300_000,
    }, async () => {
      // Learn the route's schemas from the route itself, as an admin (who gets furthest).
      const collector = schemaCollector();
      await send(
        route,
        { pathValues: {}, query: {}, body: { kind: 'json', value: {} } },
        await adminCookie(),
        collector,
      );

      for (const role of ['admin', 'guest'] as const) {
        const cookie = role === 'admin' ? await adminCookie() : undefined;
        await t.jobsIdle();
        let before = await fingerprint();
        await fc.assert(
          fc.asyncProperty(attempts(route, collector.schemas), async (attempt) => {
            const answer = await send(route, attempt, cookie);
            tried.requests += 1;
            if (answer.status >= 500) tried.serverErrors += 1;
            checkRefusal(route, attempt, answer);
            const after = await fingerprint();
            if (answer.status >= 400) {
              tried.refused += 1;
              expect(
                after,
                `${routeName(route)} wrote data while refusing ${fc.stringify(attempt).slice(0, 300)}`,
              ).toBe(before);
              before = after;
            } else {
              tried.accepted += 1;
              // What it set going in the background (an email) ends before the next one is judged.
              await t.jobsIdle();
              before = await fingerprint();
            }
          }),
          { numRuns: RUNS },
        );
      }
      tried.routes += 1;
    });
  }

  afterAll(() => {
    console.info(
      `bad input: ${tried.requests} requests over ${tried.routes} routes × 2 roles, ${tried.refused} refused with a 4xx, ${tried.accepted} accepted, ${tried.serverErrors} server errors`,
    );
  });
});
