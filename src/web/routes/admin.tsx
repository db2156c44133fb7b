import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { MESSAGES, messageOfKey, type SignInRequest, signInRequest } from '#shared/schemas/accounts';
import { Button } from '../components/ui/button';
import { TextField } from '../components/ui/fields';
import { FormAlert } from '../components/ui/form-alert';
import { toast } from '../components/ui/toast';
import { api } from '../lib/api';
import { applyServerError } from '../lib/form-errors';
import { type HeadTag, type LoadArgs, type PageProps, redirect } from '../lib/route-module';
import { fetchSession, useSession } from '../lib/session';
import { paths } from '../paths';

type Data = { shopperEmail: string | null };

/**
 * 'Admin Access': the admin panel's sign-in screen. An admin already signed in goes straight to
 * the dashboard. Anyone may sign in here; an account without admin access is told so on this
 * screen (the panel and the admin API refuse it anyway). Sent before the page's script has taken
 * over, the form goes to the server (POST /admin), which signs in and comes back here.
 */
export async function load({ api: fetcher }: LoadArgs): Promise<Data> {
  const user = await fetchSession(fetcher);
  if (user?.isAdmin) throw redirect(paths.adminSection('dashboard'));
  return { shopperEmail: user?.email ?? null };
}

export function head(): HeadTag[] {
  return [{ title: 'Admin Access | Naija Street' }, { name: 'robots', content: 'noindex' }];
}

type Problem = { kind: 'refused'; message: string } | { kind: 'no-access'; email: string };

export default function AdminAccessPage({ data }: PageProps<Data>) {
  const navigate = useNavigate();
  const { refresh } = useSession();
  const [params] = useSearchParams();
  const [problem, setProblem] = useState<Problem | null>(() => {
    if (data.shopperEmail) return { kind: 'no-access', email: data.shopperEmail };
    // A sign-in posted before the page's script ran (POST /admin) and refused: `?problem=`.
    const message = messageOfKey(params.get('problem'));
    return message ? { kind: 'refused', message } : null;
  });
  const { register, handleSubmit, setError, resetField, formState } = useForm<
    SignInRequest,
    unknown,
    z.output<typeof signInRequest>
  >({
    resolver: zodResolver(signInRequest),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = formState;

  async function submit(values: z.output<typeof signInRequest>) {
    setProblem(null);
    try {
      await api.post('/api/auth/sign-in', values);
    } catch (error) {
      setProblem({
        kind: 'refused',
        message: applyServerError(error, setError, ['email', 'password'], 'Login failed'),
      });
      return;
    }
    const user = await refresh().catch(() => null);
    if (user?.isAdmin) {
      toast.success(MESSAGES.signedIn);
      navigate(paths.adminSection('dashboard'), { replace: true });
      return;
    }
    resetField('password');
    setProblem({ kind: 'no-access', email: user?.email ?? values.email });
  }

  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-neutral-950 px-4 py-10">
      <div className="w-full max-w-sm rounded-lg bg-white p-6 shadow-xl sm:p-8">
        <p className="text-center text-xs font-black tracking-widest text-neutral-500">NAIJA STREET</p>
        <h1 className="mt-1 text-center text-2xl font-black tracking-tight">Admin Access</h1>
        <p className="mt-2 text-center text-sm text-neutral-600">Sign in with your admin account.</p>
        <form method="post" noValidate onSubmit={handleSubmit(submit)} className="mt-6 grid gap-4">
          {problem?.kind === 'refused' ? <FormAlert>{problem.message}</FormAlert> : null}
          {problem?.kind === 'no-access' ? (
            <FormAlert>
              <p className="font-semibold">This account has no admin access.</p>
              <p className="mt-1">
                You are signed in to the shop as{' '}
                <span className="wrap-anywhere font-semibold">{problem.email}</span>. Sign in with an admin
                account to open the admin panel.
              </p>
            </FormAlert>
          ) : null}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            {...register('email')}
            error={errors.email?.message}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            {...register('password')}
            error={errors.password?.message}
          />
          <Button type="submit" block busy={isSubmitting} busyLabel="Signing In...">
            Sign In
          </Button>
        </form>
        <p className="mt-6 text-center text-sm">
          <Link to={paths.home} className="font-semibold underline underline-offset-2">
            Back to the shop
          </Link>
        </p>
      </div>
    </main>
  );
}
