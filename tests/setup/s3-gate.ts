import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A pass-through in front of an S3-compatible server that can hold object writes: while `hold()`
 * is on, every PUT waits at the network edge until `release()`, as a slow bucket would make it
 * wait. The shop is pointed at `endpoint` instead of the server itself.
 */
export async function startS3Gate(target: string) {
  const upstream = new URL(target);
  let holding = false;
  const held: (() => void)[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let heldTotal = 0;

  const server = http.createServer((request, response) => {
    const forward = () => {
      const proxied = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: request.method,
          path: request.url,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      proxied.on('error', () => response.destroy());
      request.pipe(proxied);
    };
    if (holding && request.method === 'PUT') {
      held.push(forward);
      heldTotal += 1;
      for (const waiter of waiters.filter((candidate) => heldTotal >= candidate.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      return;
    }
    forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    /** From now on, object writes wait. */
    hold() {
      holding = true;
      heldTotal = 0;
    },
    /** Lets every waiting write through, and the next ones too. */
    release() {
      holding = false;
      for (const forward of held.splice(0)) forward();
    },
    /** Resolves once `count` writes are waiting since `hold()`. */
    waitForHeld(count: number) {
      if (heldTotal >= count) return Promise.resolve();
      return new Promise<void>((resolve) => waiters.push({ count, resolve }));
    },
    async close() {
      this.release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
