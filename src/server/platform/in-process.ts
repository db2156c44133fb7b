type Handler<B> = (request: Request, bindings?: B) => Response | Promise<Response>;

/**
 * Calls into this very app without the network: the page renderer calling the JSON API, payments
 * reaching the built-in simulator and the simulator delivering our webhook. Works behind any proxy,
 * in tests and offline. The shop attaches its app's fetch once the app is built (createShop).
 * `B` is what an in-process call may carry besides the request (the app's Hono bindings).
 */
export class InProcessFetch<B = unknown> {
  #handler: Handler<B> | undefined;

  attach(handler: Handler<B>): void {
    this.#handler = handler;
  }

  /** A `fetch` with the platform's signature, for code that takes one (the Paystack client). */
  readonly fetch = async (url: string | URL, init?: RequestInit): Promise<Response> =>
    this.request(new Request(url, init));

  async request(request: Request, bindings?: B): Promise<Response> {
    if (!this.#handler) throw new Error('InProcessFetch used before the app was attached');
    return this.#handler(request, bindings);
  }
}
