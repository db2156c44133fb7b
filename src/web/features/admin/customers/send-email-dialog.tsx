import { type FormEvent, useEffect, useState } from 'react';
import { CUSTOMER_LIMITS, CUSTOMER_MESSAGES, sendCustomerEmailRequest } from '#shared/schemas/customers';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextareaField, TextField } from '../../../components/ui/fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { toast } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api';
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

function EmailForm({ customer, onDone }: { customer: Target; onDone: () => void }) {
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useSendCustomerEmail(customer.id);
  const { reset } = send;
  useEffect(() => reset, [reset]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = sendCustomerEmailRequest.safeParse({ subject, body });
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
      setErrors(fields);
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(
          CUSTOMER_MESSAGES.emailQueued,
          `To ${customer.email}. Its delivery shows in their details.`,
        );
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fields);
      },
    });
  }

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
        value={subject}
        maxLength={CUSTOMER_LIMITS.subjectMax}
        onChange={(event) => {
          setSubject(event.target.value);
          setErrors(({ subject: _fixed, ...rest }) => rest);
        }}
        error={errors.subject}
        required
        data-autofocus
      />
      <TextareaField
        label="Message"
        rows={8}
        value={body}
        maxLength={CUSTOMER_LIMITS.bodyMax}
        onChange={(event) => {
          setBody(event.target.value);
          setErrors(({ body: _fixed, ...rest }) => rest);
        }}
        error={errors.body}
        hint={`Plain text; each line becomes a paragraph. ${body.length.toLocaleString('en-NG')} of ${CUSTOMER_LIMITS.bodyMax.toLocaleString('en-NG')} characters.`}
        required
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
