import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import type { Env } from '../platform/env';
import { notFound } from '../platform/errors';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

export const isLoopbackAddress = (address: string | undefined): boolean =>
  address !== undefined && LOOPBACK.test(address);

/** Whether a listening address only accepts connections from this machine. */
export const isLoopbackHost = (host: string): boolean =>
  host === 'localhost' || isLoopbackAddress(host) || host === '[::1]';

/**
 * For development conveniences (the mailbox, the payment simulator's pages): they answer only to
 * a browser on this machine, whatever interface the server listens on. A request relayed by a
 * proxy is not local even when the proxy connects over loopback. Calls made inside the process
 * (the page renderer, payments reaching the simulator) have no socket and are our own code.
 * Anything else is answered as if the route did not exist.
 */
export function localOnly(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const socket = c.env?.incoming?.socket;
    if (socket) {
      const relayed = c.req.header('x-forwarded-for') ?? c.req.header('forwarded');
      if (relayed !== undefined || !isLoopbackAddress(socket.remoteAddress)) throw notFound();
    }
    await next();
  };
}

/**
 * The warning printed at start-up when the server listens beyond this machine with development
 * settings: null when there is nothing to say.
 */
export function networkExposureWarning(env: Env): string | null {
  if (isLoopbackHost(env.host)) return null;
  const problems: string[] = [];
  if (!env.isProduction) problems.push(`NODE_ENV is ${env.nodeEnv}, not production`);
  if (!env.paystack.secretKey && env.paystack.simulatorAllowed) {
    problems.push('payments go to the built-in simulator (no Paystack keys)');
  }
  if (problems.length === 0) return null;
  return [
    '',
    '!!! WARNING: the shop is listening on every network interface',
    `!!! (HOST=${env.host}) with development settings: ${problems.join('; ')}.`,
    '!!! The development mailbox and the payment simulator answer only to this machine, but this',
    '!!! configuration is not for a network. For a real shop set NODE_ENV=production, SMTP_URL and',
    '!!! the Paystack keys; to keep development private, leave HOST unset (127.0.0.1).',
    '',
  ].join('\n');
}
