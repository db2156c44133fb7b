// First: libraries that add <style> elements later need the page's CSP nonce (lib/csp-nonce.ts).
import './lib/csp-nonce';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { setImageBaseUrl } from '#shared/images';
import { App, type InitialState } from './app';
import { preloadBannerView } from './features/notifications/banner';
import { importPage } from './routes';

declare global {
  interface Window {
    __SHOP__: InitialState;
  }
}

const initial = window.__SHOP__;
setImageBaseUrl(initial.imageBaseUrl);
// The page's module (and the banner's, when it shows) is already preloaded; import them before
// hydrating so the first render matches the server's HTML exactly.
Promise.all([
  importPage(initial.route),
  initial.notifications.notifications.length > 0 ? preloadBannerView() : undefined,
]).then(([module]) => {
  hydrateRoot(
    document.getElementById('root')!,
    <StrictMode>
      <BrowserRouter>
        <App initial={initial} module={module} />
      </BrowserRouter>
    </StrictMode>,
  );
});
