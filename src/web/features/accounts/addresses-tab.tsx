import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { NIGERIAN_STATES } from '#shared/constants';
import { type CreateAddressRequest, createAddressRequest, type SavedAddress } from '#shared/schemas/accounts';
import { AddressBlock } from '../../components/ui/address-block';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Empty } from '../../components/ui/empty';
import { CheckboxField, SelectField, TextField } from '../../components/ui/fields';
import { FormAlert } from '../../components/ui/form-alert';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { applyServerError } from '../../lib/form-errors';
import type { SessionUser } from '../../lib/session';

type Mode = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; address: SavedAddress };
type FormValues = z.output<typeof createAddressRequest>;

const FIELDS = ['fullName', 'email', 'phone', 'address', 'city', 'state', 'isDefault'] as const;

/**
 * Saved shipping addresses. The default one prefills checkout; the first address saved becomes the
 * default by itself (the server decides).
 */
export function AddressesTab({
  addresses,
  setAddresses,
  user,
}: {
  /** Held by the page, so switching tabs keeps what was changed here. */
  addresses: SavedAddress[] | null;
  setAddresses: (addresses: SavedAddress[]) => void;
  user: SessionUser;
}) {
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [toDelete, setToDelete] = useState<SavedAddress | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  async function reload() {
    try {
      setAddresses((await api.get<{ addresses: SavedAddress[] }>('/api/account/addresses')).addresses);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to load your addresses'));
    }
  }

  async function makeDefault(address: SavedAddress) {
    setBusyId(address.id);
    try {
      await api.post(`/api/account/addresses/${address.id}/default`);
      toast.success('Default address updated', 'Checkout will use this address.');
      await reload();
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to update your default address'));
    } finally {
      setBusyId(null);
    }
  }

  async function remove() {
    if (!toDelete) return;
    setBusyId(toDelete.id);
    try {
      await api.delete(`/api/account/addresses/${toDelete.id}`);
      toast.success('Address deleted');
      setToDelete(null);
      await reload();
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to delete the address'));
    } finally {
      setBusyId(null);
    }
  }

  if (mode.kind !== 'list') {
    return (
      <AddressForm
        address={mode.kind === 'edit' ? mode.address : null}
        user={user}
        isFirst={(addresses ?? []).length === 0}
        onCancel={() => setMode({ kind: 'list' })}
        onSaved={async () => {
          setMode({ kind: 'list' });
          await reload();
        }}
      />
    );
  }

  return (
    <section aria-labelledby="addresses-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="addresses-heading" className="text-lg font-bold">
          Saved Addresses
        </h2>
        <Button block className="sm:w-auto" onClick={() => setMode({ kind: 'add' })}>
          Add Address
        </Button>
      </div>
      {addresses === null ? (
        <div className="mt-4">
          <FormAlert>
            <p>Failed to load your addresses.</p>
            <Button variant="text" className="-ml-3 mt-2" onClick={reload}>
              Try Again
            </Button>
          </FormAlert>
        </div>
      ) : addresses.length === 0 ? (
        <Empty className="mt-4">No saved addresses yet. Add one to fill in checkout faster.</Empty>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {addresses.map((address) => (
            <li
              key={address.id}
              aria-label={`${address.fullName}, ${address.address}${address.isDefault ? ' (default)' : ''}`}
              className={`flex flex-col rounded-lg border p-4 ${address.isDefault ? 'border-neutral-900' : 'border-neutral-200'}`}
            >
              <div className="flex items-start justify-between gap-2">
                <p className="font-bold">{address.fullName}</p>
                {address.isDefault ? (
                  <span className="rounded-full bg-neutral-900 px-2.5 py-0.5 text-xs font-bold text-white">
                    Default
                  </span>
                ) : null}
              </div>
              <AddressBlock address={address} withName={false} className="mt-1 text-neutral-700" />
              <div className="mt-3 flex flex-wrap gap-1 border-t border-neutral-100 pt-2">
                <Button variant="text" onClick={() => setMode({ kind: 'edit', address })}>
                  Edit<span className="sr-only"> address of {address.fullName}</span>
                </Button>
                <Button variant="text" className="text-red-700" onClick={() => setToDelete(address)}>
                  Delete<span className="sr-only"> address of {address.fullName}</span>
                </Button>
                {address.isDefault ? null : (
                  <Button
                    variant="text"
                    disabled={busyId === address.id}
                    onClick={() => makeDefault(address)}
                  >
                    Set as default
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this address?"
        message={
          toDelete
            ? `${toDelete.fullName}, ${toDelete.address}, ${toDelete.city} will be removed from your saved addresses.`
            : ''
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={busyId !== null && busyId === toDelete?.id}
        onConfirm={remove}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}

function AddressForm({
  address,
  user,
  isFirst,
  onCancel,
  onSaved,
}: {
  address: SavedAddress | null;
  user: SessionUser;
  isFirst: boolean;
  onCancel: () => void;
  onSaved: () => Promise<void>;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const { register, handleSubmit, setError, setFocus, formState } = useForm<
    CreateAddressRequest,
    unknown,
    FormValues
  >({
    resolver: zodResolver(createAddressRequest),
    defaultValues: address
      ? {
          fullName: address.fullName,
          email: address.email,
          phone: address.phone,
          address: address.address,
          city: address.city,
          state: address.state,
          isDefault: address.isDefault,
        }
      : {
          fullName,
          email: user.email,
          phone: user.phone ?? '',
          address: '',
          city: '',
          state: undefined,
          isDefault: isFirst,
        },
  });
  const { errors, isSubmitting } = formState;

  // The form replaces the list: put the keyboard where the typing starts.
  useEffect(() => setFocus('fullName'), [setFocus]);

  async function submit(values: FormValues) {
    setProblem(null);
    try {
      if (address) await api.patch(`/api/account/addresses/${address.id}`, values);
      else await api.post('/api/account/addresses', values);
      toast.success(address ? 'Address updated' : 'Address saved');
      await onSaved();
    } catch (error) {
      setProblem(applyServerError(error, setError, FIELDS, 'Failed to save the address'));
    }
  }

  return (
    <section aria-labelledby="address-form-heading">
      <h2 id="address-form-heading" className="text-lg font-bold">
        {address ? 'Edit Address' : 'Add Address'}
      </h2>
      <form noValidate onSubmit={handleSubmit(submit)} className="mt-4 grid gap-4 sm:grid-cols-2">
        {problem ? (
          <div className="sm:col-span-2">
            <FormAlert>{problem}</FormAlert>
          </div>
        ) : null}
        <TextField
          label="Full Name"
          autoComplete="shipping name"
          {...register('fullName')}
          error={errors.fullName?.message}
          className="sm:col-span-2"
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="shipping email"
          {...register('email')}
          error={errors.email?.message}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="shipping tel"
          {...register('phone')}
          error={errors.phone?.message}
        />
        <TextField
          label="Address"
          autoComplete="shipping street-address"
          {...register('address')}
          error={errors.address?.message}
          className="sm:col-span-2"
        />
        <TextField
          label="City"
          autoComplete="shipping address-level2"
          {...register('city')}
          error={errors.city?.message}
        />
        <SelectField
          label="State"
          autoComplete="shipping address-level1"
          placeholder="Select a state"
          options={NIGERIAN_STATES}
          {...register('state')}
          error={errors.state?.message}
        />
        <CheckboxField
          label="Use as my default shipping address"
          className="sm:col-span-2"
          {...register('isDefault')}
        />
        <div className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
          <Button type="submit" block busy={isSubmitting} busyLabel="Saving...">
            Save Address
          </Button>
          <Button variant="secondary" block onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </section>
  );
}
