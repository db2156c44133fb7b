import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { MESSAGES, messageOfKey, type RegisterRequest, registerRequest } from '#shared/schemas/accounts';
import { Button, textLinkClass } from '../components/ui/button';
import { TextField } from '../components/ui/fields';
import { FormAlert } from '../components/ui/form-alert';
import { toast } from '../components/ui/toast';
import { AuthCard } from '../features/accounts/auth-card';
import { api } from '../lib/api';
import { applyServerError } from '../lib/form-errors';
import { type HeadTag, type LoadArgs, redirect } from '../lib/route-module';
import { fetchSession } from '../lib/session';
import { paths } from '../paths';

const REDIRECT_DELAY_MS = 2000;

export async function load({ api: fetcher }: LoadArgs): Promise<null> {
  if (await fetchSession(fetcher)) throw redirect(paths.account);
  return null;
}

export function head(): HeadTag[] {
  return [
    { title: 'Create Account | Naija Street' },
    { name: 'description', content: 'Create a Naija Street account.' },
    { name: 'robots', content: 'noindex' },
  ];
}

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;

export default function RegisterPage() {
  const navigate = useNavigate();
  // The form posted before the page's script ran: the server's answer is in the address.
  const [params] = useSearchParams();
  const [problem, setProblem] = useState<string | null>(() => messageOfKey(params.get('problem')));
  const [done, setDone] = useState(() => params.get('done') === '1');
  const { register, handleSubmit, setError, getValues, formState } = useForm<
    RegisterRequest,
    unknown,
    z.output<typeof registerRequest>
  >({
    resolver: zodResolver(registerRequest),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.login), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  async function submit() {
    setProblem(null);
    try {
      // The server checks the same rules, on what was typed (the confirmation included).
      await api.post('/api/auth/register', getValues());
      toast.success(MESSAGES.registered);
      setDone(true);
    } catch (error) {
      setProblem(applyServerError(error, setError, FIELDS, 'Registration failed'));
    }
  }

  return (
    <AuthCard title="Create Account" intro="Join Naija Street to check out faster and follow your orders.">
      {done ? (
        <FormAlert tone="success">
          <p className="font-semibold">{MESSAGES.registered}</p>
          <p className="mt-1">Taking you to the login page...</p>
        </FormAlert>
      ) : (
        <form method="post" noValidate onSubmit={handleSubmit(submit)} className="grid gap-4">
          {problem ? <FormAlert>{problem}</FormAlert> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="First Name"
              autoComplete="given-name"
              {...register('firstName')}
              error={errors.firstName?.message}
            />
            <TextField
              label="Last Name"
              autoComplete="family-name"
              {...register('lastName')}
              error={errors.lastName?.message}
            />
          </div>
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
            autoComplete="new-password"
            hint="At least 6 characters."
            {...register('password')}
            error={errors.password?.message}
          />
          <TextField
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            {...register('confirmPassword')}
            error={errors.confirmPassword?.message}
          />
          <Button type="submit" block busy={isSubmitting} busyLabel="Creating Account...">
            Create Account
          </Button>
        </form>
      )}
      <p className="mt-8 text-center text-sm text-neutral-600">
        Already have an account?{' '}
        <Link to={paths.login} className={textLinkClass}>
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
