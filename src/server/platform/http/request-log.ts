import type { Logger } from '../logger';

/**
 * The logger of one request: its lines carry the request's id. It is made on its first use: most
 * requests write no line of their own, and making one costs as much as a tenth of what a small
 * answer costs the server in all.
 */
export function requestLogger(logger: Logger, reqId: string): Logger {
  let child: Logger | undefined;
  const made = () => {
    child ??= logger.child({ reqId });
    return child;
  };
  return new Proxy(logger, {
    get: (_logger, key) => Reflect.get(made(), key),
    set: (_logger, key, value) => Reflect.set(made(), key, value),
    has: (_logger, key) => Reflect.has(made(), key),
  });
}
