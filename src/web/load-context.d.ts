import type { ServerContext } from '#shared/server-context';

declare module 'react-router' {
  interface AppLoadContext extends ServerContext {}
}
