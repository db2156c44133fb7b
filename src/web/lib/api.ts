/**
 * The one way the web app talks to the server. Errors are parsed here, once, into ApiError with
 * the server's code and user-facing message (and per-field messages for forms).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A fetch that reaches our API: the browser's, or the server's in-process one during rendering. */
export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>;

export const browserFetch: ApiFetch = (path, init) => fetch(path, { credentials: 'same-origin', ...init });

type JsonInit = Omit<RequestInit, 'body'> & { json?: unknown };

let sessionExpired: (() => void) | null = null;

/**
 * Called when an API answer says the server ended the session for inactivity
 * (`x-session-expired: idle`); the app shell refreshes the session then (lib/idle-sign-out.ts).
 * Browser only: nothing registers during server rendering.
 */
export function onSessionExpired(listener: () => void): () => void {
  sessionExpired = listener;
  return () => {
    if (sessionExpired === listener) sessionExpired = null;
  };
}

export async function apiJson<T>(fetcher: ApiFetch, path: string, init: JsonInit = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const requestHeaders = new Headers(headers);
  requestHeaders.set('accept', 'application/json');
  if (json !== undefined) requestHeaders.set('content-type', 'application/json');
  let response: Response;
  try {
    response = await fetcher(path, {
      ...rest,
      headers: requestHeaders,
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  } catch {
    throw new ApiError(0, 'network', 'Could not reach the shop. Check your connection and try again.');
  }
  if (response.headers.get('x-session-expired') === 'idle') sessionExpired?.();
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (!response.ok) {
    const error = (body as { error?: Record<string, unknown> } | null)?.error ?? {};
    const { code, message, fields, ...details } = error as {
      code?: string;
      message?: string;
      fields?: Record<string, string>;
    };
    throw new ApiError(
      response.status,
      code ?? 'http_error',
      message ?? 'Something went wrong. Please try again.',
      fields ?? {},
      details,
    );
  }
  return body as T;
}

/** Shorthands for browser code. */
export const api = {
  get: <T>(path: string) => apiJson<T>(browserFetch, path),
  post: <T>(path: string, json?: unknown) =>
    apiJson<T>(browserFetch, path, { method: 'POST', json: json ?? {} }),
  patch: <T>(path: string, json?: unknown) =>
    apiJson<T>(browserFetch, path, { method: 'PATCH', json: json ?? {} }),
  put: <T>(path: string, json?: unknown) =>
    apiJson<T>(browserFetch, path, { method: 'PUT', json: json ?? {} }),
  delete: <T>(path: string) => apiJson<T>(browserFetch, path, { method: 'DELETE' }),
};

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
