import type { AppEnv } from './context';

type Handler = (request: Request, bindings?: AppEnv['Bindings']) => Response | Promise<Response>;

/**
 * Calls into this very app without the network: the page renderer calling the JSON API, payments
 * reaching the built-in simulator and the simulator delivering our webhook. Works behind any proxy,
 * in tests and offline. The app attaches its own fetch when it is built (createApp).
 */
export class InProcessFetch {
  #handler: Handler | undefined;

  attach(handler: Handler): void {
    this.#handler = handler;
  }

  /** A `fetch` with the platform's signature, for code that takes one (the Paystack client). */
  readonly fetch = async (url: string | URL, init?: RequestInit): Promise<Response> =>
    this.request(new Request(url, init));

  async request(request: Request, bindings?: AppEnv['Bindings']): Promise<Response> {
    if (!this.#handler) throw new Error('InProcessFetch used before the app was attached');
    return this.#handler(request, bindings);
  }
}
