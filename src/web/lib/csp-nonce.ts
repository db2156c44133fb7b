/**
 * The page's Content-Security-Policy nonce for <style> elements that libraries create after the
 * page loaded (the toaster's and the dialogs' scroll lock styles). The server renders a fresh
 * nonce on the page's inline script; browsers hide it from getAttribute but keep it in the
 * `nonce` property. Imported first by entry-client.tsx, before any library can create a style.
 *
 * Only elements made with document.createElement get it: markup injected as HTML (the way an
 * attacker's text would arrive) never does, so the policy still refuses it.
 */
export function installStyleNonce(doc: Document = document): string | null {
  const nonce = doc.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || null;
  if (!nonce) return null;
  const create = doc.createElement.bind(doc);
  doc.createElement = ((tagName: string, options?: ElementCreationOptions) => {
    const element = create(tagName, options);
    if (element instanceof HTMLStyleElement) element.nonce = nonce;
    return element;
  }) as Document['createElement'];
  return nonce;
}

if (typeof document !== 'undefined') installStyleNonce();
