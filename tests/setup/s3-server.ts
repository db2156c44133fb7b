import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
// s3rver ships no types; the little used here is typed below.
// @ts-expect-error -- no declaration file
import S3rver from 's3rver';

type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void> };
type S3rverOptions = {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
};

/**
 * A real S3-compatible server on this machine (s3rver, objects in a temp folder) with one bucket,
 * and the environment that points the shop at it. The shop reaches it through a relay that writes
 * down every request (`requests`), so a test can count what serving an image costs.
 */
export async function startS3Server(bucket = 'naija-test') {
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const server = new (S3rver as new (options: S3rverOptions) => S3rverInstance)({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port: s3Port } = await server.run();
  const requests: Array<{ method: string; path: string }> = [];
  const relay = createServer((incoming, answer) => {
    requests.push({
      method: incoming.method ?? '',
      path: decodeURIComponent((incoming.url ?? '').split('?')[0]!),
    });
    const forwarded = request(
      {
        host: '127.0.0.1',
        port: s3Port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (response) => {
        answer.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(answer);
      },
    );
    forwarded.on('error', () => answer.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port } = relay.address() as AddressInfo;
  return {
    requests,
    bucket,
    directory,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      // s3rver accepts these fixed development credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      relay.closeAllConnections();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
