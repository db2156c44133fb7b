import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App, type InitialState } from './app';
import { importPage } from './routes';

declare global {
  interface Window {
    __SHOP__: InitialState;
  }
}

const initial = window.__SHOP__;
// The page's module is already preloaded (<link rel="modulepreload">); import it before hydrating
// so the first render matches the server's HTML exactly.
importPage(initial.route).then((module) => {
  hydrateRoot(
    document.getElementById('root')!,
    <StrictMode>
      <BrowserRouter>
        <App initial={initial} module={module} />
      </BrowserRouter>
    </StrictMode>,
  );
});
