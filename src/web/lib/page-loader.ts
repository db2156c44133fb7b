import { importPage, matchRoute, ROUTES, type RouteEntry } from '../routes';
import { ApiError, type ApiFetch } from './api';
import { NotFound, Redirect, type RouteModule, WithStatus } from './route-module';

export type LoadedPage =
  | { kind: 'redirect'; to: string; status: 301 | 302 | 303 }
  | {
      kind: 'page';
      route: RouteEntry;
      module: RouteModule;
      params: Record<string, string | undefined>;
      data: unknown;
      status: number;
      /** Set when `load` failed unexpectedly: the page shows a generic error instead. */
      error?: string;
    };

/** Finds the page for a URL and runs its `load`, on the server and in the browser alike. */
export async function loadPage(
  url: URL,
  api: ApiFetch,
  onModule?: (module: RouteModule) => void,
): Promise<LoadedPage> {
  const { route, params } = matchRoute(url.pathname);
  const module = await importPage(route);
  onModule?.(module);
  try {
    const data = module.load ? await module.load({ params, url, api }) : null;
    if (data instanceof WithStatus)
      return { kind: 'page', route, module, params, data: data.data, status: data.status };
    return { kind: 'page', route, module, params, data, status: route.path === '*' ? 404 : 200 };
  } catch (thrown) {
    if (thrown instanceof Redirect) return { kind: 'redirect', to: thrown.to, status: thrown.status };
    if (thrown instanceof NotFound) {
      const notFoundRoute = ROUTES.find((entry) => entry.path === '*')!;
      const notFoundModule = await importPage(notFoundRoute);
      return {
        kind: 'page',
        route: notFoundRoute,
        module: notFoundModule,
        params: {},
        data: null,
        status: 404,
      };
    }
    const message = thrown instanceof ApiError ? thrown.message : 'Something went wrong';
    return { kind: 'page', route, module, params, data: null, status: 500, error: message };
  }
}
