import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { AuthCard } from '../features/accounts/auth-card';
import type { HeadTag } from '../lib/route-module';
import { useSession } from '../lib/session';
import { paths } from '../paths';

export function head(): HeadTag[] {
  return [{ title: 'Authenticating | Naija Street' }, { name: 'robots', content: 'noindex' }];
}

/**
 * Where a sign-in that happened elsewhere lands: reads the session, then goes to the account
 * (signed in) or to the login page (signed out, or the check failed).
 */
export default function AuthCallbackPage() {
  const navigate = useNavigate();
  const { refresh } = useSession();

  useEffect(() => {
    let active = true;
    refresh()
      .then((user) => {
        if (active) navigate(user ? paths.account : paths.login, { replace: true });
      })
      .catch(() => {
        if (active) navigate(paths.login, { replace: true });
      });
    return () => {
      active = false;
    };
  }, [navigate, refresh]);

  return (
    <AuthCard title="Signing In">
      <p role="status" className="text-center text-neutral-600">
        Authenticating...
      </p>
    </AuthCard>
  );
}
