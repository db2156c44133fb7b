import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type ChangePasswordRequest, changePasswordRequest, MESSAGES } from '#shared/schemas/accounts';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/fields';
import { toast } from '../../components/ui/toast';
import { api } from '../../lib/api';
import { applyServerError } from '../../lib/form-errors';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Changing the password needs the current one, checked by the server; the server also signs out
 * every other session of the account and gives this one a fresh cookie.
 */
export function PasswordTab() {
  const { register, handleSubmit, setError, getValues, reset, formState } = useForm<ChangePasswordRequest>({
    resolver: zodResolver(changePasswordRequest),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = formState;

  async function submit() {
    try {
      await api.post('/api/account/password', getValues());
      toast.success(MESSAGES.passwordUpdated);
      reset(EMPTY);
    } catch (error) {
      toast.error(applyServerError(error, setError, FIELDS, 'Failed to update password'));
    }
  }

  return (
    <section aria-labelledby="password-heading">
      <h2 id="password-heading" className="text-lg font-bold">
        Change Password
      </h2>
      <form method="post" noValidate onSubmit={handleSubmit(submit)} className="mt-4 grid max-w-md gap-4">
        <TextField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          {...register('currentPassword')}
          error={errors.currentPassword?.message}
        />
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters."
          {...register('newPassword')}
          error={errors.newPassword?.message}
        />
        <TextField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          {...register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
        <Button type="submit" block className="sm:w-auto" busy={isSubmitting} busyLabel="Updating...">
          Update Password
        </Button>
      </form>
    </section>
  );
}
