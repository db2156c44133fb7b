import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { SavedAddress } from '#shared/schemas/accounts';
import type { Order } from '#shared/schemas/orders';
import { Button } from '../components/ui/button';
import { CheckingAccess } from '../components/ui/checking-access';
import { toast } from '../components/ui/toast';
import { type AccountTab, AccountTabs, parseAccountTab } from '../features/accounts/account-tabs';
import { AddressesTab } from '../features/accounts/addresses-tab';
import { OrdersTab } from '../features/accounts/orders-tab';
import { PasswordTab } from '../features/accounts/password-tab';
import { SettingsTab } from '../features/accounts/settings-tab';
import { SignOutForm } from '../features/accounts/sign-out-form';
import { apiJson, errorMessage } from '../lib/api';
import { requireUser } from '../lib/guards';
import type { HeadTag, LoadArgs, PageProps } from '../lib/route-module';
import { type SessionUser, useSession } from '../lib/session';
import { paths } from '../paths';

type Data = {
  user: SessionUser;
  tab: AccountTab;
  /** null when they could not be loaded: the tab says so and offers to try again. */
  orders: Order[] | null;
  addresses: SavedAddress[] | null;
};

export async function load(args: LoadArgs): Promise<Data> {
  const user = await requireUser(args);
  const [orders, addresses] = await Promise.all([
    apiJson<{ orders: Order[] }>(args.api, '/api/orders').then(
      (body) => body.orders,
      () => null,
    ),
    apiJson<{ addresses: SavedAddress[] }>(args.api, '/api/account/addresses').then(
      (body) => body.addresses,
      () => null,
    ),
  ]);
  return { user, tab: parseAccountTab(args.url.searchParams.get('tab')), orders, addresses };
}

export function head(): HeadTag[] {
  return [{ title: 'My Account | Naija Street' }, { name: 'robots', content: 'noindex' }];
}

export const Pending = CheckingAccess;

export default function AccountPage({ data }: PageProps<Data>) {
  const session = useSession();
  const navigate = useNavigate();
  // The session is the fresher copy (settings saved since the page loaded).
  const user = session.user ?? data.user;
  const [tab, setTab] = useState<AccountTab>(data.tab);
  const [signingOut, setSigningOut] = useState(false);
  const [addresses, setAddresses] = useState(data.addresses);

  function select(next: AccountTab) {
    setTab(next);
    // The tab is kept in the address (shareable, survives a reload) without a router navigation:
    // that would run the page's load again and remount it, losing the keyboard focus in the tabs.
    window.history.replaceState(window.history.state, '', paths.accountTab(next));
  }

  async function signOut() {
    setSigningOut(true);
    try {
      await session.signOut();
      toast.success('Logged out successfully');
      navigate(paths.home);
    } catch (error) {
      toast.error(errorMessage(error, 'Logout failed'));
      setSigningOut(false);
    }
  }

  const greeting = user.displayName || `${user.firstName} ${user.lastName}`.trim() || user.email;

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-black tracking-tight sm:text-3xl">My Account</h1>
          <p className="mt-1 text-neutral-600">
            Hello, <span className="font-semibold text-neutral-900">{greeting}</span>
          </p>
          <p className="break-all text-sm text-neutral-500">{user.email}</p>
        </div>
        <SignOutForm onSignOut={signOut} className="shrink-0">
          <Button type="submit" variant="secondary" size="sm" busy={signingOut} busyLabel="Signing Out...">
            Sign Out
          </Button>
        </SignOutForm>
      </div>
      <div className="mt-8">
        <AccountTabs selected={tab} onSelect={select}>
          {tab === 'orders' ? <OrdersTab initial={data.orders} /> : null}
          {tab === 'addresses' ? (
            <AddressesTab addresses={addresses} setAddresses={setAddresses} user={user} />
          ) : null}
          {tab === 'settings' ? <SettingsTab user={user} /> : null}
          {tab === 'password' ? <PasswordTab /> : null}
        </AccountTabs>
      </div>
    </div>
  );
}
