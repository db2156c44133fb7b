import type { Route } from './+types/home';

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Naija Street' }, { name: 'description', content: 'Streetwear from Lagos.' }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const response = await context.api('/api/health');
  return (await response.json()) as { database: string; migrationVersion: number };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main className="p-8">
      <h1 className="text-3xl font-black">Naija Street</h1>
      <p>Database: {loaderData.database}</p>
    </main>
  );
}
