import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { MESSAGES, type UpdateProfileRequest, updateProfileRequest } from '#shared/schemas/accounts';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/fields';
import { FormAlert } from '../../components/ui/form-alert';
import { toast } from '../../components/ui/toast';
import { api } from '../../lib/api';
import { applyServerError } from '../../lib/form-errors';
import { type SessionUser, useSession } from '../../lib/session';

const FIELDS = ['firstName', 'lastName', 'displayName', 'phone'] as const;

/** Name, display name and phone (the phone also prefills checkout). */
export function SettingsTab({ user }: { user: SessionUser }) {
  const { refresh } = useSession();
  const [problem, setProblem] = useState<string | null>(null);
  const { register, handleSubmit, setError, getValues, reset, formState } = useForm<UpdateProfileRequest>({
    resolver: zodResolver(updateProfileRequest),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      displayName: user.displayName ?? '',
      phone: user.phone ?? '',
    },
  });
  const { errors, isSubmitting, isDirty } = formState;

  async function submit() {
    setProblem(null);
    try {
      const saved = await api.patch<{ user: SessionUser; message: string }>(
        '/api/account/profile',
        getValues(),
      );
      toast.success(saved.message || MESSAGES.profileUpdated);
      reset({
        firstName: saved.user.firstName,
        lastName: saved.user.lastName,
        displayName: saved.user.displayName ?? '',
        phone: saved.user.phone ?? '',
      });
      // The navbar and the other tabs read the session: bring it up to date.
      await refresh();
    } catch (error) {
      const message = applyServerError(error, setError, FIELDS, 'Failed to save your details');
      setProblem(message);
      toast.error(message);
    }
  }

  return (
    <section aria-labelledby="settings-heading">
      <h2 id="settings-heading" className="text-lg font-bold">
        Account Settings
      </h2>
      <form noValidate onSubmit={handleSubmit(submit)} className="mt-4 grid max-w-xl gap-4 sm:grid-cols-2">
        {problem ? (
          <div className="sm:col-span-2">
            <FormAlert>{problem}</FormAlert>
          </div>
        ) : null}
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
        <TextField
          label="Display Name"
          autoComplete="nickname"
          hint="Optional. How we greet you."
          {...register('displayName')}
          error={errors.displayName?.message}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          hint="Optional. Used to fill in checkout."
          {...register('phone')}
          error={errors.phone?.message}
        />
        <div className="sm:col-span-2">
          <p className="text-sm font-semibold text-neutral-800">Email</p>
          <p className="mt-1 break-all text-neutral-700">{user.email}</p>
        </div>
        <div className="sm:col-span-2">
          <Button
            type="submit"
            block
            className="sm:w-auto"
            busy={isSubmitting}
            busyLabel="Saving..."
            disabled={isSubmitting || !isDirty}
          >
            Save Changes
          </Button>
        </div>
      </form>
    </section>
  );
}
