import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClass } from '../components/ui/button';
import { FormAlert } from '../components/ui/form-alert';
import { AuthCard } from '../features/accounts/auth-card';
import { confirmationParams } from '../features/accounts/links';
import { ApiError, api } from '../lib/api';
import type { HeadTag } from '../lib/route-module';
import { useSession } from '../lib/session';
import { paths } from '../paths';

const REDIRECT_DELAY_MS = 2000;
const INVALID_LINK = 'Invalid confirmation link. Please try again.';
const UNEXPECTED = 'An unexpected error occurred. Please try again.';

export function head(): HeadTag[] {
  return [{ title: 'Confirm Email | Naija Street' }, { name: 'robots', content: 'noindex' }];
}

type Confirmed = { message: string; signedIn: boolean };
type State = { kind: 'loading' } | { kind: 'success' } | { kind: 'error'; message: string };

// A link is confirmed once per page load: React's development double effects (and a second
// render) reuse the same request instead of spending the single-use token twice.
const attempts = new Map<string, Promise<Confirmed>>();

/**
 * The page the confirmation email links to. The token is spent by a POST from the browser, not
 * while rendering the GET, so link scanners in mail services cannot use it up.
 */
export default function AuthConfirmPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const link = useMemo(() => confirmationParams(search), [search]);
  const [state, setState] = useState<State>(() =>
    link ? { kind: 'loading' } : { kind: 'error', message: INVALID_LINK },
  );

  useEffect(() => {
    if (!link) return;
    let active = true;
    const key = `${link.type}:${link.token_hash}`;
    let attempt = attempts.get(key);
    if (!attempt) {
      attempt = api.post<Confirmed>('/api/auth/confirm', link);
      attempts.set(key, attempt);
    }
    attempt
      .then(async (result) => {
        if (result.signedIn) await refresh();
        if (active) setState({ kind: 'success' });
      })
      .catch((error: unknown) => {
        if (!active) return;
        const message = error instanceof ApiError && error.status < 500 ? error.message : UNEXPECTED;
        setState({ kind: 'error', message });
      });
    return () => {
      active = false;
    };
  }, [link, refresh]);

  useEffect(() => {
    if (state.kind !== 'success') return;
    const timer = setTimeout(() => navigate(paths.account, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state.kind, navigate]);

  if (state.kind === 'loading') {
    return (
      <AuthCard title="Confirming Your Email">
        <p role="status" className="text-center text-neutral-600">
          Confirming your email address...
        </p>
      </AuthCard>
    );
  }
  if (state.kind === 'success') {
    return (
      <AuthCard title="Email Confirmed">
        <FormAlert tone="success">
          <p>Email confirmed successfully! Redirecting...</p>
        </FormAlert>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirmation Failed">
      <FormAlert>
        <p>{state.message}</p>
      </FormAlert>
      <div className="mt-6 grid gap-3 sm:grid-cols-2">
        <Link to={paths.authSignup} className={buttonClass({ block: true })}>
          Try Again
        </Link>
        <Link to={paths.account} className={buttonClass({ variant: 'secondary', block: true })}>
          Go to Account
        </Link>
      </div>
    </AuthCard>
  );
}
