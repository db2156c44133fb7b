import { redirect } from '../lib/route-module';
import { paths } from '../paths';

/** The old sign-up address ('Try Again' on a failed confirmation): registration lives at /register. */
export async function load(): Promise<never> {
  throw redirect(paths.register);
}

export default function AuthSignup() {
  return null;
}
