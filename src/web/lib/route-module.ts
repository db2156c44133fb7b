import type { ComponentType } from 'react';
import type { ApiFetch } from './api';

/**
 * A page of the web app. `load` runs on the server for the first view (its result is serialised
 * into the page) and in the browser for later navigations, through the same JSON API either way.
 */
export interface LoadArgs {
  params: Record<string, string | undefined>;
  url: URL;
  api: ApiFetch;
}

export interface HeadArgs<Data> {
  data: Data;
  params: Record<string, string | undefined>;
  url: URL;
  /** Absolute origin of the shop (PUBLIC_URL), for canonical and Open Graph URLs. */
  origin: string;
}

/** A tag for <head>: <title>, <meta>, <link> or a JSON-LD <script>. */
export type HeadTag =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { rel: string; href: string; as?: string; type?: string }
  | { jsonLd: Record<string, unknown> };

export interface RouteModule<Data = unknown> {
  default: ComponentType<PageProps<Data>>;
  load?: (args: LoadArgs) => Promise<Data>;
  head?: (args: HeadArgs<Data>) => HeadTag[];
  /** Shown while `load` runs on a client-side navigation (skeletons). */
  Pending?: ComponentType;
  /**
   * The page follows its own query string (tabs, filters) with `useSearchParams`: a navigation that
   * changes only the query string neither runs `load` again nor remounts the page.
   */
  ownsSearch?: boolean;
}

export interface PageProps<Data> {
  data: Data;
  params: Record<string, string | undefined>;
}

/** Thrown by `load` to send the visitor elsewhere. */
export class Redirect {
  constructor(
    readonly to: string,
    readonly status: 301 | 302 | 303 = 302,
  ) {}
}

/** Thrown by `load` when the page has nothing to show: the not-found screen answers with 404. */
export class NotFound {
  constructor(readonly message = 'Not found') {}
}

export const redirect = (to: string, status: 301 | 302 | 303 = 302) => new Redirect(to, status);
export const notFound = (message?: string) => new NotFound(message);

/**
 * Returned by `load` when the page shows its own screen with another HTTP status (a product id
 * that does not exist: the product page's error, answered with 404).
 */
export class WithStatus<Data> {
  constructor(
    readonly data: Data,
    readonly status: number,
  ) {}
}
export const withStatus = <Data>(data: Data, status: number) => new WithStatus(data, status);
