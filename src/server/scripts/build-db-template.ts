/**
 * `npm run build`'s last step (scripts/build-server.mjs runs its bundle): the embedded database's
 * template under BUILD_DIR, which a brand-new data folder starts from (db/template.ts).
 */
import path from 'node:path';
import { createLogger } from '../platform/logger';
import { buildTemplate } from '../setup/template';

const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build');
const started = performance.now();
buildTemplate(buildDir, createLogger('warn'))
  .then((outcome) => {
    if (process.env.BUILD_VERBOSE)
      console.log(
        `database template ${outcome === 'built' ? 'built' : 'unchanged, kept'} in ${Math.round(performance.now() - started)} ms`,
      );
  })
  .catch((error: unknown) => {
    console.error('Making the database template failed:', error);
    process.exit(1);
  });
