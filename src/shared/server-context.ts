/**
 * What the server hands to the web app's loaders (React Router's load context). Loaders call the
 * same JSON API as the browser does, in-process and with the visitor's cookies, so the API stays
 * the only door to the data.
 */
export interface ServerContext {
  api(path: string, init?: RequestInit): Promise<Response>;
  publicUrl: string;
  /** IMAGE_BASE_URL, or '' when images are served from the shop's own address (shared/images.ts). */
  imageBaseUrl: string;
  /** The Content-Security-Policy nonce of this answer, carried by the page's inline script and style. */
  nonce: string;
}
