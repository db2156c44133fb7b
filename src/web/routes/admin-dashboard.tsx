import { CheckingAccess } from '../components/ui/checking-access';
import { AdminLayout } from '../features/admin/admin-layout';
import { requireAdmin } from '../lib/guards';
import type { HeadTag, LoadArgs, PageProps } from '../lib/route-module';
import { type SessionUser, useSession } from '../lib/session';

type Data = { user: SessionUser };

/** Admins only: a guest goes to /login (and comes back), a shopper to the home page. */
export async function load(args: LoadArgs): Promise<Data> {
  return { user: await requireAdmin(args) };
}

export function head(): HeadTag[] {
  return [{ title: 'Admin Dashboard | Naija Street' }, { name: 'robots', content: 'noindex' }];
}

export const Pending = CheckingAccess;

export default function AdminDashboardPage({ data }: PageProps<Data>) {
  const { user } = useSession();
  return (
    <AdminLayout user={user ?? data.user}>
      <h1 className="text-2xl font-black tracking-tight">Dashboard</h1>
      <p className="mt-2 max-w-prose text-neutral-600">
        You are signed in to the admin panel. Sales figures, orders, products, customers and settings will
        appear here as those sections are added.
      </p>
    </AdminLayout>
  );
}
