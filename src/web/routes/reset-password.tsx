import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { type ResetPasswordRequest, resetPasswordRequest } from '#shared/schemas/accounts';
import { Button, textLinkClass } from '../components/ui/button';
import { TextField } from '../components/ui/fields';
import { FormAlert } from '../components/ui/form-alert';
import { toast } from '../components/ui/toast';
import { AuthCard } from '../features/accounts/auth-card';
import { tokenFromHash } from '../features/accounts/links';
import { ApiError, api } from '../lib/api';
import { applyServerError } from '../lib/form-errors';
import type { HeadTag } from '../lib/route-module';
import { paths } from '../paths';

const REDIRECT_DELAY_MS = 2000;

export function head(): HeadTag[] {
  return [{ title: 'Reset Password | Naija Street' }, { name: 'robots', content: 'noindex' }];
}

type Stage = { kind: 'checking' } | { kind: 'invalid' } | { kind: 'ready'; token: string } | { kind: 'done' };

export default function ResetPasswordPage() {
  const navigate = useNavigate();
  // The fragment only exists in the browser: the server renders the checking state.
  const [stage, setStage] = useState<Stage>({ kind: 'checking' });

  useEffect(() => {
    const token = tokenFromHash(window.location.hash);
    let current = true;
    const invalid = () => {
      setStage({ kind: 'invalid' });
      toast.error('Invalid or expired reset link', 'Please request a new password reset link');
    };
    if (!token) {
      invalid();
      return;
    }
    // Asks the server whether the link still works (the token is not used up by asking), so a used
    // or expired link is said at once, not after the new password has been typed twice.
    api.post('/api/auth/reset-password/check', { token }).then(
      () => current && setStage({ kind: 'ready', token }),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.code === 'invalid_token') invalid();
        // Offline or a server error: the form, whose submit says what went wrong.
        else setStage({ kind: 'ready', token });
      },
    );
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    if (stage.kind !== 'invalid' && stage.kind !== 'done') return;
    const target = stage.kind === 'invalid' ? paths.forgotPassword : paths.login;
    const timer = setTimeout(() => navigate(target, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [stage.kind, navigate]);

  if (stage.kind === 'checking') {
    return (
      <AuthCard title="Reset Password">
        <p role="status" className="text-center text-neutral-600">
          Verifying your reset link...
        </p>
      </AuthCard>
    );
  }
  if (stage.kind === 'invalid') {
    return (
      <AuthCard title="Invalid or expired reset link">
        <FormAlert>
          <p>Please request a new password reset link</p>
        </FormAlert>
        <p className="mt-6 text-center text-sm">
          <Link to={paths.forgotPassword} className={textLinkClass}>
            Request a new link
          </Link>
        </p>
      </AuthCard>
    );
  }
  if (stage.kind === 'done') {
    return (
      <AuthCard title="Password Reset Complete">
        <FormAlert tone="success">
          <p>Your password has been changed. Taking you to the login page...</p>
        </FormAlert>
        <p className="mt-6 text-center text-sm">
          <Link to={paths.login} className={textLinkClass}>
            Go to Login
          </Link>
        </p>
      </AuthCard>
    );
  }
  return <ResetForm token={stage.token} onDone={() => setStage({ kind: 'done' })} />;
}

function ResetForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [problem, setProblem] = useState<{ message: string; expired: boolean } | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<
    ResetPasswordRequest,
    unknown,
    z.output<typeof resetPasswordRequest>
  >({
    resolver: zodResolver(resetPasswordRequest),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = formState;

  async function submit(values: z.output<typeof resetPasswordRequest>) {
    setProblem(null);
    try {
      await api.post('/api/auth/reset-password', values);
      toast.success('Password updated successfully!');
      onDone();
    } catch (error) {
      const message = applyServerError(
        error,
        setError,
        ['password', 'confirmPassword'],
        'Please try again or request a new reset link',
      );
      toast.error('Failed to reset password', 'Please try again or request a new reset link');
      const expired =
        error instanceof ApiError && (error.code === 'invalid_token' || 'token' in error.fields);
      setProblem({ message, expired });
    }
  }

  return (
    <AuthCard title="Reset Password" intro="Choose a new password for your account.">
      <form method="post" noValidate onSubmit={handleSubmit(submit)} className="grid gap-4">
        {problem ? (
          <FormAlert>
            <p>{problem.message}</p>
            {problem.expired ? (
              <p className="mt-2">
                <Link to={paths.forgotPassword} className={textLinkClass}>
                  Request a new link
                </Link>
              </p>
            ) : null}
          </FormAlert>
        ) : null}
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
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
        <Button type="submit" block busy={isSubmitting} busyLabel="Updating Password...">
          Reset Password
        </Button>
      </form>
    </AuthCard>
  );
}
