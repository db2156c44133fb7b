import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'src/web',
  // BUILD_DIR lets parallel builds (tests, benchmarks) write somewhere else than the shop's own build.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  ssr: true,
} satisfies Config;
