import { ApiError, type ApiFetch, apiJson } from '../../lib/api';
import { loginPathFor } from '../../lib/guards';
import { redirect } from '../../lib/route-module';

/**
 * Reads a signed-in-only API path for a page's `load`: a guest (401) is sent to the login page,
 * which brings them back here afterwards. The API call itself is the session check, so the page
 * costs one request rather than a session read and then the data.
 */
export async function signedInJson<T>(api: ApiFetch, path: string, url: URL): Promise<T> {
  try {
    return await apiJson<T>(api, path);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect(loginPathFor(url));
    throw error;
  }
}
