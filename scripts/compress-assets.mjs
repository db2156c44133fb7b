// Writes .br and .gz next to every compressible file of the client build, so the server sends
// them as they are (serveStatic's `precompressed`) instead of compressing on every request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.join(process.env.BUILD_DIR ?? 'build', 'client');
const COMPRESSIBLE = /\.(js|css|svg|json|txt|html|xml|webmanifest)$/;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* files(full);
    } else if (COMPRESSIBLE.test(entry.name)) {
      yield full;
    }
  }
}

let count = 0;
for await (const file of files(root)) {
  if ((await stat(file)).size < 1024) continue;
  const content = await readFile(file);
  await writeFile(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
  count += 1;
}
console.log(`compressed ${count} client files (.br, .gz)`);
