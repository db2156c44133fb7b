import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Loading } from '../../../components/ui/loading';
import { toast } from '../../../components/ui/toast';
import { useSession } from '../../../lib/session';
import { useAdminProfile } from '../admin-profile';
import { isAccessError } from '../admin-query-client';
import { adminKeys } from '../query-keys';

/**
 * Settings → Admin: the admin status debugger. It asks the admin API who the server thinks is
 * signed in (GET /api/admin/me) and can refresh the session.
 */
export function AdminStatusPanel() {
  const profile = useAdminProfile();
  const { refresh } = useSession();
  const client = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);

  async function refreshSession() {
    setRefreshing(true);
    try {
      const user = await refresh();
      if (!user) {
        toast.error('Error', 'No active session');
        return;
      }
      await client.invalidateQueries({ queryKey: adminKeys.profile() });
      toast.success('Success', 'Session refreshed successfully');
    } catch {
      toast.error('Error', 'Failed to refresh session');
    } finally {
      setRefreshing(false);
    }
  }

  let status: { tone: 'green' | 'red' | 'grey'; text: string };
  if (profile.isPending) status = { tone: 'grey', text: 'Checking...' };
  else if (profile.data?.isAdmin) status = { tone: 'green', text: 'You have admin privileges' };
  else if (isAccessError(profile.error)) status = { tone: 'red', text: 'You do NOT have admin privileges' };
  else status = { tone: 'grey', text: 'Unable to determine admin status' };

  return (
    <Card className="max-w-2xl">
      {profile.isPending ? (
        <Loading what="admin status" />
      ) : (
        <>
          <p role="status" className="flex flex-wrap items-center gap-2">
            <Badge tone={status.tone}>
              {status.tone === 'green' ? 'Admin' : status.tone === 'red' ? 'No access' : 'Unknown'}
            </Badge>
            <span className="font-bold">{status.text}</span>
          </p>
          {profile.isError && !isAccessError(profile.error) ? (
            <p className="mt-2 text-sm text-red-800">Failed to check admin status</p>
          ) : null}
          {profile.data ? (
            <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
              <dt className="font-semibold text-neutral-800">Email</dt>
              <dd className="break-all text-neutral-700">{profile.data.user.email}</dd>
              <dt className="font-semibold text-neutral-800">Role</dt>
              <dd className="text-neutral-700">
                {profile.data.user.role === 'super_admin' ? 'Super admin' : 'Admin'}
              </dd>
              <dt className="font-semibold text-neutral-800">User id</dt>
              <dd className="break-all font-mono text-xs text-neutral-700">{profile.data.user.id}</dd>
            </dl>
          ) : null}
        </>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => void profile.refetch()}>
          Check again
        </Button>
        <Button size="sm" busy={refreshing} busyLabel="Refreshing..." onClick={() => void refreshSession()}>
          Refresh Session
        </Button>
      </div>
    </Card>
  );
}
