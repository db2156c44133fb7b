/** Reading the links the shop emails (confirmation and password reset). */

/** The reset token travels in the URL fragment (#token=…), which never reaches a server. */
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim();
  return token ? token : null;
}

/** token_hash and type of a confirmation link, or null when either is missing. */
export function confirmationParams(search: URLSearchParams): { token_hash: string; type: string } | null {
  const tokenHash = search.get('token_hash')?.trim();
  const type = search.get('type')?.trim();
  return tokenHash && type ? { token_hash: tokenHash, type } : null;
}
