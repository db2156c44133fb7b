/**
 * Development only: sets a new password for the demo admin (creating it when missing), keeps it
 * in the data folder for the start-up block and prints it:
 *   npm run admin:reset-demo
 * Uses the same configuration as the server (DATABASE_URL or the local PGlite data folder); stop
 * the shop first when it runs on the embedded database (one process at a time can open it).
 */
import { resetDemoAdmin } from '../features/accounts/demo-admin';
import { runScript } from './run-script';

runScript(async (deps, env) => {
  const admin = await resetDemoAdmin(deps);
  console.log(`Demo admin: ${admin.email}  password ${admin.password}`);
  console.log(`Sign in at ${env.publicUrl}/admin (the shop shows this password at every start).`);
  return 0;
});
