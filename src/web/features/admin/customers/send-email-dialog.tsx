import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  CUSTOMER_LIMITS,
  CUSTOMER_MESSAGES,
  type SendCustomerEmailRequest,
  sendCustomerEmailRequest,
} from '#shared/schemas/customers';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextareaField, TextField } from '../../../components/ui/fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { applyServerError } from '../../../lib/form-errors';
import { useSendCustomerEmail } from './customers-api';

type Target = { id: string; name: string; email: string };

/**
 * 'Send email': a subject and a plain-text message, sent in the shop's email layout through its
 * mail (queued; the customer's details then show whether it was delivered).
 */
export function SendEmailDialog({ customer, onClose }: { customer: Target | null; onClose: () => void }) {
  return (
    <Dialog
      open={customer !== null}
      onClose={onClose}
      title={customer ? `Email ${customer.name}` : 'Send email'}
      closeLabel="Close email form"
      size="lg"
    >
      {customer ? <EmailForm key={customer.id} customer={customer} onDone={onClose} /> : null}
    </Dialog>
  );
}

const FIELDS = ['subject', 'body'] as const;

function EmailForm({ customer, onDone }: { customer: Target; onDone: () => void }) {
  const send = useSendCustomerEmail(customer.id);
  const { reset } = send;
  useEffect(() => reset, [reset]);
  const { register, handleSubmit, formState, setError, control } = useForm<SendCustomerEmailRequest>({
    resolver: zodResolver(sendCustomerEmailRequest),
    defaultValues: { subject: '', body: '' },
  });
  const { errors } = formState;
  const body = useWatch({ control, name: 'body' });

  const submit = handleSubmit((request) =>
    send.mutate(request, {
      onSuccess: () => {
        toast.success(
          CUSTOMER_MESSAGES.emailQueued,
          `To ${customer.email}. Its delivery shows in their details.`,
        );
        onDone();
      },
      // The form's alert says why; a field the server named gets its message.
      onError: (error) => applyServerError(error, setError, FIELDS, ''),
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-4 p-5">
      <p className="text-sm text-neutral-700">
        To <span className="font-semibold wrap-anywhere">{customer.email}</span>, from the shop's address, in
        the shop's email layout.
      </p>
      {send.isError ? (
        <FormAlert>
          {CUSTOMER_MESSAGES.emailFailed}: {errorMessage(send.error, 'Please try again.')}
        </FormAlert>
      ) : null}
      <TextField
        label="Subject"
        maxLength={CUSTOMER_LIMITS.subjectMax}
        error={errors.subject?.message}
        required
        data-autofocus
        {...register('subject')}
      />
      <TextareaField
        label="Message"
        rows={8}
        maxLength={CUSTOMER_LIMITS.bodyMax}
        error={errors.body?.message}
        hint={`Plain text; each line becomes a paragraph. ${body.length.toLocaleString('en-NG')} of ${CUSTOMER_LIMITS.bodyMax.toLocaleString('en-NG')} characters.`}
        required
        {...register('body')}
      />
      <div className="grid grid-cols-2 gap-3">
        <Button variant="secondary" block onClick={onDone} disabled={send.isPending}>
          Cancel
        </Button>
        <Button type="submit" block busy={send.isPending} busyLabel="Sending...">
          Send email
        </Button>
      </div>
    </form>
  );
}
