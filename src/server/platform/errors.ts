import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MESSAGES } from '#shared/schemas/accounts';

/**
 * The one error type of the server: a stable code the web app can branch on, an HTTP status,
 * and a message fit to show a person. Anything else that is thrown is a bug and becomes a 500.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: ContentfulStatusCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new AppError('bad_request', 400, message, details);
export const unauthorized = (message = 'Please sign in to continue.') =>
  new AppError('unauthorized', 401, message);
export const forbidden = (message = 'Access denied. Admin privileges required.') =>
  new AppError('forbidden', 403, message);
export const notFound = (message = 'Not found') => new AppError('not_found', 404, message);
export const conflict = (code: string, message: string, details?: Record<string, unknown>) =>
  new AppError(code, 409, message, details);
export const tooManyRequests = (message: string = MESSAGES.tooManyAttempts) =>
  new AppError('rate_limited', 429, message);
