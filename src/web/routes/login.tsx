import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { MESSAGES, messageOfKey, type SignInRequest, signInRequest } from '#shared/schemas/accounts';
import { Button, buttonClass, textLinkClass } from '../components/ui/button';
import { TextField } from '../components/ui/fields';
import { FormAlert } from '../components/ui/form-alert';
import { toast } from '../components/ui/toast';
import { AuthCard } from '../features/accounts/auth-card';
import { ApiError, api, errorMessage } from '../lib/api';
import { applyServerError } from '../lib/form-errors';
import { returnPathAfterSignIn, safeRedirectPath } from '../lib/guards';
import { type HeadTag, type LoadArgs, redirect } from '../lib/route-module';
import { fetchSession, useSession } from '../lib/session';
import { paths } from '../paths';

/** Someone already signed in has nothing to do here: on to where they were going. */
export async function load({ api: fetcher, url }: LoadArgs): Promise<null> {
  const user = await fetchSession(fetcher);
  if (user) throw redirect(safeRedirectPath(url.searchParams.get('redirect')) ?? paths.account);
  return null;
}

export function head(): HeadTag[] {
  return [
    { title: 'Login | Naija Street' },
    { name: 'description', content: 'Sign in to your Naija Street account.' },
    { name: 'robots', content: 'noindex' },
  ];
}

type Problem = { code: string; message: string; email: string };

export default function LoginPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { refresh } = useSession();
  // A sign-in posted before the page's script ran and refused by the server: `?problem=`.
  const [problem, setProblem] = useState<Problem | null>(() => {
    const message = messageOfKey(params.get('problem'));
    return message ? { code: '', message, email: '' } : null;
  });
  const [resending, setResending] = useState(false);
  const { register, handleSubmit, setError, formState } = useForm<
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
      toast.success(MESSAGES.signedIn);
      await refresh();
      const from = (location.state as { from?: unknown } | null)?.from;
      navigate(
        returnPathAfterSignIn({
          redirectParam: params.get('redirect'),
          from,
          referrer: document.referrer,
          origin: window.location.origin,
        }),
        { replace: true },
      );
    } catch (error) {
      const message = applyServerError(error, setError, ['email', 'password'], 'Login failed');
      setProblem({
        code: error instanceof ApiError ? error.code : 'unknown',
        message,
        email: values.email,
      });
    }
  }

  async function resend(email: string) {
    setResending(true);
    try {
      const { message } = await api.post<{ message: string }>('/api/auth/resend-confirmation', { email });
      toast.success('Confirmation email sent', message);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to send the confirmation email'));
    } finally {
      setResending(false);
    }
  }

  return (
    <AuthCard title="Login" intro="Sign in to your account to check out and follow your orders.">
      <form method="post" noValidate onSubmit={handleSubmit(submit)} className="grid gap-4">
        {problem ? (
          <FormAlert tone={problem.code === 'email_not_confirmed' ? 'info' : 'error'}>
            <p>{problem.message}</p>
            {problem.code === 'email_not_confirmed' ? (
              <Button
                variant="secondary"
                block
                className="mt-3"
                busy={resending}
                busyLabel="Sending..."
                onClick={() => resend(problem.email)}
              >
                Resend confirmation email
              </Button>
            ) : null}
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
        <p className="text-right text-sm">
          <Link to={paths.forgotPassword} className={textLinkClass}>
            Forgot password?
          </Link>
        </p>
        <Button type="submit" block busy={isSubmitting} busyLabel="Signing In...">
          Sign In
        </Button>
      </form>
      <div className="mt-8 border-t border-neutral-200 pt-6 text-center">
        <p className="text-sm text-neutral-600">New to Naija Street?</p>
        <Link to={paths.register} className={`${buttonClass({ variant: 'secondary', block: true })} mt-3`}>
          CREATE ACCOUNT
        </Link>
      </div>
    </AuthCard>
  );
}
