import { redirect } from '../lib/route-module';
import { paths } from '../paths';

export async function load(): Promise<never> {
  throw redirect(paths.home);
}

export default function Collections() {
  return null;
}
