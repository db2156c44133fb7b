import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { MenuIcon, SignOutIcon } from '../../components/ui/icons';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useSession } from '../../lib/session';
import { paths } from '../../paths';
import { useAdminProfile } from './admin-profile';
import { forgetAdminData } from './admin-query-client';
import { ADMIN_SECTIONS, type AdminTab, DEFAULT_TAB } from './admin-sections';

/**
 * The admin panel's frame around the section shown. Wide screens: a sidebar with the sections,
 * the welcome line, the admin's email and Sign Out. Phones: a top bar whose menu button slides
 * in the same menu, and a strip of the four daily sections at the bottom. Sign Out returns to
 * /admin; so does any moment the session stops being an admin's.
 */
export function AdminShell({ tab, children }: { tab: AdminTab; children: ReactNode }) {
  const session = useSession();
  const navigate = useNavigate();
  const profile = useAdminProfile();
  const [menuOpen, setMenuOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  const isAdmin = session.user?.isAdmin === true;
  useEffect(() => {
    if (!isAdmin) navigate(paths.admin, { replace: true });
  }, [isAdmin, navigate]);

  async function signOut() {
    setSigningOut(true);
    try {
      await session.signOut();
      forgetAdminData();
      toast.success('Logged out successfully');
    } catch (error) {
      toast.error(errorMessage(error, 'Logout failed'));
      setSigningOut(false);
    }
  }

  const email = profile.data?.user.email ?? session.user?.email ?? '';
  const name = profile.data?.user.displayName || session.user?.firstName || 'Admin';
  const role = (profile.data?.user.role ?? session.user?.role) === 'super_admin' ? 'Super admin' : 'Admin';

  const account = (tone: 'dark' | 'light') => (
    <div
      className={`px-5 py-4 ${tone === 'dark' ? 'border-t border-neutral-800' : 'border-t border-neutral-200'}`}
    >
      <p className="text-sm font-semibold">Welcome back, {name}</p>
      <p
        className={`mt-0.5 wrap-anywhere text-xs ${tone === 'dark' ? 'text-neutral-400' : 'text-neutral-600'}`}
      >
        {email}
        <span className="sr-only"> ({role})</span>
      </p>
      <Button
        variant={tone === 'dark' ? 'ghost' : 'secondary'}
        size="sm"
        block
        className={`mt-3 ${tone === 'dark' ? 'border border-neutral-700 text-white hover:bg-neutral-800 focus-visible:outline-white' : ''}`}
        busy={signingOut}
        busyLabel="Signing Out..."
        onClick={signOut}
      >
        <SignOutIcon className="h-5 w-5" />
        Sign Out
      </Button>
    </div>
  );

  return (
    <div className="min-h-dvh bg-neutral-100 md:grid md:grid-cols-[15rem_minmax(0,1fr)]">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:text-neutral-900"
      >
        Skip to content
      </a>

      <header className="sticky top-0 z-30 flex h-14 items-center gap-1 bg-neutral-950 px-2 text-white md:hidden">
        <Button
          variant="icon"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon />
        </Button>
        <Brand />
      </header>

      <aside className="hidden bg-neutral-950 text-neutral-200 md:sticky md:top-0 md:flex md:h-dvh md:flex-col md:overflow-y-auto">
        <div className="flex h-16 shrink-0 items-center border-b border-neutral-800 px-3">
          <Brand />
        </div>
        <SectionLinks tab={tab} tone="dark" className="flex-1 px-3 py-4" />
        {account('dark')}
      </aside>

      <main
        id="main"
        className="mx-auto w-full min-w-0 max-w-6xl px-4 pb-28 pt-6 sm:px-6 md:pb-12 md:pt-8 lg:px-10"
      >
        {children}
      </main>

      <nav
        aria-label="Admin sections"
        data-bottom-bar
        className="fixed inset-x-0 bottom-0 z-30 border-t border-neutral-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
      >
        <ul className="grid grid-cols-4">
          {ADMIN_SECTIONS.filter((section) => section.inTabStrip).map((section) => {
            const current = section.tab === tab;
            return (
              <li key={section.tab}>
                <Link
                  to={paths.adminSection(section.tab)}
                  aria-label={section.label}
                  aria-current={current ? 'page' : undefined}
                  onFocus={() => void section.load()}
                  className={`relative flex min-h-14 flex-col items-center justify-center gap-0.5 px-1 text-[11px] font-bold focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-neutral-900 ${current ? 'text-neutral-950' : 'text-neutral-500'}`}
                >
                  {current ? (
                    <span aria-hidden="true" className="absolute inset-x-4 top-0 h-0.5 bg-accent" />
                  ) : null}
                  <section.Icon className="h-6 w-6" />
                  <span aria-hidden="true">{section.short}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <Dialog
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        title="Admin menu"
        closeLabel="Close menu"
        placement="left"
        bodyClassName="flex min-h-0 flex-1 flex-col overflow-x-hidden overflow-y-auto"
      >
        <SectionLinks
          tab={tab}
          tone="light"
          className="flex-1 px-3 py-3"
          onNavigate={() => setMenuOpen(false)}
        />
        {account('light')}
      </Dialog>
    </div>
  );
}

function Brand() {
  return (
    <Link
      to={paths.adminSection(DEFAULT_TAB)}
      className="flex items-baseline gap-2 whitespace-nowrap rounded px-2 py-1 text-sm font-black tracking-widest focus-visible:outline-2 focus-visible:outline-white"
    >
      NAIJA STREET
      <span className="text-xs font-semibold tracking-wider text-neutral-400">ADMIN</span>
    </Link>
  );
}

/** Every section, the current one marked for screen readers (aria-current) and by its colour. */
function SectionLinks({
  tab,
  tone,
  className,
  onNavigate,
}: {
  tab: AdminTab;
  tone: 'dark' | 'light';
  className: string;
  onNavigate?: () => void;
}) {
  const colours =
    tone === 'dark'
      ? {
          current: 'bg-neutral-800 text-white',
          other: 'text-neutral-300 hover:bg-neutral-900 hover:text-white',
          focus: 'focus-visible:outline-white',
        }
      : {
          current: 'bg-neutral-900 text-white',
          other: 'text-neutral-800 hover:bg-neutral-100',
          focus: 'focus-visible:outline-neutral-900',
        };
  return (
    <nav aria-label="Admin" className={className}>
      <ul className="grid gap-1">
        {ADMIN_SECTIONS.map((section) => {
          const current = section.tab === tab;
          return (
            <li key={section.tab}>
              <Link
                to={paths.adminSection(section.tab)}
                aria-current={current ? 'page' : undefined}
                // Fetch the section's code as the pointer or focus reaches it.
                onPointerEnter={() => void section.load()}
                onFocus={() => void section.load()}
                onClick={onNavigate}
                className={`flex min-h-11 items-center gap-3 rounded px-3 py-2 text-sm font-bold focus-visible:outline-2 ${colours.focus} ${current ? colours.current : colours.other}`}
              >
                <section.Icon className="h-5 w-5 shrink-0" />
                {section.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
