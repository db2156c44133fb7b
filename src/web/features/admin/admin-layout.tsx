import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SignOutIcon } from '../../components/ui/icons';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { type SessionUser, useSession } from '../../lib/session';
import { paths } from '../../paths';

/**
 * The admin panel's frame: a sidebar on wide screens (sections, the welcome line, the admin's
 * email and Sign Out), a top bar on phones. Sign Out returns to the admin sign-in screen.
 */
export function AdminLayout({ user, children }: { user: SessionUser; children: ReactNode }) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const name = user.displayName || `${user.firstName} ${user.lastName}`.trim() || 'Admin';

  async function handleSignOut() {
    setBusy(true);
    try {
      await signOut();
      toast.success('Logged out successfully');
      navigate(paths.admin);
    } catch (error) {
      toast.error(errorMessage(error, 'Logout failed'));
      setBusy(false);
    }
  }

  const signOutButton = (className: string) => (
    <button type="button" onClick={handleSignOut} disabled={busy} className={className}>
      <SignOutIcon className="h-5 w-5" />
      {busy ? 'Signing Out...' : 'Sign Out'}
    </button>
  );

  return (
    <div className="min-h-screen bg-neutral-50 md:grid md:grid-cols-[16rem_1fr]">
      <header className="flex items-center justify-between gap-2 border-b border-neutral-800 bg-neutral-950 px-4 py-3 text-white md:hidden">
        <Link to={paths.adminDashboard} className="text-sm font-black tracking-widest">
          NAIJA STREET ADMIN
        </Link>
        {signOutButton(
          'inline-flex items-center gap-2 rounded px-3 py-2 text-sm font-bold hover:bg-neutral-800 focus-visible:outline-2 focus-visible:outline-white disabled:opacity-60',
        )}
      </header>
      <aside className="hidden min-h-screen flex-col bg-neutral-950 text-neutral-200 md:flex">
        <div className="border-b border-neutral-800 px-5 py-5">
          <Link to={paths.adminDashboard} className="text-sm font-black tracking-widest text-white">
            NAIJA STREET ADMIN
          </Link>
        </div>
        <nav aria-label="Admin" className="flex-1 px-3 py-4">
          <ul>
            <li>
              <Link
                to={paths.adminDashboard}
                aria-current="page"
                className="block rounded bg-neutral-800 px-3 py-2.5 text-sm font-bold text-white focus-visible:outline-2 focus-visible:outline-white"
              >
                Dashboard
              </Link>
            </li>
          </ul>
        </nav>
        <div className="border-t border-neutral-800 px-5 py-4">
          <p className="text-sm">Welcome, {name}</p>
          <p className="mt-0.5 break-all text-xs text-neutral-400">{user.email}</p>
          {signOutButton(
            'mt-3 inline-flex w-full items-center justify-center gap-2 rounded border border-neutral-700 px-3 py-2.5 text-sm font-bold text-white hover:bg-neutral-800 focus-visible:outline-2 focus-visible:outline-white disabled:opacity-60',
          )}
        </div>
      </aside>
      <div className="min-w-0 px-4 py-6 sm:px-8 sm:py-8">
        <div className="mb-6 rounded-lg border border-neutral-200 bg-white p-4 md:hidden">
          <p className="text-sm">Welcome, {name}</p>
          <p className="break-all text-xs text-neutral-500">{user.email}</p>
        </div>
        {children}
      </div>
    </div>
  );
}
