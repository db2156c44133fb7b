import type { Hono } from 'hono';
import type { z } from 'zod';
import type { AppEnv, InputProbe } from '../../../src/server/context';

export type ApiRoute = { method: string; pattern: string; params: string[] };

/**
 * Every API route the app has registered, read from the app itself, so a route added tomorrow is
 * attacked tomorrow without anyone listing it. Middleware patterns (`*`) are not routes.
 */
export function apiRoutes(app: Hono<AppEnv>): ApiRoute[] {
  const seen = new Set<string>();
  const routes: ApiRoute[] = [];
  for (const route of app.routes) {
    if (!route.path.startsWith('/api/') || route.path.includes('*')) continue;
    const methods = route.method === 'ALL' ? ['GET', 'POST'] : [route.method];
    for (const method of methods) {
      const key = `${method} ${route.path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const params = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] as string);
      routes.push({ method, pattern: route.path, params });
    }
  }
  return routes.sort((a, b) => `${a.pattern} ${a.method}`.localeCompare(`${b.pattern} ${b.method}`));
}

export const routeName = (route: ApiRoute) => `${route.method} ${route.pattern}`;

/** The route's path with each `:param` (and its `{regex}`, if any) replaced. */
export function fillPath(route: ApiRoute, value: (param: string) => string): string {
  return route.pattern.replace(/:([A-Za-z]+)(\{[^}]*\})?/g, (_, name: string) => value(name));
}

export type RouteSchemas = { json?: z.ZodType; query?: z.ZodType; params?: z.ZodType };

/** Collects the schemas a handler reads its input with, through the app's input probe. */
export function schemaCollector(): { probe: InputProbe; schemas: RouteSchemas } {
  const schemas: RouteSchemas = {};
  return {
    schemas,
    probe: (part, schema) => {
      schemas[part] ??= schema;
    },
  };
}
