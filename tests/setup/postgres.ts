/** Names and URLs for the throwaway PostgreSQL databases of a test run. */

export function templateName(): string {
  return `shop_test_${process.pid}`;
}

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A connection to the server's maintenance database, to create and drop test databases. */
export function adminUrl(serverUrl: string): string {
  const url = new URL(serverUrl);
  if (url.pathname === '/' || url.pathname === '') url.pathname = '/postgres';
  return url.toString();
}
