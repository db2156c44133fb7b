import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

/**
 * Two builds of src/web: the browser bundle (`vite build`) with a manifest the server reads to
 * link each page's chunks, and the server-rendering bundle (`vite build --ssr`).
 */
const buildDir = process.env.BUILD_DIR ?? 'build';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss()],
  oxc: { jsx: { runtime: 'automatic' } },
  publicDir: isSsrBuild ? false : 'public',
  build: isSsrBuild
    ? {
        outDir: `${buildDir}/server`,
        target: 'node20',
        emptyOutDir: true,
        rollupOptions: { input: { 'entry-server': 'src/web/entry-server.tsx' } },
      }
    : {
        outDir: `${buildDir}/client`,
        target: 'es2022',
        manifest: true,
        emptyOutDir: true,
        rollupOptions: { input: 'src/web/entry-client.tsx' },
      },
}));
