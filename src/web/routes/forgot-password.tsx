import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { type EmailOnlyRequest, emailOnlyRequest, messageOfKey } from '#shared/schemas/accounts';
import { Button, textLinkClass } from '../components/ui/button';
import { TextField } from '../components/ui/fields';
import { FormAlert } from '../components/ui/form-alert';
import { toast } from '../components/ui/toast';
import { AuthCard } from '../features/accounts/auth-card';
import { ApiError, api } from '../lib/api';
import type { HeadTag } from '../lib/route-module';
import { paths } from '../paths';

export function head(): HeadTag[] {
  return [
    { title: 'Forgot Password | Naija Street' },
    { name: 'description', content: 'Get a link to reset your Naija Street password.' },
    { name: 'robots', content: 'noindex' },
  ];
}

function BackToLogin() {
  return (
    <p className="mt-8 text-center text-sm">
      <Link to={paths.login} className={textLinkClass}>
        Back to Login
      </Link>
    </p>
  );
}

export default function ForgotPasswordPage() {
  // The form posted before the page's script ran: the server's answer is in the address (the
  // address typed is not: '' stands for it).
  const [params] = useSearchParams();
  const [sentTo, setSentTo] = useState<string | null>(() => (params.get('sent') === '1' ? '' : null));
  const [problem, setProblem] = useState(() => messageOfKey(params.get('problem')));
  const { register, handleSubmit, formState, reset } = useForm<
    EmailOnlyRequest,
    unknown,
    z.output<typeof emailOnlyRequest>
  >({
    resolver: zodResolver(emailOnlyRequest),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = formState;

  async function submit(values: z.output<typeof emailOnlyRequest>) {
    setProblem(null);
    try {
      // The answer is the same whether or not the address has an account.
      await api.post('/api/auth/forgot-password', values);
      toast.success('Password reset link sent!', 'Please check your email for further instructions');
      setSentTo(values.email);
    } catch (error) {
      const reason =
        error instanceof ApiError && error.code === 'rate_limited' ? error.message : 'Please try again later';
      toast.error('Failed to send reset link', reason);
    }
  }

  if (sentTo !== null) {
    return (
      <AuthCard title="Check Your Email">
        <div
          role="status"
          className="rounded border border-neutral-200 p-5 text-center text-sm text-neutral-700"
        >
          <p>
            If an account exists for{' '}
            {sentTo ? <strong className="break-all text-neutral-900">{sentTo}</strong> : 'that address'}, we
            have sent a link to reset its password. The link expires in 1 hour.
          </p>
          <p className="mt-3">
            Didn't get it? Check your spam folder or{' '}
            <Button
              variant="link"
              onClick={() => {
                reset({ email: sentTo });
                setSentTo(null);
              }}
            >
              try again
            </Button>
            .
          </p>
        </div>
        <BackToLogin />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot Password"
      intro="Enter the email address of your account and we'll send you a link to reset your password."
    >
      <form method="post" noValidate onSubmit={handleSubmit(submit)} className="grid gap-4">
        {problem ? <FormAlert>{problem}</FormAlert> : null}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          {...register('email')}
          error={errors.email?.message}
        />
        <Button type="submit" block busy={isSubmitting} busyLabel="Sending Link...">
          Send Reset Link
        </Button>
      </form>
      <BackToLogin />
    </AuthCard>
  );
}
